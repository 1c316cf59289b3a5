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
   * Vectors of the passage's sentences (`answerUnits`), computed at ingestion, each filed under
   * `answerUnitKey` of its text; absent for collections indexed without them.
   */
  sentenceVectors?: ReadonlyArray<{ key: number; vector: Float32Array }>;
  /** The chunk's layout (`encodeChunkLayout`), when it was indexed with one. */
  layout?: string;
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
    | 'low-score'
    | 'neighbour'
    | 'model';
}

export interface Answerer {
  /**
   * Whether the answer cites its passages (by number), so refs list the cited ones first; an
   * answer that only quotes a passage leaves refs in retrieval order, which ranks better.
   */
  readonly citesPassages: boolean;
  /** Whether `answer` reads `termCounts`: the ask service only asks the index for them then. */
  readonly readsTermCounts: boolean;
  answer(request: AnswerRequest, signal?: AbortSignal): Promise<Answer>;
}

export const NOT_FOUND_ANSWER = 'I could not find an answer to that in this collection.';
