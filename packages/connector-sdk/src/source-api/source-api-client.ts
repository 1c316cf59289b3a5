import { authorizationFor } from '../authorization-header';
import type { ConnectorContext } from '../connector';
import { SourceError } from '../errors';
import { hostForMessages } from '../host-for-messages';
import type {
  HttpResponse,
  QueryValue,
  RequestPacing,
  RetryPolicy,
  SourceHttpClient,
} from '../http/types';
import { type AnswerContext, failureOfAnswer } from './answer-failure';
import { DocumentErrorMonitor } from './document-error-monitor';
import { sourceFailedDocument } from './source-outage-rule';
import { DocumentRequestError } from './document-request-error';
import { readErrorBody } from './error-body';
import { documentLabel, type RequestSubject } from './request-subject';
import type { SourceProfile } from './source-profile';
import { failureOfThrown } from './thrown-failure';

export interface SourceApiOptions {
  /** The session's client (`context.http`): retries, timeouts, the SSRF guard. */
  http: SourceHttpClient;
  profile: SourceProfile;
  /** Relative paths are appended to it. */
  baseUrl: string;
  /** The `Authorization` value for the next request (see `authorizationFor`). */
  authorization: () => Promise<string>;
  /** Sent with every request (`accept`, an API version). */
  headers?: Record<string, string>;
  /** `context.signal`: a cancelled ingestion stops its requests. */
  signal?: AbortSignal;
  /** Retried besides the client's defaults (429, 502-504, GET 500) and profile throttling. */
  retryStatuses?: readonly number[];
  /** A per-token rate limiter, given the Authorization value of the request. */
  pacing?: (authorization: string) => RequestPacing;
  /** Default: a monitor of its own, so one per session. */
  monitor?: DocumentErrorMonitor;
}

export interface ApiRequest extends AnswerContext {
  method?: 'GET' | 'POST';
  /** A path under `baseUrl`, or an absolute URL (a next link the source handed out). */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: Record<string, unknown>;
  /** This request's own headers, over the client's (a download's `accept`). */
  headers?: Record<string, string>;
  /** What the request is about: it decides whether a failure is the source's or a document's. */
  about: RequestSubject;
  retry?: Partial<RetryPolicy>;
}

export interface JsonAnswer<T> {
  body: T;
  headers: HttpResponse['headers'];
}

/**
 * A source's API as every connector calls it: authorized requests through the session's HTTP
 * client, and every failure turned into the error the service understands — a `SourceError`
 * when the request was about the source, a `DocumentRequestError` when it was about one
 * document, watched by the error monitor so that a dead source still fails fast.
 */
export class SourceApiClient {
  private readonly monitor: DocumentErrorMonitor;

  /** The client of a session: its HTTP client, signal, and the credentials it was given. */
  static forSession(
    context: Pick<ConnectorContext<unknown>, 'http' | 'credentials' | 'signal'>,
    options: Omit<SourceApiOptions, 'http' | 'authorization' | 'signal'>,
  ): SourceApiClient {
    return new SourceApiClient({
      ...options,
      http: context.http,
      authorization: authorizationFor(context.credentials),
      signal: context.signal,
    });
  }

  constructor(private readonly options: SourceApiOptions) {
    this.monitor = options.monitor ?? new DocumentErrorMonitor(options.profile.name);
  }

  /** Any answer, whatever its status; throws only when none could be had. */
  async send(request: ApiRequest): Promise<HttpResponse> {
    const { http, profile, signal, retryStatuses, pacing } = this.options;
    const url = this.urlOf(request.path);
    // Outside the try: a failed OAuth refresh is the credential store's error to report.
    const authorization = await this.options.authorization();
    try {
      return await http.request({
        method: request.method ?? 'GET',
        url,
        ...(request.query ? { query: request.query } : {}),
        ...(request.body ? { body: request.body } : {}),
        // An empty value is a public source: no Authorization header at all.
        headers: {
          ...this.options.headers,
          ...request.headers,
          ...(authorization === '' ? {} : { authorization }),
        },
        ...(signal ? { signal } : {}),
        ...(request.retry ? { retry: request.retry } : {}),
        ...(pacing ? { pacing: pacing(authorization) } : {}),
        ...(retryStatuses || profile.isThrottling
          ? { isRetryable: (status: number, text: string) => this.isRetryable(status, text) }
          : {}),
      });
    } catch (thrown) {
      throw this.settle(
        failureOfThrown(thrown, request.about, {
          source: profile.name,
          host: hostForMessages(url),
        }),
        request,
      );
    }
  }

  /** A 2xx answer, body unread (a download); any other answer throws its failure. */
  async call(request: ApiRequest): Promise<HttpResponse> {
    const response = await this.send(request);
    const ok =
      (response.status >= 200 && response.status < 300) ||
      (response.status === 304 && isConditional(request));
    if (!ok) {
      throw await this.failureOf(response, request);
    }
    if (request.about.kind === 'document') this.monitor.answered(request.about.sourceId);
    return response;
  }

  /** A 2xx JSON body; anything else throws its failure. */
  async json<T = unknown>(request: ApiRequest): Promise<JsonAnswer<T>> {
    const response = await this.call(request);
    try {
      return { body: await response.json<T>(), headers: response.headers };
    } catch (thrown) {
      const called = { source: this.options.profile.name, host: hostForMessages(response.url) };
      throw this.settle(
        thrown instanceof SyntaxError
          ? notJson(request.about, called, thrown)
          : failureOfThrown(thrown, request.about, called),
        request,
      );
    }
  }

  /** The error an answer that is not 2xx stands for (its body is read: that frees the socket). */
  async failureOf(response: HttpResponse, request: ApiRequest): Promise<Error> {
    const text = await response.text().catch(() => '');
    const failure = failureOfAnswer(
      this.options.profile,
      {
        status: response.status,
        headers: response.headers,
        url: response.url,
        host: hostForMessages(response.url),
        body: readErrorBody(this.options.profile, text),
        subject: request.about,
      },
      request,
    );
    return this.settle(failure, request);
  }

  /** Lets the monitor see every outcome of a document request; it may make it the source's. */
  private settle(failure: Error, request: ApiRequest): Error {
    const { about } = request;
    if (about.kind !== 'document' || !(failure instanceof DocumentRequestError)) return failure;
    if (sourceFailedDocument(failure)) {
      return this.monitor.failed(about.sourceId, documentLabel(about), failure) ?? failure;
    }
    this.monitor.answered(about.sourceId);
    return failure;
  }

  private isRetryable(status: number, text: string): boolean {
    const { retryStatuses, profile } = this.options;
    if (retryStatuses?.includes(status)) return true;
    return profile.isThrottling?.(status, readErrorBody(profile, text)) ?? false;
  }

  private urlOf(path: string): string {
    return /^https?:\/\//i.test(path) ? path : `${this.options.baseUrl}${path}`;
  }
}

/** A request with a validator (`If-None-Match`, `If-Modified-Since`): 304 is its answer too. */
function isConditional(request: ApiRequest): boolean {
  return Object.keys(request.headers ?? {}).some((name) =>
    /^if-(none-match|modified-since)$/i.test(name),
  );
}

function notJson(
  about: RequestSubject,
  { source, host }: { source: string; host: string },
  cause: SyntaxError,
): Error {
  const message = `${source} at ${host} answered with a body that is not JSON`;
  return about.kind === 'document'
    ? new DocumentRequestError('internal', message, { cause, source })
    : new SourceError('internal', message, { cause });
}
