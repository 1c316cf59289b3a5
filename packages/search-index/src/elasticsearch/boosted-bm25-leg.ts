import { wordClauseName } from './search-requests';
import { type ScoredId } from './search-responses';

/**
 * How many times the fusion window a BM25 leg weighed afterwards asks for: the wider it is, the
 * more often its best `window` chunks are provably those of the boosted query.
 */
export const BOOSTED_LEG_WIDENING = 4;

/**
 * The best `size` chunks of a BM25 leg once each word's clause score is scaled by its boost, as
 * Elasticsearch would have ranked them with the boosts in the query; or null when that cannot be
 * told from `hits`.
 *
 * `hits` is the leg run without boosts — `window` hits at most, best first, each with its
 * per-word clause scores (named clauses, `include_named_queries_score`). Every chunk it left out
 * scored at most the last hit's unboosted score `s`, so at most `max(boost) × s` boosted (clause
 * scores are not negative): when the size-th boosted score is above that, no chunk left out can
 * take its place. Fewer than `window` hits means every chunk that matched is there.
 */
export function boostedBest(
  hits: readonly ScoredId[],
  words: readonly string[],
  boosts: ReadonlyMap<string, number>,
  size: number,
  window: number,
): ScoredId[] | null {
  if (hits.some((hit) => hit.clauseScores === undefined)) return null;
  const rescored = hits.map((hit, order) => ({
    id: hit.id,
    score: words.reduce(
      (sum, word, i) => sum + (boosts.get(word) ?? 1) * (hit.clauseScores![wordClauseName(i)] ?? 0),
      0,
    ),
    order,
  }));
  // Ties keep Elasticsearch's order.
  rescored.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = rescored.slice(0, size).map(({ id, score }) => ({ id, score }));
  if (hits.length < window) return best;
  const highestBoost = Math.max(...words.map((word) => boosts.get(word) ?? 1));
  const bound = highestBoost * hits[hits.length - 1]!.score;
  return best.length === size && best[size - 1]!.score > bound ? best : null;
}
