import { type Client, type estypes } from '@elastic/elasticsearch';
import { reciprocalRankFusion } from '../fusion/reciprocal-rank-fusion';
import { type RrfRetrieverSupport } from './rrf-retriever-support';
import {
  bm25LegBody,
  bm25Query,
  documentFilter,
  rrfRetrieverBody,
  type VectorLegOptions,
  vectorLegBody,
} from './search-requests';
import { msearchResponse, rankedIds, scoredIds } from './search-responses';

/** What to rank: each leg runs only when it has something to search with. */
export interface RankingPlan {
  /** BM25 query text, or null: no BM25 leg. */
  terms: string | null;
  /** Unit query vector, or null: no vector leg. */
  vector: Float32Array | null;
  /** Candidates per leg (the RRF window). */
  legSize: number;
  /** Hits to keep after fusion. */
  size: number;
  documentIds: string[] | undefined;
  /** Fusion weights of the two legs (client-side fusion; the rrf retriever weighs legs equally). */
  weights: [bm25: number, vector: number];
}

/** A ranked `_id` with what the ranking knows about it. */
export interface RankedId {
  id: string;
  score: number;
  bm25Rank?: number;
  vectorRank?: number;
}

export interface HybridRankingOptions {
  rankConstant: number;
  bm25Fields: readonly string[];
  oversample: number;
}

/**
 * Ranks a collection's chunks for one query, `_id`s only. Hybrid queries are fused with RRF by
 * Elasticsearch (`rrf` retriever) when {@link RrfRetrieverSupport} says so, and otherwise here,
 * over both legs fetched in one `_msearch`, which also yields each hit's rank in each leg.
 */
export class HybridRanking {
  constructor(
    private readonly client: Client,
    private readonly rrf: RrfRetrieverSupport,
    private readonly options: HybridRankingOptions,
  ) {}

  async rank(alias: string, plan: RankingPlan): Promise<RankedId[]> {
    const filter = documentFilter(plan.documentIds);
    const bm25 =
      plan.terms === null ? null : bm25Query(plan.terms, this.options.bm25Fields, filter);
    const vector: VectorLegOptions | null =
      plan.vector === null
        ? null
        : { vector: plan.vector, k: plan.legSize, oversample: this.options.oversample };

    if (bm25 !== null && vector !== null && this.rrf.useRetriever()) {
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
        return scoredIds(await this.client.search({ index: alias, ...body }));
      } catch (error) {
        if (!this.rrf.fallBackAfter(error)) throw error;
      }
    }

    const [bm25Ids, vectorIds] = await this.legs(
      alias,
      bm25 === null ? null : bm25LegBody(bm25, plan.legSize),
      vector === null ? null : vectorLegBody(vector, filter),
    );
    return reciprocalRankFusion([bm25Ids, vectorIds], this.options.rankConstant, plan.weights)
      .slice(0, plan.size)
      .map(({ id, score, ranks }) => ({ id, score, bm25Rank: ranks[0], vectorRank: ranks[1] }));
  }

  /** Both legs in one `_msearch` round trip, or the one leg that runs as a plain search. */
  private async legs(
    alias: string,
    bm25: estypes.SearchSearchRequestBody | null,
    vector: estypes.SearchSearchRequestBody | null,
  ): Promise<[string[], string[]]> {
    if (bm25 !== null && vector !== null) {
      const { responses } = await this.client.msearch({
        index: alias,
        searches: [{}, bm25, {}, vector],
      });
      return [rankedIds(msearchResponse(responses[0])), rankedIds(msearchResponse(responses[1]))];
    }
    if (bm25 !== null) return [rankedIds(await this.client.search({ index: alias, ...bm25 })), []];
    if (vector !== null) {
      return [[], rankedIds(await this.client.search({ index: alias, ...vector }))];
    }
    return [[], []];
  }
}
