import { type ModelDtype } from './types';

/** Production default: small, strong English retrieval model (downloaded once into modelsDir). */
export const DEFAULT_EMBEDDING_MODEL = 'Xenova/bge-small-en-v1.5';

export const DEFAULT_BATCH_SIZE = 32;

/** Prefix of `EmbedderConfig.model` that selects an OpenAI-compatible endpoint. */
export const OPENAI_MODEL_PREFIX = 'openai:';

export interface DownloadProgress {
  model: string;
  /** File inside the model folder, e.g. "onnx/model.onnx". */
  file: string;
  loadedBytes: number;
  /** 0 when the server did not announce a size. */
  totalBytes: number;
  /** 0–100; 0 while the size is unknown. */
  percent: number;
  /** True once the file is complete. */
  done: boolean;
}

export interface EmbedderConfig {
  /**
   * A local model id (a folder `<modelsDir>/<id>/`, or a Hugging Face hub id to download),
   * or `openai:<model>` for an OpenAI-compatible endpoint.
   */
  model: string;
  /** Where local models live and where downloads go. */
  modelsDir: string;
  /** Whether a local model missing from `modelsDir` may be downloaded. */
  allowDownload: boolean;
  /** Download progress; without it a text progress bar goes to stderr. */
  onProgress?: (progress: DownloadProgress) => void;
  /** Required for `openai:` models. */
  openai?: { baseUrl: string; apiKey?: string };
  /** Texts per model call; default 32. */
  batchSize?: number;
  /** Local models: threads one inference may use; default every core. */
  threads?: number;
  /** Local models: embed documents in a worker thread (default true; see LocalEmbedderOptions). */
  documentsInWorker?: boolean;
  /**
   * Local models: which weights to load (`fp32` onnx/model.onnx, `q8` onnx/model_quantized.onnx,
   * `fp16` onnx/model_fp16.onnx); default the model profile's (fp32).
   */
  dtype?: ModelDtype;
}
