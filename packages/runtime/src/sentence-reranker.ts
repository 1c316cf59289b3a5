import {
  CrossEncoderUnavailableError,
  loadCrossEncoder,
  missingCrossEncoderFiles,
  type CrossEncoder,
} from '@docent/embedder';

/** The answer reranker as the runtime holds it. */
export interface SentenceReranker {
  /** The extractive answerer's `rankSentences`. */
  rank(question: string, sentences: string[]): Promise<number[]>;
  /** Stops the model's worker thread, if one started. */
  close(): Promise<void>;
}

/**
 * The answer reranker from the cross-encoder in `folder`. A folder that lacks files stops the
 * start-up with what is missing; the model itself is loaded on the first ask, so a worker, which
 * never answers, never loads it.
 */
export function sentenceReranker(folder: string, threads: number | undefined): SentenceReranker {
  const missing = missingCrossEncoderFiles(folder);
  if (missing.length > 0) throw new CrossEncoderUnavailableError(folder, missing);
  let model: Promise<CrossEncoder> | undefined;
  return {
    rank: async (question, sentences) => {
      model ??= loadCrossEncoder({ folder, ...(threads !== undefined && { threads }) }).catch(
        (error: unknown) => {
          // A failed load is tried again on the next ask rather than kept.
          model = undefined;
          throw error;
        },
      );
      return (await model).score(question, sentences);
    },
    close: async () => {
      const loaded = model;
      model = undefined;
      await (await loaded?.catch(() => undefined))?.close();
    },
  };
}
