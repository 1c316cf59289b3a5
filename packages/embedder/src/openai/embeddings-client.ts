import { retryAfterDelayMs } from '@docent/connector-sdk';
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

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_AFTER_MS);
}

function embeddingsUrl(baseUrl: string): URL {
  return new URL('embeddings', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

interface EmbeddingsResponse {
  data?: { embedding?: unknown; index?: unknown }[];
}

function isNumberArray(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'number');
}

/** POST {baseUrl}/embeddings for one batch: retries, clear errors, never the key in a message. */
export class EmbeddingsClient {
  private readonly url: URL;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: EmbeddingsClientOptions) {
    this.url = embeddingsUrl(options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.sleep = options.sleep ?? realSleep;
  }

  async embed(input: string[]): Promise<Float32Array[]> {
    const body = JSON.stringify({ model: this.options.model, input });
    for (let attempt = 0; ; attempt += 1) {
      const retriesLeft = attempt < this.maxRetries;
      let response: Response;
      try {
        response = await fetch(this.url, {
          method: 'POST',
          headers: this.headers(),
          body,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        if (retriesLeft) {
          await this.sleep(backoffMs(attempt));
          continue;
        }
        throw this.networkError(error);
      }
      if (response.ok) return this.parse(await response.json(), input.length);
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new EmbeddingServiceError(
          `The embedding service at ${this.url.origin} rejected the API key ` +
            `(HTTP ${response.status}). Check OPENAI_API_KEY.`,
          response.status,
        );
      }
      const retryable = response.status === 429 || response.status >= 500;
      if (retryable && retriesLeft) {
        const wait =
          retryAfterDelayMs(
            response.headers.get('retry-after') ?? undefined,
            Date.now(),
            MAX_RETRY_AFTER_MS,
          ) ?? backoffMs(attempt);
        await response.body?.cancel();
        await this.sleep(wait);
        continue;
      }
      throw await this.httpError(response, retryable ? attempt : 0);
    }
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;
    return headers;
  }

  private parse(json: unknown, expected: number): Float32Array[] {
    const data = (json as EmbeddingsResponse | null)?.data;
    if (!Array.isArray(data) || data.length !== expected) {
      throw new EmbeddingServiceError(
        `The embedding service at ${this.url.origin} returned ${Array.isArray(data) ? data.length : 'no'} ` +
          `embeddings for ${expected} inputs.`,
      );
    }
    const ordered = [...data].sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0));
    const vectors = ordered.map((item) => {
      if (!isNumberArray(item.embedding)) {
        throw new EmbeddingServiceError(
          `The embedding service at ${this.url.origin} returned an embedding that is not a list of numbers.`,
        );
      }
      return normalizeInPlace(Float32Array.from(item.embedding));
    });
    if (vectors.some((vector) => vector.length !== vectors[0]?.length)) {
      throw new EmbeddingServiceError(
        `The embedding service at ${this.url.origin} returned embeddings of different sizes.`,
      );
    }
    return vectors;
  }

  private networkError(error: unknown): EmbeddingServiceError {
    // Duck-typed: fetch may throw errors from another realm (e.g. under jest).
    const { name, cause } = (error ?? {}) as { name?: unknown; cause?: unknown };
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new EmbeddingServiceError(
        `The embedding service at ${this.url.origin} did not answer within ` +
          `${Math.round(this.timeoutMs / 1000)} s (after ${this.maxRetries} retries).`,
      );
    }
    const { code, message } = (cause ?? error ?? {}) as { code?: unknown; message?: unknown };
    const reason = typeof code === 'string' ? code : typeof message === 'string' ? message : '';
    return new EmbeddingServiceError(
      `Could not reach the embedding service at ${this.url.origin}` +
        `${reason ? ` (${this.redact(reason)})` : ''} after ${this.maxRetries} retries.`,
    );
  }

  private async httpError(response: Response, retries: number): Promise<EmbeddingServiceError> {
    let detail = '';
    try {
      const text = await response.text();
      const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
      const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
      if (typeof message === 'string')
        detail = `: ${this.redact(message).slice(0, MAX_DETAIL_LENGTH)}`;
    } catch {
      // The body is not JSON: the status alone has to do.
    }
    const after = retries > 0 ? ` after ${retries} retries` : '';
    const what =
      response.status === 429 ? 'is rate limiting requests' : `answered HTTP ${response.status}`;
    return new EmbeddingServiceError(
      `The embedding service at ${this.url.origin} ${what}${after}${detail}`,
      response.status,
    );
  }

  /** Services sometimes echo the key back in error messages. */
  private redact(text: string): string {
    const key = this.options.apiKey;
    return key ? text.split(key).join('***') : text;
  }
}
