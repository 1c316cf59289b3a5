import { OpenAiHttpClient, OpenAiRequestError } from '@docent/openai-http';
import { EmbeddingServiceError } from '../errors';
import { normalizeInPlace } from '../vectors';

export interface EmbeddingsClientOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per request; default 60 s. */
  timeoutMs?: number;
  /** Retries of 429, 5xx, timeouts and network errors; default 4. */
  maxRetries?: number;
  /** Injected in tests so retries do not wait real seconds. */
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRIES = 4;
const MAX_RETRY_AFTER_MS = 60_000;
const MAX_DETAIL_LENGTH = 200;

interface EmbeddingsResponse {
  data?: { embedding?: unknown; index?: unknown }[];
}

function isNumberArray(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'number');
}

/** POST {baseUrl}/embeddings for one batch: retries, clear errors, never the key in a message. */
export class EmbeddingsClient {
  private readonly http: OpenAiHttpClient;
  private readonly origin: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: EmbeddingsClientOptions) {
    this.http = new OpenAiHttpClient({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      backoff: { baseMs: 1000, maxMs: MAX_RETRY_AFTER_MS },
      maxRetryAfterMs: MAX_RETRY_AFTER_MS,
      sleep: options.sleep,
    });
    this.origin = this.http.url('embeddings').origin;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async embed(input: string[]): Promise<Float32Array[]> {
    let json: unknown;
    try {
      json = await this.http.postJson(
        'embeddings',
        { model: this.options.model, input },
        { attemptTimeoutMs: this.timeoutMs },
      );
    } catch (error) {
      throw error instanceof OpenAiRequestError ? this.serviceError(error) : error;
    }
    return this.parse(json, input.length);
  }

  private parse(json: unknown, expected: number): Float32Array[] {
    const data = (json as EmbeddingsResponse | null)?.data;
    if (!Array.isArray(data) || data.length !== expected) {
      throw new EmbeddingServiceError(
        `The embedding service at ${this.origin} returned ${Array.isArray(data) ? data.length : 'no'} ` +
          `embeddings for ${expected} inputs.`,
      );
    }
    const ordered = [...data].sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0));
    const vectors = ordered.map((item) => {
      if (!isNumberArray(item.embedding)) {
        throw new EmbeddingServiceError(
          `The embedding service at ${this.origin} returned an embedding that is not a list of numbers.`,
        );
      }
      return normalizeInPlace(Float32Array.from(item.embedding));
    });
    if (vectors.some((vector) => vector.length !== vectors[0]?.length)) {
      throw new EmbeddingServiceError(
        `The embedding service at ${this.origin} returned embeddings of different sizes.`,
      );
    }
    return vectors;
  }

  private serviceError({ failure }: OpenAiRequestError): EmbeddingServiceError {
    const service = `The embedding service at ${this.origin}`;
    switch (failure.kind) {
      case 'rejected-key':
        return new EmbeddingServiceError(
          `${service} rejected the API key (HTTP ${failure.status}). Check OPENAI_API_KEY.`,
          failure.status,
        );
      case 'timeout':
        return new EmbeddingServiceError(
          `${service} did not answer within ${Math.round(this.timeoutMs / 1000)} s ` +
            `(after ${failure.retries} retries).`,
        );
      case 'unreachable':
        return new EmbeddingServiceError(
          `Could not reach the embedding service at ${this.origin}` +
            `${failure.reason ? ` (${failure.reason})` : ''} after ${failure.retries} retries.`,
        );
      case 'http': {
        const after =
          failure.retryable && failure.retries > 0 ? ` after ${failure.retries} retries` : '';
        const what =
          failure.status === 429 ? 'is rate limiting requests' : `answered HTTP ${failure.status}`;
        const detail = failure.detail ? `: ${failure.detail.slice(0, MAX_DETAIL_LENGTH)}` : '';
        return new EmbeddingServiceError(`${service} ${what}${after}${detail}`, failure.status);
      }
    }
  }
}
