import { reciprocalRankFusion } from '../../src/fusion/reciprocal-rank-fusion';

describe('reciprocalRankFusion', () => {
  it('sums 1 / (k + rank) over the rankings and keeps each rank', () => {
    const fused = reciprocalRankFusion(
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
      60,
    );
    expect(fused.map((item) => item.id)).toEqual(['b', 'a', 'c']);
    expect(fused[0]).toEqual({ id: 'b', score: 1 / 62 + 1 / 61, ranks: [2, 1] });
    expect(fused[1]).toEqual({ id: 'a', score: 1 / 61, ranks: [1, undefined] });
    expect(fused[2]).toEqual({ id: 'c', score: 1 / 62, ranks: [undefined, 2] });
  });

  it('lets agreement between rankings beat a single first place', () => {
    const fused = reciprocalRankFusion([
      ['solo', 'both'],
      ['other', 'both'],
    ]);
    expect(fused[0]?.id).toBe('both');
  });

  it('breaks score ties by best rank, then by first appearance', () => {
    expect(reciprocalRankFusion([['x'], ['y']]).map((item) => item.id)).toEqual(['x', 'y']);
    expect(reciprocalRankFusion([['y'], ['x']]).map((item) => item.id)).toEqual(['y', 'x']);
  });

  it('a single ranking keeps its order', () => {
    const fused = reciprocalRankFusion([[3, 1, 2]], 10);
    expect(fused.map((item) => [item.id, item.score])).toEqual([
      [3, 1 / 11],
      [1, 1 / 12],
      [2, 1 / 13],
    ]);
  });

  it('counts an id listed twice in one ranking once, at its best rank', () => {
    const fused = reciprocalRankFusion([['a', 'a']], 60);
    expect(fused).toEqual([{ id: 'a', score: 1 / 61, ranks: [1] }]);
  });

  it('returns nothing for empty rankings', () => {
    expect(reciprocalRankFusion([[], []])).toEqual([]);
  });
});

describe('weighted reciprocal rank fusion', () => {
  it('lets a weaker ranking count for less', () => {
    const equal = reciprocalRankFusion(
      [
        ['a', 'b'],
        ['b', 'a'],
      ],
      60,
    );
    expect(equal[0]?.score).toBeCloseTo(equal[1]!.score);
    const weighted = reciprocalRankFusion(
      [
        ['a', 'b'],
        ['b', 'a'],
      ],
      60,
      [1, 0.5],
    );
    expect(weighted.map((f) => f.id)).toEqual(['a', 'b']);
    expect(weighted[0]?.score).toBeCloseTo(1 / 61 + 0.5 / 62);
  });
});
