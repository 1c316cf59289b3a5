import { type DocumentChunks, type IndexedChunk, MAX_TERM_STATISTICS_WORDS } from './types';

// Argument checks shared by the SearchIndex adapters: they throw before anything is written.

export function assertCollectionId(collectionId: string): void {
  if (typeof collectionId !== 'string' || collectionId.length === 0) {
    throw new TypeError('collectionId must be a non-empty string');
  }
}

export function assertSameDimensions(
  collectionId: string,
  stored: number,
  requested: number,
): void {
  if (stored !== requested) {
    throw new Error(
      `collection "${collectionId}" stores ${stored}-dimensional vectors; ` +
        `cannot use it with ${requested} dimensions (delete and re-index the collection)`,
    );
  }
}

export function assertLimit(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer`);
  }
}

export function assertChunkBatch(documentId: string, chunks: readonly IndexedChunk[]): void {
  const chunkIds = new Set<string>();
  chunks.forEach((chunk, i) => {
    if (chunk.documentId !== documentId) {
      throw new Error(`chunks[${i}] belongs to another document than the one being replaced`);
    }
    if (chunkIds.has(chunk.chunkId)) throw new Error(`chunks[${i}]: duplicate chunkId`);
    chunkIds.add(chunk.chunkId);
    if (!Number.isInteger(chunk.ordinal) || !Number.isInteger(chunk.pageNum)) {
      throw new RangeError(`chunks[${i}]: ordinal and pageNum must be integers`);
    }
  });
}

/** Every document of a batched write, once each, with a valid chunk set. */
export function assertDocumentBatch(documents: readonly DocumentChunks[]): void {
  const seen = new Set<string>();
  for (const { documentId, chunks } of documents) {
    if (seen.has(documentId))
      throw new Error(`document "${documentId}" appears twice in one write`);
    seen.add(documentId);
    assertChunkBatch(documentId, chunks);
  }
}

/** Term statistics are asked for a question's words: a bounded list of strings. */
export function assertTermCount(words: readonly string[]): void {
  if (!Array.isArray(words) || words.some((word) => typeof word !== 'string')) {
    throw new TypeError('words must be an array of strings');
  }
  if (words.length > MAX_TERM_STATISTICS_WORDS) {
    throw new RangeError(`at most ${MAX_TERM_STATISTICS_WORDS} words per call`);
  }
}
