import { type estypes } from '@elastic/elasticsearch';
import { type SearchHit } from '../types';
import { causeDetails, ElasticsearchIndexError } from './elasticsearch-errors';
import { type CollectionPlacement } from './collection-placement';
import { CHUNK_ID_FIELD, type HitSource } from './index-definition';

type SearchResponse = estypes.SearchResponseBody<unknown>;

export interface ScoredId {
  id: string;
  score: number;
}

/**
 * The `_id`s and scores of a ranking request's hits: their `_id` when it came, else the `_id` of
 * their `chunk_id` (ranking requests ask for that doc value only; see `RANKING_HIT`).
 */
export function scoredIds(response: SearchResponse, placement: CollectionPlacement): ScoredId[] {
  return response.hits.hits.flatMap((hit) => {
    const chunkId: unknown = hit.fields?.[CHUNK_ID_FIELD]?.[0];
    const id =
      typeof hit._id === 'string'
        ? hit._id
        : typeof chunkId === 'string'
          ? placement.chunkId(chunkId)
          : undefined;
    if (id === undefined) return [];
    return [{ id, score: hit._score ?? 0 }];
  });
}

/** One `_msearch` answer, or the error it carries thrown like a failed request's. */
export function msearchResponse(
  item: estypes.MsearchResponseItem<unknown> | undefined,
): SearchResponse {
  if (item === undefined) {
    throw new ElasticsearchIndexError('search', {
      reason: 'the multi-search answer is missing a response',
    });
  }
  if ('error' in item) {
    throw new ElasticsearchIndexError('search', {
      status: item.status,
      ...causeDetails(item.error),
    });
  }
  return item;
}

export function toSearchHit(
  source: HitSource,
  scoring: Pick<SearchHit, 'score' | 'bm25Rank' | 'vectorRank' | 'similarity'>,
): SearchHit {
  const hit: SearchHit = {
    chunkId: source.chunk_id,
    documentId: source.document_id,
    ordinal: source.ordinal,
    pageNum: source.page_num,
    text: source.text,
    headings: source.headings,
    title: source.title,
    score: scoring.score,
  };
  if (scoring.bm25Rank !== undefined) hit.bm25Rank = scoring.bm25Rank;
  if (scoring.vectorRank !== undefined) hit.vectorRank = scoring.vectorRank;
  if (scoring.similarity !== undefined) hit.similarity = scoring.similarity;
  // A chunk written before extras were opaque has its sentence vectors in their old field.
  const extras = source.extras ?? source.sentence_vectors;
  if (typeof extras === 'string' && extras.length > 0) hit.extras = Buffer.from(extras, 'base64');
  if (typeof source.layout === 'string') hit.layout = source.layout;
  return hit;
}

/** `hits.total` of a search sent with `track_total_hits: true` (a number in old formats). */
export function totalHits(response: SearchResponse): number {
  const total = response.hits.total;
  return typeof total === 'number' ? total : (total?.value ?? 0);
}
