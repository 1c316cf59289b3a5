import { boostedBest } from '../../src/elasticsearch/boosted-bm25-leg';
import { type ScoredId } from '../../src/elasticsearch/search-responses';

const words = ['rare', 'common'];
const hit = (id: string, rare: number, common: number): ScoredId => ({
  id,
  score: rare + common,
  clauseScores: { ...(rare > 0 && { w0: rare }), ...(common > 0 && { w1: common }) },
});

describe('boostedBest', () => {
  const boosts = new Map([
    ['rare', 2],
    ['common', 0.5],
  ]);

  it('ranks the hits by their boosted clause scores', () => {
    const hits = [hit('a', 0, 4), hit('b', 1.5, 0), hit('c', 1, 0.2)];
    // Fewer hits than the window: every chunk that matched is there.
    expect(boostedBest(hits, words, boosts, 2, 10)).toEqual([
      { id: 'b', score: 3 },
      { id: 'c', score: 2.1 },
    ]);
  });

  it('keeps a full window when no chunk left out can outrank the size-th hit', () => {
    // Left out: at most 0.5 unboosted, so at most 2 × 0.5 = 1 boosted; c has 2.1.
    const hits = [hit('a', 0, 4), hit('b', 1.5, 0), hit('c', 1, 0.2), hit('d', 0, 0.5)];
    expect(boostedBest(hits, words, boosts, 2, 4)?.map((h) => h.id)).toEqual(['b', 'c']);
  });

  it('gives up on a full window when a chunk left out could outrank the size-th hit', () => {
    // Left out: up to 2 × 2 = 4 boosted, above a's 2 (4 × 0.5).
    const hits = [hit('a', 0, 4), hit('d', 0, 3), hit('e', 0, 2)];
    expect(boostedBest(hits, words, boosts, 1, 3)).toBeNull();
    // Strictly above the bound, not equal: a tie could go either way.
    expect(boostedBest([hit('b', 2, 0), hit('f', 2, 0)], words, boosts, 1, 2)).toBeNull();
  });

  it('gives up when a hit lacks its clause scores (a server that reports names only)', () => {
    expect(boostedBest([{ id: 'a', score: 1 }], words, boosts, 1, 10)).toBeNull();
  });

  it('keeps Elasticsearch’s order between equal boosted scores', () => {
    const hits = [hit('x', 1, 0), hit('y', 0, 4), hit('z', 1, 0)];
    expect(boostedBest(hits, words, boosts, 3, 10)?.map((h) => h.id)).toEqual(['x', 'y', 'z']);
  });
});
