import { UnavailableError } from '@docent/domain-errors';

/**
 * The local embedding model is neither in the models folder nor downloadable. The message says
 * how to point the service at a local copy.
 */
export class EmbeddingModelUnavailableError extends Error {
  override readonly name = 'EmbeddingModelUnavailableError';

  constructor(
    readonly modelId: string,
    readonly modelsDir: string,
    reason: string,
    /** The weights file the chosen dtype loads. */
    onnxFile = 'onnx/model.onnx',
  ) {
    super(
      `Embedding model "${modelId}" is not available: ${reason}. ` +
        `To use a local copy, set DOCENT_MODELS_DIR to a folder containing "${modelId}/" ` +
        `with ${onnxFile}, config.json and the tokenizer files (tokenizer.json, ` +
        `tokenizer_config.json), and set DOCENT_EMBEDDING_MODEL to "${modelId}" ` +
        `(or to the id of the folder you placed there).`,
    );
  }
}

/**
 * An OpenAI-compatible embedding endpoint failed; the message never contains the API key. An
 * `UnavailableError`: the API answers 503 (as for the answer model), not an internal error.
 */
export class EmbeddingServiceError extends UnavailableError {
  override readonly name = 'EmbeddingServiceError';

  constructor(
    message: string,
    /** HTTP status when the service answered, undefined for network failures and timeouts. */
    readonly status?: number,
  ) {
    super(message);
  }
}
