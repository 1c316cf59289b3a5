import { locateSpans, poolSpan } from '../src/local/span-pooling';

describe('locateSpans', () => {
  // [CLS] title … [SEP] as token ids: 101 = CLS, 102 = SEP, 0 = padding.
  const row = [101, 7, 8, 5, 6, 7, 8, 9, 102, 0, 0];

  it('finds spans in reading order, searching from the end', () => {
    // [7, 8] also opens the text (a title repeating a sentence's words): the later one is taken.
    expect(
      locateSpans(row, row.length, [
        [5, 6],
        [7, 8, 9],
      ]),
    ).toEqual([
      [3, 5],
      [5, 8],
    ]);
    expect(locateSpans(row, row.length, [[7, 8]])).toEqual([[5, 7]]);
  });

  it('gives null to a span that is not there (cut off by the cap) or empty', () => {
    expect(locateSpans(row, row.length, [[5, 6], [42, 43], []])).toEqual([[3, 5], null, null]);
  });

  it('a span found keeps the ones before it from matching after it', () => {
    expect(
      locateSpans(row, row.length, [
        [7, 8, 9],
        [5, 6, 7],
      ]),
    ).toEqual([null, [3, 6]]);
  });

  it('reads BigInt ids as a tokenizer tensor holds them', () => {
    const ids = BigInt64Array.from(row.map(BigInt));
    expect(locateSpans(ids, ids.length, [[9]])).toEqual([[7, 8]]);
  });
});

describe('poolSpan', () => {
  it('averages the span tokens of its row and normalises', () => {
    // 2 rows × 3 tokens × 2 dims.
    const states = Float32Array.from([1, 0, 3, 0, 9, 9, /* row 1 */ 0, 2, 0, 4, 5, 5]);
    expect(Array.from(poolSpan(states, 0, 3, 2, [0, 2]))).toEqual([1, 0]);
    const pooled = poolSpan(states, 1, 3, 2, [0, 2]);
    expect(Array.from(pooled)).toEqual([0, 1]);
    const mixed = poolSpan(states, 0, 3, 2, [1, 3]);
    expect(Math.hypot(...mixed)).toBeCloseTo(1, 6);
    expect(mixed[1]! / mixed[0]!).toBeCloseTo(9 / 12, 6);
  });
});
