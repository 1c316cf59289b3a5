import { mean_pooling, Tensor } from '@huggingface/transformers';
import { meanPooledRows } from '../src/local/mean-pooling';

/** Deterministic token states in [-3, 3), with some exact zeros and negative zeros. */
function states(rows: number, tokens: number, width: number): Float32Array {
  let seed = 7;
  return Float32Array.from({ length: rows * tokens * width }, (_, i) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    if (i % 97 === 0) return i % 2 === 0 ? 0 : -0;
    return (seed / 2_147_483_648) * 6 - 3;
  });
}

describe('meanPooledRows', () => {
  it("gives transformers.js's mean_pooling + normalize(2, -1), bit for bit", () => {
    const [rows, tokens, width] = [5, 23, 384];
    const data = states(rows, tokens, width);
    // Right-padded rows of different lengths, one full, one with a single token.
    const lengths = [23, 17, 1, 9, 20];
    const mask = BigInt64Array.from({ length: rows * tokens }, (_, i) =>
      i % tokens < lengths[Math.floor(i / tokens)]! ? 1n : 0n,
    );
    const hidden = new Tensor('float32', data, [rows, tokens, width]);
    const attention = new Tensor('int64', mask, [rows, tokens]);
    const expected = mean_pooling(hidden, attention).normalize(2, -1).data as Float32Array;
    const unnormalised = mean_pooling(hidden, attention).data as Float32Array;

    const pooled = meanPooledRows(data, [rows, tokens, width], mask, true);
    const plain = meanPooledRows(data, [rows, tokens, width], mask, false);
    expect(pooled).toHaveLength(rows);
    for (let row = 0; row < rows; row++) {
      const slice = (all: Float32Array) => Array.from(all.subarray(row * width, (row + 1) * width));
      // toEqual tells 0 from -0 and compares every float exactly.
      expect(Array.from(pooled[row]!)).toEqual(slice(expected));
      expect(Array.from(plain[row]!)).toEqual(slice(unnormalised));
    }
  });
});
