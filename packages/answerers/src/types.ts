import type { ChunkExtrasWriter } from '@docent/document-model';

export type { ChunkExtrasPlan } from '@docent/document-model';

/** A retrieved chunk offered to an answerer. */
export interface Passage {
  id: string;
  docName: string;
  pageNum: number;
  text: string;
  /** Enclosing section titles, " > "-joined. */
  headings: string;
  /** Retrieval rank order is the array order; score is informative only. */
  score: number;
  /** Cosine similarity of the passage to the question, when the search computed it. */
  similarity?: number;
  /**
   * What the answerer's `chunkExtras` stored with the chunk at ingestion, as the index returned
   * it (opaque to everyone else); absent when the chunk was indexed without extras.
   */
  extras?: Uint8Array;
  /** The chunk's layout (`encodeChunkLayout`), when it was indexed with one. */
  layout?: string;
  /** Where the chunk is in its document, for reading its neighbours. */
  documentId?: string;
  ordinal?: number;
}

/** A chunk next to a passage in its document. */
export interface NeighbourChunk {
  ordinal: number;
  text: string;
}

export interface HistoryTurn {
  question: string;
  answer: string;
}

export interface AnswerRequest {
  /** The question as asked. */
  question: string;
  /** The question made standalone with the history (what retrieval used). */
  standaloneQuestion: string;
  /** The standalone question's query embedding, when the caller already has it (retrieval did). */
  questionVector?: Float32Array;
  history: HistoryTurn[];
  /** Best first. */
  passages: Passage[];
  /**
   * How rare the question's words are in the whole collection. Without it, rarity is judged
   * from the passages alone, which cannot tell a distinctive word from a common one that all
   * the retrieved passages happen to share.
   */
  termCounts?: CollectionTermCounts;
  /**
   * The chunks of a passage's document at these ordinals (those that exist), for answerers
   * that read a passage with the text around it.
   */
  neighbours?(passage: Passage, ordinals: number[]): Promise<NeighbourChunk[]>;
}

/** A piece of an answer's text as it is written, with the markers it uses for the first time. */
export interface AnswerPiece {
  text: string;
  /** `[marker]` in this piece's text (or a later one) cites this passage. */
  citations: Array<{ marker: number; passageId: string }>;
}

export interface AnswerOptions {
  /** Aborted: the answer rejects with its reason (at once when already aborted). */
  signal?: AbortSignal;
  /**
   * Citing answerers: keep the `[n]` markers in the text, renumbered so that `[n]` is the n-th
   * of `usedPassageIds` (default true); false drops them.
   */
  citations?: boolean;
  /** Citing answerers: how many passages the text may cite (the refs the client gets). */
  maxCitations?: number;
  /**
   * Streaming: each piece of the text as it is written; the pieces add up to `Answer.text`
   * when the answer is found. Answerers that write no text piece by piece never call it.
   */
  onText?(piece: AnswerPiece): void;
  /**
   * Called at the end of each stage of answering with its name, so the caller's clock can time
   * the stages (the ask's `Server-Timing`); an answerer names the stages it has.
   */
  onStage?(stage: string): void;
}

/** Tokens a model read and wrote for an answer. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** Chunks in the collection, and per word (as written in the question) the chunks holding it. */
export interface CollectionTermCounts {
  chunks: number;
  byWord: ReadonlyMap<string, number>;
}

/** Where an answer quotes a passage: [start, end) of `Passage.text`, in UTF-16 units. */
export interface PassageQuote {
  passageId: string;
  start: number;
  end: number;
}

export interface Answer {
  text: string;
  /** Passages the answer was taken from, most important first. */
  usedPassageIds: string[];
  /** False when nothing in the passages answers the question. */
  found: boolean;
  /**
   * The words of `text` that answer a question asking for a thing (a number, a date, a name…),
   * verbatim; null when the question asks for no such thing or the answerer does not say.
   */
  shortAnswer?: string | null;
  /** The passages' sentences the answer quotes, in the answer's order (quoting answerers only). */
  quotes?: PassageQuote[];
  /** Why the answer is "not found", for logs and the quality bench (not sent to clients). */
  notFoundReason?:
    | 'no-candidates'
    | 'absent-subject'
    | 'low-evidence'
    | 'names-not-held'
    | 'twin-states-focus'
    | 'kind-not-held'
    | 'no-expansion'
    | 'low-score'
    | 'neighbour'
    | 'asked-word-unrelated'
    | 'model';
  /** Tokens the model read and wrote, when a model answered and said. */
  usage?: TokenUsage | null;
}

/**
 * What an answerer keeps per chunk, computed at ingestion and stored by the index as one opaque
 * blob that comes back with the chunk as `Passage.extras`. Only the strategy (and its answerer)
 * reads the blob; its first byte names its format, so a blob of another format or version is
 * told apart and ignored (the answerer then does without, as for a chunk indexed without one).
 */
export interface ChunkExtras extends ChunkExtrasWriter {
  /** Names the strategy in logs and docs. */
  readonly name: string;
}

/** What every adapter promises is `test/conformance/answerer.conformance.ts`. */
export interface Answerer {
  /**
   * Whether the answer's text cites its passages with `[n]` markers (and may stream its text
   * through `onText`); an answer that quotes a passage marks nothing itself.
   */
  readonly citesPassages: boolean;
  /** Whether `answer` reads `termCounts`: the ask service only asks the index for them then. */
  readonly readsTermCounts: boolean;
  /**
   * What the answerer needs stored per chunk, or null for nothing: the ingestion computes
   * (and the index fetches) per-chunk extras only when the configured answerer declares them.
   */
  readonly chunkExtras: ChunkExtras | null;
  answer(request: AnswerRequest, options?: AnswerOptions): Promise<Answer>;
}

export const NOT_FOUND_ANSWER = 'I could not find an answer to that in this collection.';
