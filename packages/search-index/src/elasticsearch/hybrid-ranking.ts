import { type Client, type estypes } from '@elastic/elasticsearch';
import { convexFusion } from '../fusion/convex-fusion';
import { reciprocalRankFusion } from '../fusion/reciprocal-rank-fusion';
import { type CollectionPlacement } from './collection-placement';
import { type CollectionStatistics } from './collection-statistics';
import { routed } from './document-manifests';
import { type RrfRetrieverSupport } from './rrf-retriever-support';
import {
  bm25LegBody,
  bm25Query,
  rrfRetrieverBody,
  searchFilter,
  similaritiesBody,
  type VectorLegOptions,
  vectorLegBody,
} from './search-requests';
import { msearchResponse, type ScoredId, scoredIds } from './search-responses';

/** What to rank: each leg runs only when it has something to search with. */
export interface RankingPlan {
  /** BM25 query text, or null: no BM25 leg. */
  terms: string | null;
  /** Unit query vector, or null: no vector leg. */
  vector: Float32Array | null;
  /** Candidates per leg (the fusion window). */
  legSize: number;
  /** Hits to keep after fusion. */
  size: number;
  documentIds: string[] | undefined;
  /** Fusion weights of the two legs (the rrf retriever weighs legs equally). */
  weights: [bm25: number, vector: number];
  /** `rrf` (ranks) or `convex` (normalised scores), as in the embedded index. */
  fusion: 'rrf' | 'convex';
}

/** A ranked `_id` with what the ranking knows about it. */
export interface RankedId {
  id: string;
  score: number;
  bm25Rank?: number;
  vectorRank?: number;
  /** The exact cosine to the query, when the ranking computed it. */
  similarity?: number;
}

export interface HybridRankingOptions {
  rankConstant: number;
  bm25Fields: readonly string[];
  oversample: number;
  /** In a shared index, weigh query words by their IDF within the collection (see {@link CollectionStatistics}). */
  collectionIdf: boolean;
}

/**
 * Ranks a collection's chunks for one query, `_id`s only. Both legs run in one `_msearch` and are
 * fused here — by RRF over their ranks, or by the convex combination of normalised scores that
 * the embedded index uses (then the BM25 candidates the vector leg missed get their exact cosine
 * from one more search) — or, for RRF, by Elasticsearch (`rrf` retriever) when
 * {@link RrfRetrieverSupport} says so.
 */
export class HybridRanking {
  constructor(
    private readonly client: Client,
    private readonly rrf: RrfRetrieverSupport,
    private readonly statistics: CollectionStatistics,
    private readonly options: HybridRankingOptions,
  ) {}

  async rank(placement: CollectionPlacement, plan: RankingPlan): Promise<RankedId[]> {
    const filter = searchFilter(placement.filter, plan.documentIds);
    const boosts =
      plan.terms !== null && placement.key !== null && this.options.collectionIdf
        ? await this.statistics.idfBoosts(placement, plan.terms.split(' '))
        : undefined;
    const bm25 =
      plan.terms === null ? null : bm25Query(plan.terms, this.options.bm25Fields, filter, boosts);
    const vector: VectorLegOptions | null =
      plan.vector === null
        ? null
        : { vector: plan.vector, k: plan.legSize, oversample: this.options.oversample };

    if (bm25 !== null && vector !== null && plan.fusion === 'rrf' && this.rrf.useRetriever()) {
      try {
        const body = rrfRetrieverBody({
          bm25,
          vector,
          filter,
          rankConstant: this.options.rankConstant,
          // Elasticsearch requires rank_window_size >= size.
          rankWindowSize: Math.max(plan.legSize, plan.size),
          size: plan.size,
        });
        return scoredIds(
          await this.client.search({ index: placement.index, ...routed(placement), ...body }),
        );
      } catch (error) {
        if (!this.rrf.fallBackAfter(error)) throw error;
      }
    }

    const [bm25Hits, vectorHits] = await this.legs(
      placement,
      bm25 === null ? null : bm25LegBody(bm25, plan.legSize),
      vector === null ? null : vectorLegBody(vector, filter),
    );
    // dot_product scores a unit vector pair (1 + cosine) / 2; rescored on the float vectors,
    // that is the exact cosine (without rescoring, the int8 copies' estimate).
    const similarities = new Map(vectorHits.map((hit) => [hit.id, 2 * hit.score - 1]));
    const exact = this.options.oversample > 0;
    const vectorIds = vectorHits.map((hit) => hit.id);

    if (plan.fusion === 'convex' && plan.vector !== null && bm25Hits.length > 0) {
      const missing = bm25Hits.map((hit) => hit.id).filter((id) => !similarities.has(id));
      if (missing.length > 0) {
        const found = await this.similarities(placement, plan.vector, missing, filter);
        // A chunk without a vector (a zero vector has no direction) has cosine 0.
        for (const id of missing) similarities.set(id, found.get(id) ?? 0);
      }
      return convexFusion(bm25Hits, vectorIds, similarities, plan.weights)
        .slice(0, plan.size)
        .map(({ id, score, ranks }) => ({
          id,
          score,
          bm25Rank: ranks[0],
          vectorRank: ranks[1],
          ...(exact && { similarity: similarities.get(id) }),
        }));
    }
    return reciprocalRankFusion(
      [bm25Hits.map((hit) => hit.id), vectorIds],
      this.options.rankConstant,
      plan.weights,
    )
      .slice(0, plan.size)
      .map(({ id, score, ranks }) => ({
        id,
        score,
        bm25Rank: ranks[0],
        vectorRank: ranks[1],
        ...(exact && similarities.has(id) && { similarity: similarities.get(id) }),
      }));
  }

  /** Both legs in one `_msearch` round trip, or the one leg that runs as a plain search. */
  private async legs(
    placement: CollectionPlacement,
    bm25: estypes.SearchSearchRequestBody | null,
    vector: estypes.SearchSearchRequestBody | null,
  ): Promise<[ScoredId[], ScoredId[]]> {
    const target = { index: placement.index, ...routed(placement) };
    if (bm25 !== null && vector !== null) {
      const { responses } = await this.client.msearch({
        ...target,
        searches: [{}, bm25, {}, vector],
      });
      return [scoredIds(msearchResponse(responses[0])), scoredIds(msearchResponse(responses[1]))];
    }
    if (bm25 !== null) return [scoredIds(await this.client.search({ ...target, ...bm25 })), []];
    if (vector !== null) return [[], scoredIds(await this.client.search({ ...target, ...vector }))];
    return [[], []];
  }

  private async similarities(
    placement: CollectionPlacement,
    vector: Float32Array,
    ids: readonly string[],
    filter: estypes.QueryDslQueryContainer[],
  ): Promise<Map<string, number>> {
    const response = await this.client.search({
      index: placement.index,
      ...routed(placement),
      ...similaritiesBody(vector, ids, filter, this.options.oversample),
    });
    return new Map(scoredIds(response).map((hit) => [hit.id, 2 * hit.score - 1]));
  }
}
