import { type DownloadProgress } from '../config';
import { type Embedder, type ModelDtype } from '../types';
import { LocalEmbedder } from './local-embedder';
import { loadModel } from './load-model';
import { assertValidModelId } from './model-folder';

export interface LocalEmbedderOptions {
  modelId: string;
  modelsDir: string;
  allowDownload: boolean;
  onProgress: (progress: DownloadProgress) => void;
  batchSize: number;
  /** Hub to download from; defaults to $HF_ENDPOINT, then huggingface.co. */
  remoteHost?: string;
  /** Threads one inference may use; default: every core. */
  threads?: number;
  /** Weights to load; default the model profile's. */
  dtype?: ModelDtype;
}

export async function createLocalEmbedder(options: LocalEmbedderOptions): Promise<Embedder> {
  assertValidModelId(options.modelId);
  const { tokenizer, model, profile } = await loadModel(options);
  return LocalEmbedder.create(options.modelId, tokenizer, model, profile, options.batchSize);
}
