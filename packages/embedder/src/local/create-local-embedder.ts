import { ConcurrencyGate } from '@docent/concurrency-gate';
import type { Tensor } from '@huggingface/transformers';
import { type DownloadProgress } from '../config';
import { type Embedder, type ModelDtype } from '../types';
import { LocalEmbedder, type LocalModelRuns, type ModelLane } from './local-embedder';
import { loadModel } from './load-model';
import { assertValidModelId } from './model-folder';
import { threadCpuSeconds } from '../thread-cpu';
import { ThreadedForwardPass } from './threaded-forward-pass';

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
  /**
   * Embed documents in a worker thread (default true): a batch then never blocks this thread's
   * event loop, and a question is embedded here without waiting for it. Costs a second copy of
   * the model in memory, loaded on the first batch.
   */
  documentsInWorker?: boolean;
}

export async function createLocalEmbedder(options: LocalEmbedderOptions): Promise<Embedder> {
  assertValidModelId(options.modelId);
  const { tokenizer, model, profile } = await loadModel(options);
  // ONNX Runtime's Node binding runs a pass on this thread: its CPU is this thread's meanwhile.
  let hereCpuSeconds = 0;
  const here: ModelLane = {
    forward: async (inputs) => {
      const started = threadCpuSeconds();
      try {
        return (await model(inputs)) as Record<string, Tensor>;
      } finally {
        hereCpuSeconds += threadCpuSeconds() - started;
      }
    },
    gate: new ConcurrencyGate(),
    cpuSeconds: () => hereCpuSeconds,
  };
  let runs: LocalModelRuns;
  if (options.documentsInWorker === false) {
    runs = {
      documents: here,
      queries: here,
      dispose: async () => {
        await model.dispose();
      },
    };
  } else {
    const worker = new ThreadedForwardPass({
      modelsDir: options.modelsDir,
      modelId: options.modelId,
      dtype: profile.dtype,
      ...(options.threads !== undefined && { threads: options.threads }),
    });
    runs = {
      documents: {
        forward: worker.run,
        gate: new ConcurrencyGate(),
        cpuSeconds: () => worker.cpuSeconds(),
      },
      queries: here,
      dispose: async () => {
        await worker.close();
        await model.dispose();
      },
    };
  }
  return LocalEmbedder.create(options.modelId, tokenizer, runs, profile, options.batchSize);
}
