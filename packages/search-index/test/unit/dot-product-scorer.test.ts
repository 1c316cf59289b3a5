import {
  createDotProductScorer,
  paddedStride,
  type ScorerKind,
} from '../../src/vectors/dot-product-scorer';
import { randomUnitVector, seededRandom } from '../support/seeded-random';

function naiveDot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

describe('createDotProductScorer', () => {
  it('uses the WebAssembly SIMD kernel on this Node version', () => {
    expect(createDotProductScorer(4, 8).kind).toBe('wasm-simd');
    expect(createDotProductScorer(4, 8, 'js').kind).toBe('js');
  });

  it('pads rows to a multiple of 8 floats', () => {
    expect([1, 8, 9, 384, 385].map(paddedStride)).toEqual([8, 8, 16, 384, 392]);
  });

  describe.each<ScorerKind>(['wasm-simd', 'js'])('%s scorer', (kind) => {
    it.each([1, 7, 8, 13, 384])('matches a naive dot product with %i dimensions', (dims) => {
      const random = seededRandom(dims);
      const rows = Array.from({ length: 37 }, () => randomUnitVector(random, dims));
      const query = randomUnitVector(random, dims);
      const scorer = createDotProductScorer(rows.length, dims, kind);
      rows.forEach((row, i) => scorer.matrix.set(row, i * scorer.stride));
      scorer.setQuery(query);
      scorer.scoreRows(0, rows.length);
      rows.forEach((row, i) => expect(scorer.scores[i]).toBeCloseTo(naiveDot(row, query), 5));
    });

    it('scores only the requested rows', () => {
      const random = seededRandom(7);
      const scorer = createDotProductScorer(10, 16, kind);
      for (let i = 0; i < 10; i++) scorer.matrix.set(randomUnitVector(random, 16), i * 16);
      scorer.setQuery(randomUnitVector(random, 16));
      scorer.scoreRows(3, 6);
      scorer.scoreRows(8, 8);
      const touched = Array.from(scorer.scores, (score) => score !== 0);
      expect(touched).toEqual([false, false, false, true, true, true, false, false, false, false]);
    });

    it('clears the previous query, including its padding', () => {
      const scorer = createDotProductScorer(1, 9, kind);
      scorer.matrix.set(new Float32Array(9).fill(1));
      scorer.setQuery(new Float32Array(9).fill(1));
      scorer.setQuery(new Float32Array([1]));
      scorer.scoreRows(0, 1);
      expect(scorer.scores[0]).toBe(1);
    });

    it('handles an empty matrix', () => {
      const scorer = createDotProductScorer(0, 8, kind);
      scorer.setQuery(new Float32Array(8));
      expect(() => scorer.scoreRows(0, 0)).not.toThrow();
    });
  });
});
