import { answerUnitKey, answerUnits } from '@docent/text-segmentation';
import {
  decodeSentenceVectors,
  encodeSentenceVectors,
  SentenceVectorExtras,
  type Passage,
} from '../src';

const unit = (...components: number[]): Float32Array => {
  const v = Float32Array.from(components);
  const norm = Math.hypot(...v);
  return v.map((c) => c / norm);
};
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const passage = (extras?: Uint8Array): Passage => ({
  id: 'p',
  docName: 'd',
  pageNum: 1,
  text: '',
  headings: '',
  score: 1,
  ...(extras && { extras }),
});

describe('SentenceVectorExtras', () => {
  const extras = new SentenceVectorExtras();

  it("plans the chunk's answer units as spans and files each vector under its unit's key", () => {
    const text = 'Rotate the keys. Then restart the service. Rotate the keys.';
    const plan = extras.plan(text);
    const units = answerUnits(text);
    expect(plan.spans).toEqual(units.map((u) => text.slice(u.start, u.end)));
    const vectors = plan.spans.map((_, i) => unit(1, i + 1, 0.5));
    const stored = extras.read(passage(plan.encode(vectors)!));
    // The repeated sentence keeps the first one's vector.
    expect(stored.map((s) => s.key)).toEqual([
      answerUnitKey(units[0]!.text),
      answerUnitKey(units[1]!.text),
    ]);
    expect(dot(stored[0]!.vector, vectors[0]!)).toBeGreaterThan(0.99);
    expect(dot(stored[1]!.vector, vectors[1]!)).toBeGreaterThan(0.99);
  });

  it('stores nothing for a chunk whose spans got no vector', () => {
    const plan = extras.plan('One sentence. Another one.');
    expect(plan.encode(plan.spans.map(() => null))).toBeNull();
  });

  it('keys a table row by its unit text (its header named), pooled from the row as written', () => {
    const text = '| Port | Service |\n| --- | --- |\n| 8431 | billing |';
    const plan = extras.plan(text);
    const units = answerUnits(text);
    expect(units.length).toBeGreaterThan(0);
    expect(units.some((u) => u.text !== text.slice(u.start, u.end))).toBe(true);
    const stored = extras.read(passage(plan.encode(plan.spans.map(() => unit(1, 0)))!));
    expect(stored.map((s) => s.key)).toEqual(units.map((u) => answerUnitKey(u.text)));
  });

  it('reads a blob that starts inside a larger buffer (as SQLite hands small values over)', () => {
    const blob = encodeSentenceVectors([
      { key: 7, vector: unit(1, -2, 3) },
      { key: 9, vector: unit(-4, 0, 1) },
    ]);
    const pool = new Uint8Array(blob.byteLength + 13);
    pool.set(blob, 5);
    const inside = pool.subarray(5, 5 + blob.byteLength);
    const decoded = decodeSentenceVectors(inside);
    expect(decoded).toEqual(decodeSentenceVectors(Uint8Array.from(blob)));
    expect(decoded.map((v) => v.key)).toEqual([7, 9]);
    // int8 with a per-vector scale, then back to unit length: the cosine barely moves.
    expect(dot(decoded[0]!.vector, unit(1, -2, 3))).toBeCloseTo(1, 3);
    expect(dot(decoded[1]!.vector, unit(-4, 0, 1))).toBeCloseTo(1, 3);
    expect([...decoded[1]!.vector].map(Math.sign)).toEqual([-1, 0, 1]);
  });

  it('reads no vectors from a missing, torn or foreign blob', () => {
    const blob = encodeSentenceVectors([{ key: 1, vector: unit(1, 2) }]);
    expect(extras.read(passage())).toEqual([]);
    expect(extras.read(passage(blob.subarray(0, blob.byteLength - 1)))).toEqual([]);
    expect(extras.read(passage(Uint8Array.of(0xfe, ...blob.subarray(1))))).toEqual([]);
  });

  it('reads the sentence_vectors values indexes stored before extras were opaque', () => {
    // Format 1, 2 dimensions, key 7, scale 1/127, components 127 and 0: what the search
    // index's own codec wrote.
    const legacy = Buffer.alloc(3 + 8 + 2);
    legacy.writeUInt8(1, 0);
    legacy.writeUInt16LE(2, 1);
    legacy.writeUInt32LE(7, 3);
    legacy.writeFloatLE(1 / 127, 7);
    legacy.writeInt8(127, 11);
    legacy.writeInt8(0, 12);
    expect(decodeSentenceVectors(legacy)).toEqual([{ key: 7, vector: Float32Array.of(1, 0) }]);
  });

  it('refuses vectors of mixed sizes or with a non-finite component', () => {
    expect(() =>
      encodeSentenceVectors([
        { key: 1, vector: unit(1, 0) },
        { key: 2, vector: unit(1, 0, 0) },
      ]),
    ).toThrow(RangeError);
    expect(() => encodeSentenceVectors([{ key: 1, vector: Float32Array.of(NaN, 1) }])).toThrow(
      RangeError,
    );
  });
});
