import { type ChunkLayout } from '@docent/document-model';

export interface ChunkingOptions {
  /** Upper bound of one chunk, in the embedder's tokens (heading context included). */
  maxTokens: number;
  /** Tokens of the previous chunk repeated at the start of the next one inside a section. */
  overlapTokens: number;
  countTokens(text: string): number;
}

export interface Chunk {
  /** 0-based position in the document. */
  ordinal: number;
  /** 1-based page the chunk comes from; a chunk never spans pages. */
  pageNum: number;
  /** The chunk body, blocks rendered as lines. */
  text: string;
  /** Titles of the enclosing sections, outermost first. */
  headingPath: string[];
  /** Its blocks: which parts of `text` are list items, table rows, code…, and which are markup. */
  layout: ChunkLayout;
}
