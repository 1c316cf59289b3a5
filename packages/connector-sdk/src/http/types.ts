import type { Readable } from 'node:stream';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface RetryPolicy {
  /** Give up once this much time has been spent retrying one request (contract: ~2 min). */
  maxRetryTimeMs: number;
  /** First backoff when the server gives no Retry-After; doubles each attempt, with jitter. */
  baseDelayMs: number;
  /** Cap on one wait, including a server's Retry-After. */
  maxDelayMs: number;
  /** Cap on attempts (first try included). */
  maxAttempts: number;
}

export interface HttpRequest {
  method?: HttpMethod;
  url: string | URL;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** A plain object is sent as JSON. */
  body?: string | Buffer | Record<string, unknown> | unknown[];
  /** Time allowed for the response headers (and for each gap between body chunks). */
  timeoutMs?: number;
  signal?: AbortSignal;
  retry?: Partial<RetryPolicy>;
  /**
   * Decides whether a response is a transient failure worth retrying, beyond the defaults
   * (429, 502, 503, 504). Google's `403 rateLimitExceeded` is the typical use. The body is
   * read (and buffered) only when this hook is given and the status is not 2xx.
   */
  isRetryable?: (status: number, bodyText: string) => boolean;
  /** Follow 3xx (default true). Every hop is re-checked by the SSRF guard; credentials are dropped cross-origin. */
  followRedirects?: boolean;
  /** A rate limiter's say in this request's attempts (see RequestPacing). */
  pacing?: RequestPacing;
}

/** One attempt about to be retried: what it got, and the wait the policy chose. */
export interface PlannedRetry {
  /** The attempt that failed (1 = the first try). */
  attempt: number;
  /** Absent when no response came (network failure). */
  status?: number;
  headers?: Record<string, string | undefined>;
  /** Retry-After (capped), else the backoff. */
  delayMs: number;
}

/**
 * Lets a per-token rate limiter take part in the client's retries without a second client
 * call: every attempt waits for its turn, and a throttled answer can hand its Retry-After to
 * the limiter (which then holds back every request of that token) instead of waiting alone.
 */
export interface RequestPacing {
  /** Before every attempt, the first included. */
  beforeAttempt(signal?: AbortSignal): Promise<void>;
  /** The wait the client itself still sleeps before the next attempt (default `delayMs`). */
  retryDelay?(retry: PlannedRetry): number;
}

export interface HttpResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  /** The URL that answered, after redirects. */
  url: string;
  text(): Promise<string>;
  json<T = unknown>(): Promise<T>;
  buffer(): Promise<Buffer>;
  /** The raw body; use instead of text/json/buffer, not in addition. */
  stream(): Readable;
}

export interface SourceHttpClient {
  /**
   * Sends a request, retrying transient failures within the retry policy. Resolves with the
   * final response whatever its status (including a last 429); rejects only when no response
   * could be had (network failure after retries, timeout, abort, URL refused by the SSRF guard).
   */
  request(req: HttpRequest): Promise<HttpResponse>;
}
