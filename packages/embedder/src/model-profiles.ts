import { type ModelCalibration, type ModelProfile } from './types';

const BGE_QUERY_PREFIX = 'Represent this sentence for searching relevant passages: ';

/**
 * Models whose settings are known. Keys are the model name without its owner, lower-cased, so
 * a local copy under another folder (e.g. "local/bge-small-en-v1.5") gets the same profile.
 */
const KNOWN_PROFILES: ReadonlyMap<string, ModelProfile> = new Map([
  [
    'universal-sentence-encoder-lite-en',
    {
      dimensions: 512,
      pooling: 'cls',
      normalize: true,
      dtype: 'fp32',
      maxTokens: 128,
      queryPrefix: '',
      documentPrefix: '',
      collapseWhitespace: true,
    },
  ],
  [
    'bge-small-en-v1.5',
    {
      dimensions: 384,
      pooling: 'cls',
      normalize: true,
      dtype: 'fp32',
      maxTokens: 512,
      queryPrefix: BGE_QUERY_PREFIX,
      documentPrefix: '',
      collapseWhitespace: false,
    },
  ],
  [
    'all-minilm-l6-v2',
    {
      dimensions: 384,
      pooling: 'mean',
      normalize: true,
      dtype: 'fp32',
      maxTokens: 256,
      queryPrefix: '',
      documentPrefix: '',
      collapseWhitespace: false,
    },
  ],
]);

function modelName(modelId: string): string {
  return (modelId.split('/').at(-1) ?? modelId).toLowerCase();
}

export function knownModelProfile(modelId: string): ModelProfile | undefined {
  const profile = KNOWN_PROFILES.get(modelName(modelId));
  return profile ? { ...profile } : undefined;
}

/** The fields of a Hugging Face `config.json` that size an encoder. */
export interface EncoderConfigFields {
  hidden_size?: unknown;
  d_model?: unknown;
  dim?: unknown;
  max_position_embeddings?: unknown;
  n_positions?: unknown;
}

function positiveInteger(...values: unknown[]): number | undefined {
  return values.find((value): value is number => Number.isInteger(value) && (value as number) > 0);
}

/**
 * A profile for a model not in the table, from its `config.json`: width from `hidden_size`,
 * input cap from `max_position_embeddings` (bounded by the tokenizer's own limit when it has
 * one), mean pooling and normalisation, the usual choice for sentence-transformers models.
 */
export function deriveModelProfile(
  modelId: string,
  config: EncoderConfigFields,
  tokenizerMaxLength?: number,
): ModelProfile {
  const dimensions = positiveInteger(config.hidden_size, config.d_model, config.dim);
  if (dimensions === undefined) {
    throw new Error(
      `Cannot tell the embedding size of model "${modelId}": its config.json has no hidden_size.`,
    );
  }
  const positions = positiveInteger(config.max_position_embeddings, config.n_positions) ?? 512;
  const tokenizerLimit = positiveInteger(tokenizerMaxLength);
  return {
    dimensions,
    pooling: 'mean',
    normalize: true,
    dtype: 'fp32',
    maxTokens: tokenizerLimit === undefined ? positions : Math.min(positions, tokenizerLimit),
    queryPrefix: '',
    documentPrefix: '',
    collapseWhitespace: false,
  };
}

/** ONNX file transformers.js loads for a dtype. */
export function onnxFileFor(dtype: ModelProfile['dtype']): string {
  switch (dtype) {
    case 'fp32':
      return 'onnx/model.onnx';
    case 'fp16':
      return 'onnx/model_fp16.onnx';
    case 'q8':
      return 'onnx/model_quantized.onnx';
  }
}

/**
 * all-MiniLM-L6-v2's settings that carry over to a model of the same kind: 384-token chunks (two
 * 256-token windows; a shorter chunk is embedded once), better recall than chunks of the model's
 * cap on SQuAD and SciFact; a vector leg nearly as strong as BM25.
 */
const MINILM_KIND: ModelCalibration = { chunkTokens: 384, vectorWeight: 0.7, minEvidence: 0.36 };

/**
 * Retrieval and answer settings measured for a model with `pnpm bench:quality` (README,
 * "Quality"): they depend on the model's input cap and on the scale of its cosines.
 */
const KNOWN_CALIBRATIONS: ReadonlyMap<string, ModelCalibration> = new Map([
  // 384-token chunks embedded as the mean of 128-token windows; a weak vector leg.
  [
    'universal-sentence-encoder-lite-en',
    { chunkTokens: 384, vectorWeight: 0.4, minEvidence: 0.38 },
  ],
  // Asked-for words the collection lacks: 0.20–0.50 to the sentences answering fixture questions
  // ("font", "format", "tool", "mode", "rate", "gender"), −0.12–0.17 to those near-miss
  // questions get (round thirteen).
  ['all-minilm-l6-v2', { ...MINILM_KIND, askedWordSimilarity: 0.15 }],
]);

/**
 * Settings for models nobody has measured here (the production default bge-small, OpenAI
 * models): those of all-MiniLM-L6-v2, the strongest model measured, whose cosines and input
 * cap are of the same kind — but no asked-word similarity, whose floor depends on how the model
 * spreads the similarities of single words.
 */
const DEFAULT_CALIBRATION = MINILM_KIND;

/** The measured settings for `modelId` (local id or `openai:<model>`), else the default ones. */
export function modelCalibration(modelId: string): ModelCalibration {
  return { ...(KNOWN_CALIBRATIONS.get(modelName(modelId)) ?? DEFAULT_CALIBRATION) };
}
