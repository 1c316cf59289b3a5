import {
  AutoConfig,
  AutoModel,
  AutoTokenizer,
  env,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type ProgressInfo,
} from '@huggingface/transformers';
import { type DownloadProgress } from '../config';
import { EmbeddingModelUnavailableError } from '../errors';
import {
  deriveModelProfile,
  type EncoderConfigFields,
  knownModelProfile,
  onnxFileFor,
} from '../model-profiles';
import { ConcurrencyGate } from '@docent/concurrency-gate';
import { type ModelDtype, type ModelProfile } from '../types';
import { missingModelFiles } from './model-folder';

const DEFAULT_REMOTE_HOST = 'https://huggingface.co/';

export interface LoadModelOptions {
  modelId: string;
  modelsDir: string;
  allowDownload: boolean;
  onProgress: (progress: DownloadProgress) => void;
  /** Hub to download from; defaults to $HF_ENDPOINT, then huggingface.co. */
  remoteHost?: string;
  /** Threads one inference may use; default: onnxruntime's (every core). */
  threads?: number;
  /** Weights to load (which ONNX file); default the model profile's. */
  dtype?: ModelDtype;
}

export interface LoadedModel {
  tokenizer: PreTrainedTokenizer;
  model: PreTrainedModel;
  profile: ModelProfile;
}

/** transformers.js reads its global `env` while loading, so loads (of any model) take turns. */
export const modelLoads = new ConcurrencyGate();

function progressForwarder(
  modelId: string,
  onProgress: (progress: DownloadProgress) => void,
): (info: ProgressInfo) => void {
  const sizes = new Map<string, { loaded: number; total: number }>();
  return (info) => {
    if (info.status === 'progress') {
      sizes.set(info.file, { loaded: info.loaded, total: info.total });
      onProgress({
        model: modelId,
        file: info.file,
        loadedBytes: info.loaded,
        totalBytes: info.total,
        percent: info.total > 0 ? info.progress : 0,
        done: false,
      });
    } else if (info.status === 'done') {
      const size = sizes.get(info.file) ?? { loaded: 0, total: 0 };
      onProgress({
        model: modelId,
        file: info.file,
        loadedBytes: size.loaded,
        totalBytes: size.total,
        percent: 100,
        done: true,
      });
    }
  };
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
}

/**
 * First line of an error plus the first system error code in its causes (ECONNREFUSED,
 * ENOTFOUND…), enough to tell "offline" from "no such model". Duck-typed: fetch errors may
 * come from another realm.
 */
function describeFailure(error: unknown): string {
  const top = (error ?? {}) as ErrorLike;
  const message = typeof top.message === 'string' ? top.message : String(error);
  let code: string | undefined;
  for (let link: unknown = error, depth = 0; link && depth < 4 && !code; depth += 1) {
    const candidate = (link as ErrorLike).code;
    if (typeof candidate === 'string') code = candidate;
    link = (link as ErrorLike).cause;
  }
  const firstLine = message.split('\n')[0] ?? message;
  return code ? `${firstLine} (${code})` : firstLine;
}

function profileFor(
  options: LoadModelOptions,
  config: unknown,
  tokenizerMaxLength: number,
): ModelProfile {
  const profile =
    knownModelProfile(options.modelId) ??
    deriveModelProfile(options.modelId, config as EncoderConfigFields, tokenizerMaxLength);
  return options.dtype ? { ...profile, dtype: options.dtype } : profile;
}

async function loadFiles(options: LoadModelOptions, download: boolean): Promise<LoadedModel> {
  env.allowLocalModels = true;
  env.localModelPath = options.modelsDir;
  // Downloads land where local models are looked up, so a model is fetched only once.
  env.cacheDir = options.modelsDir;
  env.useFSCache = true;
  env.allowRemoteModels = download;
  env.remoteHost = options.remoteHost ?? process.env.HF_ENDPOINT ?? DEFAULT_REMOTE_HOST;

  const pretrained = {
    local_files_only: !download,
    ...(download
      ? { progress_callback: progressForwarder(options.modelId, options.onProgress) }
      : {}),
  };
  const config = await AutoConfig.from_pretrained(options.modelId, pretrained);
  const tokenizer = await AutoTokenizer.from_pretrained(options.modelId, pretrained);
  const profile = profileFor(options, config, tokenizer.model_max_length);
  const model = await AutoModel.from_pretrained(options.modelId, {
    ...pretrained,
    config,
    dtype: profile.dtype,
    device: 'cpu',
    // Several workers on one host must share its cores instead of each taking all of them.
    ...(options.threads
      ? { session_options: { intraOpNumThreads: options.threads, interOpNumThreads: 1 } }
      : {}),
  });
  return { tokenizer, model, profile };
}

/**
 * Loads a model from `modelsDir/<modelId>/`, downloading the missing files there first when
 * allowed. Never touches the network when the files are present or downloads are off.
 */
export function loadModel(options: LoadModelOptions): Promise<LoadedModel> {
  return modelLoads.run(async () => {
    const { modelId, modelsDir, allowDownload } = options;
    const onnxFile = onnxFileFor(options.dtype ?? knownModelProfile(modelId)?.dtype ?? 'fp32');
    const missing = missingModelFiles(modelsDir, modelId, onnxFile);
    if (missing.length > 0 && !allowDownload) {
      throw new EmbeddingModelUnavailableError(
        modelId,
        modelsDir,
        `${missing.join(', ')} not found under ${modelsDir} and downloading is turned off`,
        onnxFile,
      );
    }
    try {
      return await loadFiles(options, missing.length > 0);
    } catch (error) {
      if (missing.length === 0) throw error;
      throw new EmbeddingModelUnavailableError(
        modelId,
        modelsDir,
        `it is not under ${modelsDir} and the download failed: ${describeFailure(error)}`,
        onnxFile,
      );
    }
  });
}
