import { type Client, type estypes } from '@elastic/elasticsearch';
import { type Bm25Weights } from '../bm25/bm25-weights';
import { type CollectionPlacement } from './collection-placement';
import { CHUNK_ID_FIELD, HIT_SOURCE_FIELDS, VECTOR_FIELD } from './index-definition';

// Bodies of the search requests. Ranking requests return chunk ids only (`RANKING_HIT`); the
// few hits that survive fusion are then fetched once, with their fields (`hitsBody`).

type SearchBody = estypes.SearchSearchRequestBody;
type Query = estypes.QueryDslQueryContainer;

/** `num_candidates` may not exceed this, and `k` may not exceed `num_candidates`. */
export const MAX_NUM_CANDIDATES = 10_000;
/** `index.max_result_window`: the most hits one search returns. */
export const MAX_RESULT_WINDOW = 10_000;

/**
 * What a ranking request returns of a hit: its `chunk_id`, from doc values. No stored field, not
 * even `_id`: reading a hit's stored fields decompresses the block that holds its `_source` (text,
 * sentence vectors), which made up most of a ranking request's time — a one-off measurement on the
 * SciFact chunks, this machine loaded: a BM25 leg of 200 hits 9 ms `took` with `_id`s, 4 ms
 * without (50 hits: 2 and 1 ms).
 */
const RANKING_HIT = {
  _source: false,
  stored_fields: '_none_',
  docvalue_fields: [CHUNK_ID_FIELD],
} satisfies SearchBody;

export interface VectorLegOptions {
  /** Unit-length query vector. */
  vector: Float32Array;
  k: number;
  /** `rescore_vector.oversample`; 0 leaves rescoring out. */
  oversample: number;
}

/**
 * A search's filter: the collection's own (its key, in a shared index) and the document filter.
 * Both legs get it inside their search, never after.
 */
export function searchFilter(
  collection: readonly Query[],
  documentIds: readonly string[] | undefined,
): Query[] {
  if (documentIds === undefined) return [...collection];
  return [...collection, { terms: { document_id: [...new Set(documentIds)] } }];
}

/**
 * BM25F over the text fields (`combined_fields`): each term is scored once against the weighted
 * union of text, headings and title, as FTS5's weighted bm25() does in the embedded index, rather
 * than per field and then combined (`multi_match`). With `boosts` (a collection in a shared
 * index), one clause per word, scaled by its boost (1 where absent): the sum is the same as one clause's, term by term, with
 * the collection's own IDF in place of the shard's.
 */
export function bm25Query(
  terms: string,
  fields: readonly string[],
  filter: Query[],
  boosts: ReadonlyMap<string, number> | null = null,
): Query {
  const clause = (query: string, boost?: number): Query => ({
    combined_fields: {
      query,
      fields: [...fields],
      operator: 'or',
      ...(boost !== undefined && boost !== 1 && { boost }),
    },
  });
  const scoring =
    boosts === null
      ? { must: [clause(terms)] }
      : {
          should: terms.split(' ').map((word) => clause(word, boosts.get(word))),
          minimum_should_match: 1,
        };
  return { bool: { ...scoring, ...(filter.length > 0 && { filter }) } };
}

export function bm25LegBody(query: Query, size: number): SearchBody {
  return { size, track_total_hits: false, ...RANKING_HIT, query };
}

/** `num_candidates` per shard: twice k, at least 100, at most the limit. */
export function numCandidates(k: number): number {
  return Math.min(MAX_NUM_CANDIDATES, Math.max(100, 2 * k));
}

/**
 * The kNN leg as a `knn` query, not the request's top-level `knn` section: Elasticsearch runs a
 * top-level `knn` in a DFS phase of its own before the query phase (a second shard task per
 * search), which the query runs within. Routed to one shard — or over several, `k` per shard and
 * the best `size` of them — both return the same hits with the same scores.
 */
export function vectorLegBody(leg: VectorLegOptions, filter: Query[]): SearchBody {
  return {
    size: leg.k,
    track_total_hits: false,
    ...RANKING_HIT,
    query: { knn: { ...knnParameters(leg), ...(filter.length > 0 && { filter }) } },
  };
}

export interface RrfRetrieverOptions {
  bm25: Query;
  vector: VectorLegOptions;
  filter: Query[];
  rankConstant: number;
  rankWindowSize: number;
  size: number;
}

/** One request fused by Elasticsearch: an `rrf` retriever over a standard and a knn retriever. */
export function rrfRetrieverBody(options: RrfRetrieverOptions): SearchBody {
  const knn: estypes.KnnRetriever = {
    ...knnParameters(options.vector),
    ...(options.filter.length > 0 && { filter: options.filter }),
  };
  return {
    size: options.size,
    track_total_hits: false,
    ...RANKING_HIT,
    retriever: {
      rrf: {
        retrievers: [{ standard: { query: options.bm25 } }, { knn }],
        rank_constant: options.rankConstant,
        rank_window_size: options.rankWindowSize,
      },
    },
  };
}

function knnParameters(leg: VectorLegOptions) {
  return {
    field: VECTOR_FIELD,
    query_vector: Array.from(leg.vector),
    k: leg.k,
    num_candidates: numCandidates(leg.k),
    ...(leg.oversample > 0 && { rescore_vector: { oversample: leg.oversample } }),
  };
}

/**
 * The hits' fields (`_source` only: their cosines come from kNN scores, so the stored vectors,
 * which the fields API returns as JSON numbers, never travel).
 */
export function hitsBody(
  ids: readonly string[],
  collection: readonly Query[],
  fields: readonly string[],
): SearchBody {
  const byId: Query = { ids: { values: [...ids] } };
  return {
    size: ids.length,
    track_total_hits: false,
    _source: [...fields],
    query: collection.length === 0 ? byId : { bool: { filter: [byId, ...collection] } },
  };
}

/**
 * The exact cosines of the chunks `ids` (those the vector leg did not return): a kNN search
 * restricted to them, which Lucene answers by scoring each of them (the filter is smaller than
 * `num_candidates`), rescored on the float vectors.
 */
export function similaritiesBody(
  vector: Float32Array,
  ids: readonly string[],
  collection: readonly Query[],
  oversample: number,
): SearchBody {
  return vectorLegBody({ vector, k: ids.length, oversample: Math.max(1, oversample) }, [
    ...collection,
    { ids: { values: [...ids] } },
  ]);
}

/** Chunks of one document by ordinal, in ordinal order. */
export function chunksByOrdinalBody(
  documentId: string,
  ordinals: readonly number[],
  collection: readonly Query[],
): SearchBody {
  const unique = [...new Set(ordinals)];
  return {
    size: Math.min(unique.length, MAX_RESULT_WINDOW),
    track_total_hits: false,
    _source: [...HIT_SOURCE_FIELDS],
    query: {
      bool: {
        filter: [
          ...collection,
          { term: { document_id: documentId } },
          { terms: { ordinal: unique } },
        ],
      },
    },
    sort: [{ ordinal: 'asc' }],
  };
}

/** Chunk documents only (a collection index also holds one manifest per document). */
function countQuery(documentId: string | undefined, collection: readonly Query[]): Query {
  const filter: Query[] = [...collection, { term: { kind: 'chunk' } }];
  if (documentId !== undefined) filter.push({ term: { document_id: documentId } });
  return { bool: { filter } };
}

/** The chunks of a placement's collection (of one document when `documentId` is given). */
export async function countChunks(
  client: Client,
  placement: CollectionPlacement,
  documentId?: string,
): Promise<number> {
  const response = await client.count({
    ...placement.target,
    query: countQuery(documentId, placement.filter),
  });
  return response.count;
}

/** `field^weight`; a weight of 0 leaves the field out, as in the embedded index. */
export function weightedFields(weights: Bm25Weights): string[] {
  return (['text', 'headings', 'title'] as const)
    .filter((field) => weights[field] > 0)
    .map((field) => (weights[field] === 1 ? field : `${field}^${weights[field]}`));
}
