import { validBatchSize } from './batches';
import { DEFAULT_BATCH_SIZE, type EmbedderConfig, OPENAI_MODEL_PREFIX } from './config';
import { createLocalEmbedder } from './local/create-local-embedder';
import { createProgressBar } from './local/progress-bar';
import { createOpenAIEmbedder } from './openai/openai-embedder';
import { type Embedder } from './types';

/**
 * The embedder `config.model` names: `openai:<model>` for an OpenAI-compatible endpoint,
 * anything else a local ONNX model under `config.modelsDir` (downloaded there once when
 * missing and `allowDownload` is set, else `EmbeddingModelUnavailableError`).
 */
export async function createEmbedder(config: EmbedderConfig): Promise<Embedder> {
  const batchSize = validBatchSize(config.batchSize, DEFAULT_BATCH_SIZE);
  if (config.model.startsWith(OPENAI_MODEL_PREFIX)) {
    const model = config.model.slice(OPENAI_MODEL_PREFIX.length);
    if (model === '' || !config.openai?.baseUrl) {
      throw new Error(
        `Embedding model "${config.model}" needs a model name and an OpenAI-compatible base URL ` +
          '(OPENAI_BASE_URL).',
      );
    }
    return createOpenAIEmbedder({
      model,
      baseUrl: config.openai.baseUrl,
      apiKey: config.openai.apiKey,
      batchSize,
    });
  }
  return createLocalEmbedder({
    modelId: config.model,
    modelsDir: config.modelsDir,
    allowDownload: config.allowDownload,
    onProgress: config.onProgress ?? createProgressBar(),
    batchSize,
    threads: config.threads,
    dtype: config.dtype,
    ...(config.documentsInWorker !== undefined && { documentsInWorker: config.documentsInWorker }),
  });
}
