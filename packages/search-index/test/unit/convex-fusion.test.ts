import { convexFusion } from '../../src/fusion/convex-fusion';

describe('convexFusion', () => {
  // BM25 scores 10, 5 (ids 1, 2); the vector leg found 3 then 1; cosines of every candidate.
  const bm25 = [
    { id: 1, score: 10 },
    { id: 2, score: 5 },
  ];
  const similarities = new Map([
    [1, 0.5],
    [2, 0.3],
    [3, 0.7],
  ]);

  it('adds BM25 over its best score and min-max scaled cosines, weighted', () => {
    const fused = convexFusion(bm25, [3, 1], similarities, [1, 0.4]);
    expect(fused.map((f) => f.id)).toEqual([1, 2, 3]);
    // id 1: 1 + 0.4 × (0.5 − 0.3) / 0.4 = 1.2; id 2: 0.5 + 0; id 3: 0 + 0.4 × 1.
    expect(fused.map((f) => f.score)).toEqual([
      expect.closeTo(1.2),
      expect.closeTo(0.5),
      expect.closeTo(0.4),
    ]);
    expect(fused[0]?.ranks).toEqual([1, 2]);
    expect(fused[2]?.ranks).toEqual([undefined, 1]);
  });

  it('lets a heavy enough vector leg overrule BM25', () => {
    const fused = convexFusion(bm25, [3, 1], similarities, [1, 3]);
    expect(fused.map((f) => f.id)).toEqual([3, 1, 2]);
  });

  it('ranks by one leg alone when the other has nothing to say', () => {
    expect(convexFusion([], [3, 1], similarities, [1, 1]).map((f) => f.id)).toEqual([3, 1]);
    const equalCosines = new Map([
      [1, 0.5],
      [2, 0.5],
    ]);
    expect(convexFusion(bm25, [], equalCosines, [1, 1]).map((f) => f.id)).toEqual([1, 2]);
  });
});
