export * from './types';
export {
  DEFAULT_EMBEDDING_MODEL,
  DEFAULT_BATCH_SIZE,
  OPENAI_MODEL_PREFIX,
  type DownloadProgress,
  type EmbedderConfig,
} from './config';
export { createEmbedder } from './create-embedder';
export { EmbeddingModelUnavailableError, EmbeddingServiceError } from './errors';
export { knownModelProfile, deriveModelProfile, modelCalibration } from './model-profiles';
export { createProgressBar, formatProgressLine } from './local/progress-bar';
export { createLocalEmbedder, type LocalEmbedderOptions } from './local/create-local-embedder';
export { threadCpuSeconds } from './thread-cpu';
export {
  loadCrossEncoder,
  missingCrossEncoderFiles,
  CrossEncoderUnavailableError,
  type CrossEncoder,
  type CrossEncoderOptions,
} from './local/cross-encoder';
export { createOpenAIEmbedder, type OpenAIEmbedderOptions } from './openai/openai-embedder';
