import type { FusedItem } from './reciprocal-rank-fusion';

/**
 * Convex combination of normalised scores (Bruch, Gai & Ingber, "An Analysis of Fusion
 * Functions for Hybrid Retrieval", 2023): BM25 divided by the best BM25 score of the candidates
 * (its theoretical minimum is 0; a candidate only the vector leg found counts 0), cosine scaled
 * min-max over the candidates. Unlike RRF it keeps how far apart scores are, so a leg that is
 * unsure (close scores) moves the ranking less than a leg that is sure.
 */
export function convexFusion<Id>(
  bm25: ReadonlyArray<{ id: Id; score: number }>,
  vectorIds: readonly Id[],
  similarities: ReadonlyMap<Id, number>,
  [bm25Weight, vectorWeight]: readonly [number, number],
  /** Order of equal scores (default: the order candidates were met, BM25's first). */
  tieBreak?: (a: Id, b: Id) => number,
): Array<FusedItem<Id>> {
  const bm25Rank = new Map(bm25.map((m, i) => [m.id, i + 1]));
  const bm25Score = new Map(bm25.map((m) => [m.id, m.score]));
  const vectorRank = new Map(vectorIds.map((id, i) => [id, i + 1]));
  const candidates = [...new Set([...bm25.map((m) => m.id), ...vectorIds])];
  const best = Math.max(0, ...bm25.map((m) => m.score));
  const sims = candidates.map((id) => similarities.get(id) ?? 0);
  const low = Math.min(...sims);
  const span = Math.max(...sims) - low;
  return candidates
    .map((id, i) => {
      const lexical = best > 0 ? (bm25Score.get(id) ?? 0) / best : 0;
      const semantic = span > 0 ? (sims[i]! - low) / span : 0;
      return {
        id,
        score: bm25Weight * lexical + vectorWeight * semantic,
        ranks: [bm25Rank.get(id), vectorRank.get(id)],
        met: i,
      };
    })
    .sort((a, b) => b.score - a.score || (tieBreak ? tieBreak(a.id, b.id) : a.met - b.met))
    .map(({ id, score, ranks }) => ({ id, score, ranks }));
}
