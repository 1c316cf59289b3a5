export interface IndexedChunk {
  /** Deterministic: `${documentId}:${ordinal}`, so re-indexing a document overwrites it. */
  chunkId: string;
  documentId: string;
  ordinal: number;
  pageNum: number;
  text: string;
  /** Enclosing section titles joined with " > ". */
  headings: string;
  /** Document title at index time (a BM25 field). */
  title: string;
  vector: Float32Array;
  /**
   * What the configured answerer's strategy keeps per chunk (the extractive answerer's sentence
   * vectors), opaque to the index: stored as given (not searchable, at most
   * `MAX_CHUNK_EXTRAS_BYTES`) and returned with search hits that ask for it; optional.
   */
  extras?: Uint8Array;
  /**
   * What the chunk's text is made of (list items, table rows, code, markup), encoded by
   * `encodeChunkLayout`: stored as it is (not searchable) and returned with hits; optional.
   */
  layout?: string;
}

/** Most bytes of one chunk's `extras` (a chunk's sentence vectors take a few KiB). */
export const MAX_CHUNK_EXTRAS_BYTES = 1 << 20;

/** One document's chunks, as a batched write takes them. */
export interface DocumentChunks {
  documentId: string;
  chunks: IndexedChunk[];
}

export type SearchMode = 'hybrid' | 'bm25' | 'vector';

export interface SearchQuery {
  collectionId: string;
  /** Free text for the BM25 leg. */
  text: string;
  /** Query embedding for the vector leg. */
  vector: Float32Array;
  /** Restrict to these documents (the `doc_name` filter), applied in both legs. */
  documentIds?: string[];
  limit: number;
  mode?: SearchMode;
  /** Candidates taken from each leg before fusion (default max(50, 4 × limit)). */
  candidates?: number;
  /**
   * Weight of each leg in the fusion (default 1 each). With a weak embedding model the vector
   * leg should count for less than BM25.
   */
  weights?: { bm25?: number; vector?: number };
  /**
   * How the two legs combine in hybrid mode. `rrf` (default) uses ranks only; `convex` adds the
   * weighted, normalised scores (BM25 divided by the best BM25 score, cosine min-max scaled over
   * the candidates), which lets a weak leg refine the other without overruling it. The
   * Elasticsearch adapter fuses with (weighted) RRF either way.
   */
  fusion?: 'rrf' | 'convex';
  /**
   * Return each hit's stored `extras` (default false): only an answerer that declares chunk
   * extras reads them, and over the network they are most of a hit's bytes.
   */
  extras?: boolean;
  /**
   * Called at the end of each stage of the search with its name (the embedded index: `bm25`,
   * `vector`, `fusion`, `rows`), so a caller's clock can time the stages (the ask's `Server-Timing`).
   */
  onStage?: (stage: string) => void;
}

export interface SearchHit {
  chunkId: string;
  documentId: string;
  ordinal: number;
  pageNum: number;
  text: string;
  headings: string;
  title: string;
  /** Fused score, higher is better; comparable only within one result list. */
  score: number;
  /** 1-based ranks in each leg, absent when the leg did not return the chunk. */
  bm25Rank?: number;
  vectorRank?: number;
  /** Cosine similarity to the query vector, when computed. */
  similarity?: number;
  /** The chunk's stored extras, when the search asked for them and it was indexed with some. */
  extras?: Uint8Array;
  /** The chunk's stored layout, when it was indexed with one. */
  layout?: string;
}

/** Most words one `termDocumentCounts` call takes (a question's worth). */
export const MAX_TERM_STATISTICS_WORDS = 64;

/** Collection-wide rarity of words: how many chunks hold each one, out of how many. */
export interface TermDocumentCounts {
  /** Chunks in the collection. */
  chunks: number;
  /**
   * Per word, in input order: chunks holding it in text, headings or title — a word of several
   * tokens ("max-cache-ttl") its tokens together, in order.
   */
  counts: number[];
}

export interface SearchIndex {
  /** Creates the collection's index if needed; fails when `dimensions` differs from the stored one. */
  ensureCollection(collectionId: string, dimensions: number): Promise<void>;
  /** Replaces every chunk of a document atomically (readers see the old or the new set). */
  replaceDocumentChunks(
    collectionId: string,
    documentId: string,
    chunks: IndexedChunk[],
  ): Promise<void>;
  /**
   * Replaces the chunks of several documents in one write, each as `replaceDocumentChunks`
   * would (readers see a document's old or new set); every chunk is checked before anything is
   * written. An ingestion batch writes its documents this way.
   */
  replaceDocumentsChunks(collectionId: string, documents: DocumentChunks[]): Promise<void>;
  /**
   * Removes a document's chunks. `written`: chunk ids its caller wrote itself, removed as well
   * even when the index's own record of the document no longer names them — a batch removing
   * what it wrote after its ingestion ended, while a cleanup may have removed that record
   * between the write's steps.
   */
  deleteDocument(
    collectionId: string,
    documentId: string,
    written?: readonly string[],
  ): Promise<void>;
  deleteCollection(collectionId: string): Promise<void>;
  /**
   * Makes every write so far visible to searches: an ingestion calls it before it reports
   * success, so a question asked right after finds what was indexed. A no-op where writes are
   * visible at once; an unknown collection has nothing to publish.
   */
  refresh(collectionId: string): Promise<void>;
  search(query: SearchQuery): Promise<SearchHit[]>;
  /**
   * Chunks of one document by ordinal (neighbour expansion), without their extras; missing
   * ordinals are left out.
   */
  getChunks(collectionId: string, documentId: string, ordinals: number[]): Promise<SearchHit[]>;
  countChunks(collectionId: string, documentId?: string): Promise<number>;
  /**
   * How many chunks hold each word, as the BM25 leg tokenises it (stemmed, case-folded). An
   * answerer weighs a question's words by how rare they are in the whole collection, which a
   * handful of retrieved passages cannot tell. An unknown collection counts 0 chunks.
   */
  termDocumentCounts(collectionId: string, words: string[]): Promise<TermDocumentCounts>;
  /**
   * Throws at once (an unavailable-dependency error) when reads are known to fail now, so that
   * the work before a read (embedding a question) is not done for nothing. An index that does
   * not track its availability leaves it out.
   */
  assertUp?(): void;
  /** Throws when the index cannot serve requests. */
  health(): Promise<void>;
  close(): Promise<void>;
}
