export const DEFAULT_RRF_K = 60;

export interface FusedItem<Id> {
  id: Id;
  /** Σ over rankings of 1 / (k + rank). */
  score: number;
  /** 1-based rank in each input ranking, in input order; undefined where the item is absent. */
  ranks: Array<number | undefined>;
}

/**
 * Reciprocal Rank Fusion (Cormack, Clarke & Büttcher, SIGIR 2009). It uses ranks only, so BM25
 * scores (unbounded, corpus-dependent) and cosine similarities never need calibrating against
 * each other; the constant k damps the weight of the very first ranks, so an item that both
 * rankings place fairly high beats one that a single ranking places first.
 *
 * Output is best first; ties go to the item with the better best rank, then to the item met
 * first in the input order, so the result is deterministic.
 */
export function reciprocalRankFusion<Id>(
  rankings: ReadonlyArray<readonly Id[]>,
  k: number = DEFAULT_RRF_K,
  /** One weight per ranking (default 1 each): a weaker ranking can count for less. */
  weights?: readonly number[],
): Array<FusedItem<Id>> {
  const fused = new Map<Id, FusedItem<Id> & { bestRank: number; firstSeen: number }>();
  rankings.forEach((ranking, leg) => {
    ranking.forEach((id, index) => {
      const rank = index + 1;
      let item = fused.get(id);
      if (item === undefined) {
        item = {
          id,
          score: 0,
          ranks: rankings.map(() => undefined),
          bestRank: rank,
          firstSeen: fused.size,
        };
        fused.set(id, item);
      }
      if (item.ranks[leg] !== undefined) return; // a ranking lists each id once; keep the best
      item.ranks[leg] = rank;
      item.score += (weights?.[leg] ?? 1) / (k + rank);
      item.bestRank = Math.min(item.bestRank, rank);
    });
  });
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || a.firstSeen - b.firstSeen)
    .map(({ id, score, ranks }) => ({ id, score, ranks }));
}
