import type { DocumentRef } from '@docent/connector-sdk';
import {
  DocumentError,
  encodeChunkLayout,
  UnsupportedDocumentError,
  type DocumentContent,
  type ParsedDocument,
} from '@docent/document-model';
import type { Embedder } from '@docent/embedder';
import type { IndexedChunk } from '@docent/search-index';
import { NO_INGESTION_METRICS, timed, timedSync, type IngestionMetrics } from './ingestion-metrics';
import { chunkByHeadings, memoizeCount, type Chunk } from '@docent/text-chunker';
import { splitSentences } from '@docent/text-segmentation';
import type { ChunkExtrasPlan, ChunkExtrasWriter } from '@docent/document-model';

export type FileContent = Extract<DocumentContent, { kind: 'file' }>;

/** Turns a file (PDF, DOCX...) into structured text; throws DocumentError for what it cannot read. */
export type FileParser = (file: FileContent) => Promise<ParsedDocument>;

export const rejectAllFiles: FileParser = async (file) => {
  throw new UnsupportedDocumentError(`unsupported file type ${file.mediaType}`);
};

export interface PreparedDocument {
  ref: DocumentRef;
  documentId: string;
  chunks: Chunk[];
  /** Per chunk, the texts embedded for it: one when it fits the model, else sentence windows. */
  windows: string[][];
  /** Per chunk, what its extras are made of (null: none). */
  extras: ReadonlyArray<ChunkExtrasPlan | null>;
  pageCount: number;
  /** Pages that are images without a text layer (scanned): not searchable. */
  imageOnlyPages: number[];
}

export interface DocumentPipelineOptions {
  /**
   * Chunk size in the embedder's tokens (title included). May exceed the model's input cap: a
   * longer chunk is embedded as the mean of windows that each fit, so chunk size is chosen for
   * retrieval and answers, not dictated by the model.
   */
  chunkTokens?: number;
  /** Tokens repeated between consecutive chunks of a section. */
  overlapTokens?: number;
  /** Smallest chunk budget, whatever the title's length. */
  minChunkTokens?: number;
  metrics?: IngestionMetrics;
  /**
   * What the configured answerer keeps per chunk (its `chunkExtras`); absent or null: nothing,
   * so no span is pooled and chunks are indexed without extras.
   */
  chunkExtras?: ChunkExtrasWriter | null;
}

/**
 * parse → chunk → embedding windows, for one document; the batch job embeds the windows of
 * several documents in shared batches (EmbeddingQueue) and writes them together.
 */
export class DocumentPipeline {
  private readonly chunkTokens: number;
  private readonly overlapTokens: number;
  private readonly minChunkTokens: number;
  private readonly metrics: IngestionMetrics;
  private readonly chunkExtras: ChunkExtrasWriter | null;

  constructor(
    private readonly embedder: Pick<Embedder, 'countTokens' | 'maxTokens'>,
    private readonly parseFile: FileParser,
    options: DocumentPipelineOptions = {},
  ) {
    this.chunkTokens = options.chunkTokens ?? embedder.maxTokens;
    this.overlapTokens = options.overlapTokens ?? 16;
    this.minChunkTokens = options.minChunkTokens ?? 32;
    this.metrics = options.metrics ?? NO_INGESTION_METRICS;
    this.chunkExtras = options.chunkExtras ?? null;
  }

  async prepare(
    ref: DocumentRef,
    content: DocumentContent,
    documentId: string,
  ): Promise<PreparedDocument> {
    const parsed =
      content.kind === 'parsed'
        ? content.document
        : await timed(this.metrics, 'parse', () => this.parseFile(content));
    const imageOnlyPages = parsed.pages.filter((p) => p.imageOnly).map((p) => p.pageNum);
    if (imageOnlyPages.length > 0 && imageOnlyPages.length === parsed.pages.length) {
      // Nothing to index; saying so beats an empty document that never answers.
      throw new DocumentError(
        `no text to index: ${describePages(imageOnlyPages)} scanned images without a text layer (OCR is not supported)`,
      );
    }
    return timedSync(this.metrics, 'chunk', () => {
      // Tokenising is most of this stage: each text is counted once per document, and the
      // chunker's counts of blocks serve the windows below.
      const count = memoizeCount((text) => this.embedder.countTokens(text));
      // The title heads every chunk's embedding text, so the chunk body gets what is left; two
      // more tokens stay free for the special tokens some models add ([CLS], [SEP]).
      const titleTokens = count(ref.title) + 4;
      const maxTokens = Math.max(this.minChunkTokens, this.chunkTokens - titleTokens);
      const chunks = chunkByHeadings(parsed, {
        maxTokens,
        overlapTokens: Math.min(this.overlapTokens, Math.floor(maxTokens / 4)),
        countTokens: count,
      });
      const pageCount = parsed.pages.reduce((max, page) => Math.max(max, page.pageNum), 0);
      const windows = chunks.map((chunk) => this.windows(ref.title, chunk, count));
      const extras = chunks.map(
        (chunk) => this.chunkExtras?.plan(chunk.text, chunk.layout) ?? null,
      );
      return {
        ref,
        documentId,
        chunks,
        windows,
        extras,
        pageCount,
        imageOnlyPages,
      };
    });
  }

  /** The chunk as texts the model takes whole: its context, then as many sentences as fit. */
  private windows(title: string, chunk: Chunk, count: (text: string) => number): string[] {
    const cap = this.embedder.maxTokens - 2;
    const context = embeddingContext(title, chunk);
    const prefix = context ? `${context}\n` : '';
    const whole = prefix + chunk.text;
    // As the chunker does: the sum of the lines' counts (its blocks, counted already) and one
    // token per join; near the cap the whole text is counted exactly.
    const lines = chunk.text.split('\n');
    const estimate =
      (context ? count(context) + 1 : 0) +
      lines.reduce((sum, line) => sum + count(line), 0) +
      lines.length -
      1;
    if (estimate <= cap - 4 || (estimate <= cap + 4 && count(whole) <= cap)) return [whole];
    const room = Math.max(8, cap - count(prefix));
    const out: string[] = [];
    let current: string[] = [];
    let used = 0;
    for (const sentence of splitSentences(chunk.text)) {
      const tokens = count(sentence) + 1;
      if (used + tokens > room && current.length > 0) {
        out.push(prefix + current.join(' '));
        current = [];
        used = 0;
      }
      current.push(sentence);
      used += tokens;
    }
    if (current.length > 0) out.push(prefix + current.join(' '));
    // A single sentence longer than the cap is truncated by the model, which is acceptable.
    return out;
  }
}

/** A prepared document's chunks with their vectors, as the index stores them. */
export function indexedChunks(
  document: PreparedDocument,
  vectors: readonly Float32Array[],
  spanVectors?: ReadonlyArray<ReadonlyArray<Float32Array | null>>,
): IndexedChunk[] {
  return document.chunks.map((chunk, i) => ({
    chunkId: `${document.documentId}:${chunk.ordinal}`,
    documentId: document.documentId,
    ordinal: chunk.ordinal,
    pageNum: chunk.pageNum,
    text: chunk.text,
    headings: chunk.headingPath.join(' > '),
    title: document.ref.title,
    vector: vectors[i]!,
    layout: encodeChunkLayout(chunk.layout),
    ...withExtras(document.extras[i] ?? null, spanVectors?.[i] ?? []),
  }));
}

function withExtras(
  plan: ChunkExtrasPlan | null,
  vectors: ReadonlyArray<Float32Array | null>,
): Pick<IndexedChunk, 'extras'> {
  const extras = plan?.encode(vectors) ?? null;
  return extras === null ? {} : { extras };
}

const NO_SPANS: readonly string[] = [];

/**
 * Per chunk, the spans of its text the answerer's chunk extras are made of (the extractive
 * answerer's sentences): an embedder that pools spans gives each a vector from the chunk's own
 * forward pass. Empty without chunk extras, so nothing is pooled.
 */
export function pooledSpans(
  document: Pick<PreparedDocument, 'extras'>,
): ReadonlyArray<readonly string[]> {
  return document.extras.map((plan) => plan?.spans ?? NO_SPANS);
}

/** "page 3 is" / "pages 2, 5 and 9 are" (at most 10 listed). */
export function describePages(pages: number[]): string {
  if (pages.length === 1) return `page ${pages[0]} is`;
  const shown = pages.slice(0, 10);
  const more = pages.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(', ')} and ${more} more`
      : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return `pages ${list} are`;
}

/** The mean of unit vectors, normalised again. */
export function meanVector(vectors: Float32Array[]): Float32Array {
  if (vectors.length === 1) return vectors[0]!;
  const mean = new Float32Array(vectors[0]!.length);
  for (const v of vectors) for (let i = 0; i < v.length; i++) mean[i]! += v[i]!;
  const norm = Math.hypot(...mean) || 1;
  for (let i = 0; i < mean.length; i++) mean[i]! /= norm;
  return mean;
}

/** Where a chunk sits: document title and section path, prefixed to what the model embeds. */
function embeddingContext(title: string, chunk: Chunk): string {
  return [title, ...chunk.headingPath].filter((s) => s.trim().length > 0).join(' > ');
}

/** What the embedder sees for a chunk that fits the model: the chunk placed in its document and section. */
export function embeddingText(title: string, chunk: Chunk): string {
  const context = embeddingContext(title, chunk);
  return context ? `${context}\n${chunk.text}` : chunk.text;
}
