import {
  DocumentError,
  type DocumentContent,
  type DocumentRef,
  type ParsedDocument,
} from '@docent/connector-sdk';
import type { Embedder } from '@docent/embedder';
import type { IndexedChunk, SearchIndex } from '@docent/search-index';
import { chunkByHeadings, type Chunk } from '@docent/text-chunker';

export type FileContent = Extract<DocumentContent, { kind: 'file' }>;

/** Turns a file (PDF, DOCX...) into structured text; throws DocumentError for what it cannot read. */
export type FileParser = (file: FileContent) => Promise<ParsedDocument>;

export const rejectAllFiles: FileParser = async (file) => {
  throw new DocumentError(`unsupported file type ${file.mediaType}`);
};

export interface PreparedDocument {
  ref: DocumentRef;
  documentId: string;
  chunks: Chunk[];
  pageCount: number;
}

export interface DocumentPipelineOptions {
  /** Tokens repeated between consecutive chunks of a section. */
  overlapTokens?: number;
  /** Smallest chunk budget, whatever the title's length. */
  minChunkTokens?: number;
}

/** parse → chunk → embed → index, for documents of one collection. */
export class DocumentPipeline {
  private readonly overlapTokens: number;
  private readonly minChunkTokens: number;

  constructor(
    private readonly embedder: Embedder,
    private readonly index: SearchIndex,
    private readonly parseFile: FileParser,
    options: DocumentPipelineOptions = {},
  ) {
    this.overlapTokens = options.overlapTokens ?? 16;
    this.minChunkTokens = options.minChunkTokens ?? 32;
  }

  async prepare(
    ref: DocumentRef,
    content: DocumentContent,
    documentId: string,
  ): Promise<PreparedDocument> {
    const parsed = content.kind === 'parsed' ? content.document : await this.parseFile(content);
    // The title heads every chunk's embedding text, so the chunk body gets what is left; two
    // more tokens stay free for the special tokens some models add ([CLS], [SEP]).
    const titleTokens = this.embedder.countTokens(ref.title) + 4;
    const maxTokens = Math.max(this.minChunkTokens, this.embedder.maxTokens - titleTokens);
    const chunks = chunkByHeadings(parsed, {
      maxTokens,
      overlapTokens: Math.min(this.overlapTokens, Math.floor(maxTokens / 4)),
      countTokens: (text) => this.embedder.countTokens(text),
    });
    const pageCount = parsed.pages.reduce((max, page) => Math.max(max, page.pageNum), 0);
    return { ref, documentId, chunks, pageCount };
  }

  /** Embeds the chunks of several documents in shared batches, then indexes each document. */
  async embedAndIndex(collectionId: string, documents: PreparedDocument[]): Promise<void> {
    const texts = documents.flatMap((d) => d.chunks.map((c) => embeddingText(d.ref.title, c)));
    const vectors = texts.length > 0 ? await this.embedder.embedDocuments(texts) : [];
    let next = 0;
    for (const document of documents) {
      const chunks: IndexedChunk[] = document.chunks.map((chunk) => ({
        chunkId: `${document.documentId}:${chunk.ordinal}`,
        documentId: document.documentId,
        ordinal: chunk.ordinal,
        pageNum: chunk.pageNum,
        text: chunk.text,
        headings: chunk.headingPath.join(' > '),
        title: document.ref.title,
        vector: vectors[next++]!,
      }));
      await this.index.replaceDocumentChunks(collectionId, document.documentId, chunks);
    }
  }
}

/** What the embedder sees: the chunk placed in its document and section. */
export function embeddingText(title: string, chunk: Chunk): string {
  const context = [title, ...chunk.headingPath].filter((s) => s.trim().length > 0).join(' > ');
  return context ? `${context}\n${chunk.text}` : chunk.text;
}
