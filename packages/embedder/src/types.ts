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

/** What differs between models; everything else in the embedder is model-agnostic. */
export interface ModelProfile {
  dimensions: number;
  pooling: 'cls' | 'mean';
  normalize: boolean;
  dtype: 'fp32' | 'fp16' | 'q8';
  maxTokens: number;
  queryPrefix: string;
  documentPrefix: string;
  /** Collapse newlines and tabs to spaces before tokenising (USE-lite maps them to unknown). */
  collapseWhitespace: boolean;
}
