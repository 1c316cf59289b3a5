import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { type LookupFunction } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { RequestAbortedError, throwIfAborted } from './abort-error';
import { ACCEPT_ENCODING } from './content-decoding';
import { errorCode } from './error-code';
import { HttpNetworkError } from './errors';
import { type Agents } from './hop-exchange';
import { isClientError, toNetworkError } from './network-failure';
import { sendFollowingRedirects } from './redirect-following';
import { mergeHeaders, prepareRequest, type PreparedRequest } from './request-preparation';
import {
  isTransientNetworkCode,
  isTransientNetworkError,
  isTransientStatus,
} from './retry-classification';
import { backoffDelayMs, retryAfterDelayMs } from './retry-timing';
import { flattenHeaders, SourceHttpResponse } from './source-http-response';
import type { HttpRequest, HttpResponse, RetryPolicy, SourceHttpClient } from './types';
import { redactUrl, withoutUserinfo } from './url-redaction';

export interface RetryEvent {
  /** Scheme, host and path only. */
  url: string;
  /** The attempt that failed (1 = the first try). */
  attempt: number;
  delayMs: number;
  status?: number;
  error?: string;
}

export interface SourceHttpClientOptions {
  /** `DOCENT_ALLOW_PRIVATE_NETWORK`: lets sources live on loopback or private networks. */
  allowPrivateNetwork: boolean;
  retry?: Partial<RetryPolicy>;
  /** Time allowed for the response headers and for each gap between body chunks. */
  timeoutMs?: number;
  userAgent?: string;
  defaultHeaders?: Record<string, string>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Jitter source in [0, 1). */
  random?: () => number;
  /** Resolver with `dns.lookup`'s signature; every address it returns passes the SSRF guard. */
  lookup?: LookupFunction;
  onRetry?: (event: RetryEvent) => void;
  /** Cap on bodies read with text/json/buffer (after decompression). */
  maxResponseBytes?: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxRetryTimeMs: 120_000,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  maxAttempts: 8,
};
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_USER_AGENT = 'Docent/0.1 (+https://github.com/docent)';
const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
/** Idle keep-alive sockets close before common server keep-alive timeouts (5 s in Node) do. */
const IDLE_SOCKET_TIMEOUT_MS = 4_000;

interface ClientSettings {
  allowPrivateNetwork: boolean;
  retry: RetryPolicy;
  timeoutMs: number;
  baseHeaders: Record<string, string>;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  random: () => number;
  lookup: LookupFunction | undefined;
  onRetry: ((event: RetryEvent) => void) | undefined;
  maxResponseBytes: number;
  agents: Agents;
}

/** What one attempt produced, and whether it is worth another. */
type AttemptOutcome =
  | { kind: 'response'; response: HttpResponse; retry: boolean; release: () => void }
  | { kind: 'failure'; error: unknown; retry: boolean };

/**
 * The HTTP client every connector uses: keep-alive, timeouts, retries with Retry-After and
 * backoff, decompression, redirects, and the SSRF guard on every connection.
 */
export function createSourceHttpClient(options: SourceHttpClientOptions): SourceHttpClient {
  const settings: ClientSettings = {
    allowPrivateNetwork: options.allowPrivateNetwork,
    retry: { ...DEFAULT_RETRY_POLICY, ...definedEntries(options.retry) },
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    baseHeaders: mergeHeaders(
      { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT, 'accept-encoding': ACCEPT_ENCODING },
      options.defaultHeaders,
    ),
    sleep: options.sleep ?? sleepUnlessAborted,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    lookup: options.lookup,
    onRetry: options.onRetry,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    agents: {
      http: new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_TIMEOUT_MS }),
      https: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_TIMEOUT_MS }),
    },
  };
  return { request: (req) => requestWithRetries(req, settings) };
}

async function requestWithRetries(
  req: HttpRequest,
  settings: ClientSettings,
): Promise<HttpResponse> {
  const prepared = prepareRequest(req, settings.baseHeaders);
  const policy: RetryPolicy = { ...settings.retry, ...definedEntries(req.retry) };
  const describe = `${prepared.method} ${redactUrl(prepared.url)}`;
  const startedAt = settings.now();

  for (let attempt = 1; ; attempt += 1) {
    throwIfAborted(req.signal);
    await req.pacing?.beforeAttempt(req.signal);
    throwIfAborted(req.signal);
    const outcome = await attemptOnce(prepared, req, settings, attempt, describe);
    const plannedMs = outcome.retry ? nextDelayMs(outcome, attempt, policy, settings) : 0;
    const outOfBudget =
      attempt >= policy.maxAttempts ||
      settings.now() - startedAt + plannedMs > policy.maxRetryTimeMs;

    if (!outcome.retry || outOfBudget) {
      if (outcome.kind === 'response') return outcome.response;
      throw toNetworkError(outcome.error, attempt, describe);
    }
    const delayMs = pacedDelayMs(req, outcome, attempt, plannedMs);
    if (outcome.kind === 'response') outcome.release();
    settings.onRetry?.({
      url: redactUrl(prepared.url),
      attempt,
      delayMs,
      ...(outcome.kind === 'response'
        ? { status: outcome.response.status }
        : {
            error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error),
          }),
    });
    await pause(settings, delayMs, req.signal);
  }
}

async function attemptOnce(
  prepared: PreparedRequest,
  req: HttpRequest,
  settings: ClientSettings,
  attempt: number,
  describe: string,
): Promise<AttemptOutcome> {
  let message: IncomingMessage;
  let finalUrl: URL;
  try {
    const final = await sendFollowingRedirects(
      {
        method: prepared.method,
        url: prepared.url,
        headers: prepared.headers,
        body: prepared.body,
      },
      {
        agents: settings.agents,
        policy: { allowPrivateNetwork: settings.allowPrivateNetwork, lookup: settings.lookup },
        followRedirects: req.followRedirects !== false,
        timeoutMs: req.timeoutMs ?? settings.timeoutMs,
        signal: req.signal,
      },
    );
    message = final.message;
    finalUrl = final.hop.url;
  } catch (err) {
    if (isClientError(err)) throw err;
    return { kind: 'failure', error: err, retry: isTransientNetworkError(err) };
  }

  const status = message.statusCode ?? 0;
  const init = {
    status,
    headers: flattenHeaders(message.headers),
    url: withoutUserinfo(finalUrl),
    maxResponseBytes: settings.maxResponseBytes,
    mapBodyError: (err: unknown): Error => bodyError(err, attempt, describe),
  };
  const hasBody = prepared.method !== 'HEAD' && status !== 204 && status !== 304;
  const response = SourceHttpResponse.fromMessage(message, hasBody, init);
  const release = (): void => {
    message.resume();
  };

  if (isTransientStatus(status, prepared.method))
    return { kind: 'response', response, retry: true, release };
  if (!req.isRetryable || (status >= 200 && status < 300)) {
    return { kind: 'response', response, retry: false, release };
  }
  // The hook needs the body; keep it in memory so the caller can still read the response.
  let data: Buffer;
  try {
    data = await response.buffer();
  } catch (err) {
    if (err instanceof HttpNetworkError && isTransientNetworkCode(err.causeCode)) {
      return { kind: 'failure', error: err, retry: true };
    }
    if (err instanceof RequestAbortedError) throw err;
    // Too large or undecodable: the caller meets the same error when reading this response.
    return { kind: 'response', response, retry: false, release };
  }
  const buffered = SourceHttpResponse.fromBuffer(data, init);
  const retry = req.isRetryable(status, await buffered.text());
  return { kind: 'response', response: buffered, retry, release: () => undefined };
}

function pacedDelayMs(
  req: HttpRequest,
  outcome: AttemptOutcome,
  attempt: number,
  delayMs: number,
): number {
  const retryDelay = req.pacing?.retryDelay;
  if (!retryDelay) return delayMs;
  return Math.max(
    0,
    retryDelay.call(req.pacing, {
      attempt,
      delayMs,
      ...(outcome.kind === 'response'
        ? { status: outcome.response.status, headers: outcome.response.headers }
        : {}),
    }),
  );
}

function nextDelayMs(
  outcome: AttemptOutcome,
  attempt: number,
  policy: RetryPolicy,
  settings: ClientSettings,
): number {
  const requested =
    outcome.kind === 'response'
      ? retryAfterDelayMs(
          outcome.response.headers['retry-after'],
          settings.now(),
          policy.maxDelayMs,
        )
      : undefined;
  return requested ?? backoffDelayMs(attempt, policy, settings.random);
}

async function pause(
  settings: ClientSettings,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (ms <= 0) return throwIfAborted(signal);
  try {
    await settings.sleep(ms, signal);
  } catch (err) {
    if (signal?.aborted) throw new RequestAbortedError(signal.reason);
    throw err;
  }
  throwIfAborted(signal);
}

async function sleepUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  await delay(ms, undefined, signal ? { signal } : {});
}

function bodyError(err: unknown, attempts: number, describe: string): Error {
  if (isClientError(err)) return err;
  const detail = err instanceof Error ? err.message : String(err);
  return new HttpNetworkError(
    `${describe}: reading the response body failed: ${detail}`,
    attempts,
    errorCode(err),
  );
}

/** Drops keys set to undefined so they do not override defaults when spread. */
function definedEntries<T extends object>(partial: Partial<T> | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(partial ?? {}).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
