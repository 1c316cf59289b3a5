import { type estypes } from '@elastic/elasticsearch';
import { type SearchHit } from '../types';
import { causeDetails, ElasticsearchIndexError } from './elasticsearch-errors';
import { type HitSource } from './index-definition';

type SearchResponse = estypes.SearchResponseBody<unknown>;

export interface ScoredId {
  id: string;
  score: number;
}

/** A fetched hit: its fields, and `1 + cosine` as the score when a similarity was computed. */
export interface FetchedChunk {
  source: HitSource;
  score: number | null;
}

/** `_id`s of a ranking request, best first. */
export function rankedIds(response: SearchResponse): string[] {
  return scoredIds(response).map((hit) => hit.id);
}

export function scoredIds(response: SearchResponse): ScoredId[] {
  return response.hits.hits.flatMap((hit) =>
    typeof hit._id === 'string' ? [{ id: hit._id, score: hit._score ?? 0 }] : [],
  );
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

export function fetchedChunks(
  response: estypes.SearchResponseBody<HitSource>,
): Map<string, FetchedChunk> {
  const chunks = new Map<string, FetchedChunk>();
  for (const hit of response.hits.hits) {
    if (typeof hit._id !== 'string' || hit._source === undefined) continue;
    chunks.set(hit._id, { source: hit._source, score: hit._score ?? null });
  }
  return chunks;
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
  return hit;
}

/** `hits.total` of a search sent with `track_total_hits: true` (a number in old formats). */
export function totalHits(response: SearchResponse): number {
  const total = response.hits.total;
  return typeof total === 'number' ? total : (total?.value ?? 0);
}
