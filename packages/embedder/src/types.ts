/** Turns text into vectors. Vectors are L2-normalised, so a dot product is the cosine. */
export interface Embedder {
  readonly modelId: string;
  readonly dimensions: number;
  /** Input cap of the model, in its own tokens (prefix included). */
  readonly maxTokens: number;
  countTokens(text: string): number;
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
  close(): Promise<void>;
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
}
