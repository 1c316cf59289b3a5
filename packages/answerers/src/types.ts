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
  history: HistoryTurn[];
  /** Best first. */
  passages: Passage[];
}

export interface Answer {
  text: string;
  /** Passages the answer was taken from, most important first. */
  usedPassageIds: string[];
  /** False when nothing in the passages answers the question. */
  found: boolean;
}

export interface Answerer {
  answer(request: AnswerRequest, signal?: AbortSignal): Promise<Answer>;
}

export const NOT_FOUND_ANSWER = 'I could not find an answer to that in this collection.';
