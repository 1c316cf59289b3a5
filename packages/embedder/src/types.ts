/**
 * Turns text into vectors. Vectors are L2-normalised, so a dot product is the cosine (a text with
 * nothing to embed may get a zero vector). `test/conformance/embedder.conformance.ts` is what
 * every adapter promises.
 */
export interface Embedder {
  readonly modelId: string;
  readonly dimensions: number;
  /** Input cap of the model, in its own tokens (prefix included); a longer text is cut to it. */
  readonly maxTokens: number;
  countTokens(text: string): number;
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
  /**
   * Embeds documents as `embedDocuments` does and, from the same forward pass, a vector for each
   * span of each text: the mean of the span's token states, normalised. A span not found among
   * the text's tokens (cut off by the cap, or not part of it) gets null. Only models whose
   * document vector is such a mean (mean pooling) have it.
   */
  embedDocumentsWithSpans?(texts: readonly TextWithSpans[]): Promise<EmbeddedWithSpans[]>;
  /** CPU time this embedder used since it was created, by part (local models). */
  cpuSeconds?(): EmbedderCpuSeconds;
  /**
   * Lets work in flight settle (a call may finish, or reject as closed between its batches), then
   * frees the model; later calls reject. Closing again does nothing.
   */
  close(): Promise<void>;
}

/**
 * CPU seconds of a local embedder, by part. On Linux each is the CPU time of the threads doing
 * it (elsewhere the process's, which overlaps); see `threadCpuSeconds`.
 */
export interface EmbedderCpuSeconds {
  /** Forward passes: the threads running the model (a worker thread and ONNX Runtime's). */
  model: number;
  /** Texts to token ids for the model (calling thread). */
  tokenize: number;
  /** Token states pooled into one vector per text, normalised (calling thread). */
  pool: number;
  /** Span (sentence) vectors: each span's tokens found in its text and pooled (calling thread). */
  spans: number;
}

/** A document text and the spans of it (sentences, in order) that want vectors of their own. */
export interface TextWithSpans {
  text: string;
  spans: readonly string[];
}

export interface EmbeddedWithSpans {
  vector: Float32Array;
  spans: Array<Float32Array | null>;
}

/** Weights of a local ONNX model: full precision, half precision, or int8-quantised. */
export type ModelDtype = 'fp32' | 'fp16' | 'q8';

/** What differs between models; everything else in the embedder is model-agnostic. */
export interface ModelProfile {
  dimensions: number;
  pooling: 'cls' | 'mean';
  normalize: boolean;
  dtype: ModelDtype;
  maxTokens: number;
  queryPrefix: string;
  documentPrefix: string;
  /** Collapse newlines and tabs to spaces before tokenising (USE-lite maps them to unknown). */
  collapseWhitespace: boolean;
}

/** Settings of retrieval and answers that were measured for one model (README, "Quality"). */
export interface ModelCalibration {
  /** Chunk size in the model's tokens (a chunk within the model's cap is embedded once). */
  chunkTokens: number;
  /** Weight of the vector leg against BM25's 1 in convex fusion. */
  vectorWeight: number;
  /** The extractive answerer's "not found" threshold on its evidence score. */
  minEvidence: number;
  /**
   * The extractive answerer's least similarity between an asked-for word the collection lacks
   * and the answering sentence; absent where not measured (the check is then off).
   */
  askedWordSimilarity?: number;
}
