export type {
  DocumentChunks,
  IndexedChunk,
  SearchHit,
  SearchIndex,
  SearchMode,
  SearchQuery,
  TermDocumentCounts,
} from './types';
export { MAX_CHUNK_EXTRAS_BYTES, MAX_TERM_STATISTICS_WORDS } from './types';
export { EmbeddedSearchIndex, type EmbeddedSearchIndexOptions } from './embedded-search-index';
export { type Bm25Weights, DEFAULT_BM25_WEIGHTS } from './bm25/bm25-weights';
export {
  DEFAULT_RRF_K,
  reciprocalRankFusion,
  type FusedItem,
} from './fusion/reciprocal-rank-fusion';
export { ftsMatchExpression } from './bm25/fts-match-expression';
export type { ScorerKind } from './vectors/dot-product-scorer';
export { ElasticsearchSearchIndex } from './elasticsearch-search-index';
export type {
  ElasticsearchAuth,
  ElasticsearchSearchIndexOptions,
} from './elasticsearch/elasticsearch-options';
export { ElasticsearchIndexError } from './elasticsearch/elasticsearch-errors';
export type { RrfMode } from './elasticsearch/rrf-retriever-support';
export type { CollectionLayout } from './elasticsearch/collection-placement';
export { isPlannedMove, type CollectionLayoutEntry } from './elasticsearch/layout-maintenance';
export type { BulkRetryOptions } from './elasticsearch/bulk-writer';
export { SearchIndexUnavailableError } from './search-index-errors';
