import { type Client, type estypes } from '@elastic/elasticsearch';
import { convexFusion } from '../fusion/convex-fusion';
import { reciprocalRankFusion } from '../fusion/reciprocal-rank-fusion';
import { type CollectionPlacement } from './collection-placement';
import { type CollectionStatistics } from './collection-statistics';
import { type RrfRetrieverSupport } from './rrf-retriever-support';
import {
  bm25LegBody,
  bm25Query,
  hitsBody,
  rrfRetrieverBody,
  searchFilter,
  similaritiesBody,
  type VectorLegOptions,
  vectorLegBody,
} from './search-requests';
import { type HitSource } from './index-definition';
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
  /** `_source` fields fetched for the hits (`hitSourceFields`). */
  fields: readonly string[];
}

/**
 * How many times `size` hits of a provisional convex ranking are fetched: on SciFact, the exact
 * ranking's hits were all among them for 95 % of the questions (91 % with twice as many). Those
 * are one-off diagnostic measurements made during development; no committed script produces them.
 */
const PROVISIONAL_FETCH = 3;

/** A ranked `_id` with what the ranking knows about it. */
export interface RankedId {
  id: string;
  score: number;
  bm25Rank?: number;
  vectorRank?: number;
  /** The exact cosine to the query, when the ranking computed it. */
  similarity?: number;
}

/** A ranked hit and its stored fields. */
export interface RankedHit extends RankedId {
  source: HitSource;
}

export interface HybridRankingOptions {
  rankConstant: number;
  bm25Fields: readonly string[];
  oversample: number;
  /** In a shared index, weigh query words by their IDF within the collection (see {@link CollectionStatistics}). */
  collectionIdf: boolean;
}

/**
 * Ranks a collection's chunks for one query and fetches the hits. Both legs run in one
 * `_msearch` (or apart, when the BM25 leg waits for its collection's statistics) and are fused here — by RRF over their ranks, or by the convex combination of
 * normalised scores that the embedded index uses — or, for RRF, by Elasticsearch (`rrf`
 * retriever) when {@link RrfRetrieverSupport} says so. Cosines come from the vector leg's scores
 * (rescored on the float vectors, so exact); those of other hits from a kNN search restricted to
 * them, sent in one `_msearch` with the fetch of the hits' fields. Convex fusion needs the cosine
 * of every BM25 candidate before it can rank: it fetches the best 3 × `size` of a provisional
 * ranking (the missing cosines set to the lowest the vector leg returned, which bounds them) beside
 * that kNN search, ranks exactly, and fetches what the provisional ranking missed, if anything.
 * An ask then costs two round trips after its legs' one, as with RRF.
 */
export class HybridRanking {
  constructor(
    private readonly client: Client,
    private readonly rrf: RrfRetrieverSupport,
    private readonly statistics: CollectionStatistics,
    private readonly options: HybridRankingOptions,
  ) {}

  /**
   * The best `plan.size` hits, fetched. With `compare` (the unit query vector; a zero vector
   * gives cosine 0), each hit carries its cosine.
   */
  async search(
    placement: CollectionPlacement,
    plan: RankingPlan,
    compare: Float32Array | null,
  ): Promise<RankedHit[]> {
    const filter = searchFilter(placement.filter, plan.documentIds);
    const { bm25Fields } = this.options;
    const words = plan.terms?.split(' ') ?? [];
    // A collection in a shared index weighs its words by their IDF within it, with boosts from
    // statistics read while the question was embedded (the ask service's counts). Already here,
    // they go into the BM25 leg at once; still on their way, the kNN leg (which needs only the
    // vector) goes out alone and the BM25 leg follows when they come — the boosted query, always.
    const weighs = plan.terms !== null && placement.key !== null && this.options.collectionIdf;
    const known = weighs ? this.statistics.knownBoosts(placement, words) : null;
    const boosting = weighs && known === null ? this.statistics.idfBoosts(placement, words) : null;
    boosting?.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    const vector: VectorLegOptions | null =
      plan.vector === null
        ? null
        : { vector: plan.vector, k: plan.legSize, oversample: this.options.oversample };

    if (
      plan.terms !== null &&
      vector !== null &&
      plan.fusion === 'rrf' &&
      this.rrf.useRetriever()
    ) {
      try {
        // Elasticsearch fuses: the boosts must be in the query.
        const boosts = known ?? (await boosting);
        const body = rrfRetrieverBody({
          bm25: bm25Query(plan.terms, bm25Fields, filter, boosts),
          vector,
          filter,
          rankConstant: this.options.rankConstant,
          // Elasticsearch requires rank_window_size >= size.
          rankWindowSize: Math.max(plan.legSize, plan.size),
          size: plan.size,
        });
        const fused = scoredIds(
          await this.client.search({ ...placement.target, ...body }),
          placement,
        );
        return this.fetch(placement, fused, new Map(), compare, plan.fields);
      } catch (error) {
        if (!this.rrf.fallBackAfter(error)) throw error;
      }
    }

    const terms = plan.terms;
    const bm25Body = (boosts: ReadonlyMap<string, number> | null) =>
      terms === null
        ? null
        : bm25LegBody(bm25Query(terms, bm25Fields, filter, boosts), plan.legSize);
    const vectorBody = vector === null ? null : vectorLegBody(vector, filter);
    const [bm25Hits, vectorHits] =
      boosting === null
        ? await this.legs(placement, bm25Body(known), vectorBody)
        : await Promise.all([
            boosting.then((boosts) => this.leg(placement, bm25Body(boosts))),
            this.leg(placement, vectorBody),
          ]);
    // dot_product scores a unit vector pair (1 + cosine) / 2; rescored on the float vectors,
    // that is the exact cosine (without rescoring, the int8 copies' estimate).
    const legCosines = new Map(vectorHits.map((hit) => [hit.id, 2 * hit.score - 1]));
    const vectorIds = vectorHits.map((hit) => hit.id);
    const exact = this.options.oversample > 0 ? legCosines : new Map<string, number>();

    if (plan.fusion === 'convex' && plan.vector !== null && bm25Hits.length > 0) {
      const missing = bm25Hits.map((hit) => hit.id).filter((id) => !legCosines.has(id));
      const fuse = (cosines: Map<string, number>) =>
        toRanked(convexFusion(bm25Hits, vectorIds, cosines, plan.weights), cosines);
      if (missing.length === 0) {
        return this.fetch(
          placement,
          fuse(legCosines).slice(0, plan.size),
          exact,
          compare,
          plan.fields,
        );
      }
      // The vector leg's lowest cosine bounds those it did not return.
      const floor = Math.min(...legCosines.values());
      const provisional = fuse(
        new Map([...legCosines, ...missing.map((id): [string, number] => [id, floor])]),
      );
      const fetchedIds = provisional
        .slice(0, PROVISIONAL_FETCH * plan.size)
        .map((ranked) => ranked.id);
      const [sources, found] = await this.fetchWithCosines(
        placement,
        fetchedIds,
        missing,
        plan.vector,
        plan.fields,
      );
      // A chunk without a vector (a zero vector has no direction) has cosine 0.
      const cosines = new Map([
        ...legCosines,
        ...missing.map((id): [string, number] => [id, found.get(id) ?? 0]),
      ]);
      const ranked = fuse(cosines).slice(0, plan.size);
      const unfetched = ranked.filter((hit) => !sources.has(hit.id)).map((hit) => hit.id);
      if (unfetched.length > 0) {
        for (const [id, source] of (
          await this.fetchWithCosines(placement, unfetched, [], null, plan.fields)
        )[0]) {
          sources.set(id, source);
        }
      }
      return withSources(ranked, sources);
    }
    const fused = reciprocalRankFusion(
      [bm25Hits.map((hit) => hit.id), vectorIds],
      this.options.rankConstant,
      plan.weights,
    ).slice(0, plan.size);
    // No similarity yet: `fetch` sets every hit's.
    return this.fetch(placement, toRanked(fused, new Map()), exact, compare, plan.fields);
  }

  /**
   * Fetches `ranked`'s fields, with the cosines `known` and, for the others (when `compare`), a
   * restricted kNN search in the same `_msearch`.
   */
  private async fetch(
    placement: CollectionPlacement,
    ranked: RankedId[],
    known: Map<string, number>,
    compare: Float32Array | null,
    fields: readonly string[],
  ): Promise<RankedHit[]> {
    if (ranked.length === 0) return [];
    const zero = compare !== null && compare.every((component) => component === 0);
    const unknown =
      compare === null || zero
        ? []
        : ranked.filter((hit) => !known.has(hit.id)).map((hit) => hit.id);
    const [sources, found] = await this.fetchWithCosines(
      placement,
      ranked.map((hit) => hit.id),
      unknown,
      compare,
      fields,
    );
    const cosine = (id: string): number | undefined => {
      if (compare === null) return undefined;
      if (zero) return 0;
      return known.get(id) ?? found.get(id) ?? 0;
    };
    return withSources(
      ranked.map((hit) => ({ ...hit, similarity: cosine(hit.id) })),
      sources,
    );
  }

  /** One round trip: the fields of `ids`, and the cosines of `cosineIds` to `vector`. */
  private async fetchWithCosines(
    placement: CollectionPlacement,
    ids: readonly string[],
    cosineIds: readonly string[],
    vector: Float32Array | null,
    sourceFields: readonly string[],
  ): Promise<[Map<string, HitSource>, Map<string, number>]> {
    const { target } = placement;
    const fields = hitsBody(ids, placement.filter, sourceFields);
    if (cosineIds.length === 0 || vector === null) {
      return [
        sourcesById(await this.client.search<HitSource>({ ...target, ...fields })),
        new Map(),
      ];
    }
    const { responses } = await this.client.msearch<HitSource>({
      ...target,
      searches: [
        {},
        fields,
        {},
        similaritiesBody(vector, cosineIds, placement.filter, this.options.oversample),
      ],
    });
    const cosines = scoredIds(msearchResponse(responses[1]), placement).map(
      (hit): [string, number] => [hit.id, 2 * hit.score - 1],
    );
    return [
      sourcesById(msearchResponse(responses[0]) as estypes.SearchResponseBody<HitSource>),
      new Map(cosines),
    ];
  }

  /** Both legs in one `_msearch` round trip, or the one leg that runs as a plain search. */
  private async legs(
    placement: CollectionPlacement,
    bm25: estypes.SearchSearchRequestBody | null,
    vector: estypes.SearchSearchRequestBody | null,
  ): Promise<[ScoredId[], ScoredId[]]> {
    if (bm25 !== null && vector !== null) {
      const { responses } = await this.client.msearch({
        ...placement.target,
        searches: [{}, bm25, {}, vector],
      });
      return [
        scoredIds(msearchResponse(responses[0]), placement),
        scoredIds(msearchResponse(responses[1]), placement),
      ];
    }
    return Promise.all([this.leg(placement, bm25), this.leg(placement, vector)]);
  }

  /** One leg as a plain search (none: no hits). */
  private async leg(
    placement: CollectionPlacement,
    body: estypes.SearchSearchRequestBody | null,
  ): Promise<ScoredId[]> {
    if (body === null) return [];
    return scoredIds(await this.client.search({ ...placement.target, ...body }), placement);
  }
}

function toRanked(
  fused: Array<{ id: string; score: number; ranks: Array<number | undefined> }>,
  cosines: Map<string, number>,
): RankedId[] {
  return fused.map(({ id, score, ranks }) => ({
    id,
    score,
    bm25Rank: ranks[0],
    vectorRank: ranks[1],
    similarity: cosines.get(id),
  }));
}

/** The ranked hits whose fields were found (one deleted since it was ranked is left out). */
function withSources(ranked: RankedId[], sources: Map<string, HitSource>): RankedHit[] {
  return ranked.flatMap((hit) => {
    const source = sources.get(hit.id);
    return source === undefined ? [] : [{ ...hit, source }];
  });
}

function sourcesById(response: estypes.SearchResponseBody<HitSource>): Map<string, HitSource> {
  const sources = new Map<string, HitSource>();
  for (const hit of response.hits.hits) {
    if (typeof hit._id === 'string' && hit._source !== undefined) sources.set(hit._id, hit._source);
  }
  return sources;
}
