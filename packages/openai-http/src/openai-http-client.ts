import { retryAfterDelayMs } from '@docent/connector-sdk';

export interface OpenAiHttpClientOptions {
  /** e.g. https://api.openai.com/v1 or any OpenAI-compatible server. */
  baseUrl: string;
  apiKey?: string;
  /**
   * How the key travels: `bearer` (`Authorization: Bearer`, OpenAI and the servers compatible
   * with it) or `api-key` (the `api-key` header of Azure OpenAI). Default `bearer`.
   */
  keyHeader?: 'bearer' | 'api-key';
  /** Query parameters of every request, e.g. Azure's `api-version`. */
  query?: Record<string, string>;
  /** Retries of 429, 5xx, network errors and attempt timeouts. */
  maxRetries: number;
  /** The wait before retry `n + 1` when the server names none: `min(maxMs, baseMs * 2^n)`. */
  backoff: { baseMs: number; maxMs: number };
  /** Cap on the wait a `Retry-After` header asks for. */
  maxRetryAfterMs: number;
  /** Injected in tests so retries do not wait real seconds. */
  sleep?: (ms: number) => Promise<void>;
}

export interface PostOptions {
  /** Each attempt is abandoned (and retried) after this long. */
  attemptTimeoutMs?: number;
  /** The caller's: once aborted, no more attempts, and the abort error is thrown as it is. */
  signal?: AbortSignal;
}

/** Why a request failed after its retries; the messages the callers build never hold the key. */
export type OpenAiFailure =
  /** 401 or 403: the key is missing, wrong or lacks access. */
  | { kind: 'rejected-key'; status: number }
  /** Any other status; `retries` spent on it, `detail` is the body's error message, redacted. */
  | { kind: 'http'; status: number; retryable: boolean; retries: number; detail: string | null }
  /** No answer: DNS, connection refused or reset... `reason` is the error code or message. */
  | { kind: 'unreachable'; reason: string | null; retries: number }
  /** The last attempt ran past `attemptTimeoutMs`. */
  | { kind: 'timeout'; retries: number };

export class OpenAiRequestError extends Error {
  override readonly name = 'OpenAiRequestError';

  constructor(
    readonly url: URL,
    readonly failure: OpenAiFailure,
  ) {
    super(
      `${url.origin}: ${failure.kind}${'status' in failure ? ` (HTTP ${failure.status})` : ''}`,
    );
  }
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One retry loop for every call to an OpenAI-compatible service (embeddings, chat completions):
 * 429 and 5xx wait for `Retry-After` (capped) or an exponential backoff, network errors and
 * attempt timeouts back off, 401/403 and other statuses fail at once.
 */
export class OpenAiHttpClient {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: OpenAiHttpClientOptions) {
    this.sleep = options.sleep ?? realSleep;
  }

  /** `path` relative to the base URL (`embeddings`, `chat/completions`), with the query. */
  url(path: string): URL {
    const url = new URL(path, `${this.options.baseUrl.replace(/\/+$/, '')}/`);
    for (const [name, value] of Object.entries(this.options.query ?? {})) {
      url.searchParams.set(name, value);
    }
    return url;
  }

  /** POSTs `body` as JSON and returns the parsed JSON of a 2xx answer. */
  async postJson(path: string, body: unknown, options: PostOptions = {}): Promise<unknown> {
    return (await this.post(path, body, options)).json();
  }

  /**
   * POSTs `body` as JSON and returns the 2xx response unread, for a streamed body (server-sent
   * events): the retries end once the status is 2xx, so what the stream then does is the
   * caller's to handle.
   */
  postForStream(path: string, body: unknown, options: PostOptions = {}): Promise<Response> {
    return this.post(path, body, options);
  }

  /**
   * One GET of `path` (no retries: a probe says how the service is now), its parsed JSON on a
   * 2xx; failures as `OpenAiRequestError`, like the POSTs'.
   */
  async getJson(path: string, options: { timeoutMs: number }): Promise<unknown> {
    const response = await this.request('GET', path, undefined, {
      maxRetries: 0,
      attemptTimeoutMs: options.timeoutMs,
    });
    return response.json();
  }

  private post(path: string, body: unknown, options: PostOptions): Promise<Response> {
    return this.request('POST', path, JSON.stringify(body), {
      ...options,
      maxRetries: this.options.maxRetries,
    });
  }

  /**
   * Sends one request (`payload` is a JSON body) with up to `maxRetries` retries of network
   * errors, attempt timeouts, 429 and 5xx; resolves with the first 2xx response, unread.
   */
  private async request(
    method: 'GET' | 'POST',
    path: string,
    payload: string | undefined,
    options: PostOptions & { maxRetries: number },
  ): Promise<Response> {
    const url = this.url(path);
    const { maxRetries } = options;
    for (let attempt = 0; ; attempt += 1) {
      const retriesLeft = attempt < maxRetries;
      const attemptTimeout =
        options.attemptTimeoutMs === undefined
          ? undefined
          : AbortSignal.timeout(options.attemptTimeoutMs);
      const signals = [options.signal, attemptTimeout].filter((s) => s !== undefined);
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: this.headers(payload !== undefined),
          body: payload,
          signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (retriesLeft) {
          await this.sleep(this.backoffMs(attempt));
          continue;
        }
        if (attemptTimeout?.aborted) {
          throw new OpenAiRequestError(url, { kind: 'timeout', retries: attempt });
        }
        throw new OpenAiRequestError(url, {
          kind: 'unreachable',
          reason: this.networkReason(error),
          retries: attempt,
        });
      }
      if (response.ok) return response;
      if (response.status === 401 || response.status === 403) {
        await discard(response);
        throw new OpenAiRequestError(url, { kind: 'rejected-key', status: response.status });
      }
      const retryable = response.status === 429 || response.status >= 500;
      if (retryable && retriesLeft) {
        const wait =
          retryAfterDelayMs(
            response.headers.get('retry-after') ?? undefined,
            Date.now(),
            this.options.maxRetryAfterMs,
          ) ?? this.backoffMs(attempt);
        await discard(response);
        await this.sleep(wait);
        continue;
      }
      throw new OpenAiRequestError(url, {
        kind: 'http',
        status: response.status,
        retryable,
        retries: attempt,
        detail: await this.errorDetail(response),
      });
    }
  }

  private headers(withBody: boolean): Record<string, string> {
    const headers: Record<string, string> = withBody ? { 'Content-Type': 'application/json' } : {};
    const key = this.options.apiKey;
    if (key && this.options.keyHeader === 'api-key') headers['api-key'] = key;
    else if (key) headers.Authorization = `Bearer ${key}`;
    return headers;
  }

  private backoffMs(attempt: number): number {
    const { baseMs, maxMs } = this.options.backoff;
    return Math.min(baseMs * 2 ** attempt, maxMs);
  }

  /** The `error` (string or `{ message }`) of an OpenAI-style error body, if there is one. */
  private async errorDetail(response: Response): Promise<string | null> {
    try {
      const parsed = JSON.parse(await response.text()) as {
        error?: { message?: unknown } | string;
      };
      const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
      return typeof message === 'string' ? this.redact(message) : null;
    } catch {
      // Not JSON: the status alone has to do.
      return null;
    }
  }

  private networkReason(error: unknown): string | null {
    // Duck-typed: fetch may throw errors from another realm (e.g. under jest).
    const { cause } = (error ?? {}) as { cause?: unknown };
    const { code, message } = (cause ?? error ?? {}) as { code?: unknown; message?: unknown };
    const reason = typeof code === 'string' ? code : typeof message === 'string' ? message : '';
    return reason ? this.redact(reason) : null;
  }

  /** Services sometimes echo the key back in error messages. */
  private redact(text: string): string {
    const key = this.options.apiKey;
    return key ? text.split(key).join('***') : text;
  }
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
