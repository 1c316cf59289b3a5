import {
  hostForMessages,
  type HttpMethod,
  HttpNetworkError,
  type HttpRequest,
  type HttpResponse,
  type QueryValue,
  SourceError,
  type SourceHttpClient,
  thrownToSourceError,
} from '@docent/connector-sdk';
import type { ConcurrencyGate } from '@docent/concurrency-gate';
import { failureOf } from './notion-failure';
import { NOTION_VERSION } from './notion-version';
import type { RequestPacer } from './request-pacer';

/** The token for the next request (OAuth tokens are asked for every time: they refresh). */
export type TokenProvider = () => Promise<string>;

export interface NotionHttpDeps {
  http: SourceHttpClient;
  /** API base without `/v1`. */
  baseUrl: string;
  token: TokenProvider;
  pacer: RequestPacer;
  gate: ConcurrencyGate;
  signal: AbortSignal;
}

/** Worth another attempt: throttling, overload (529) and server errors (every call here reads). */
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504, 529]);

/**
 * Every Notion call: a slot in the session's concurrency gate, a token from the per-token rate
 * budget, then the shared client. Answers other than 2xx become SourceErrors.
 */
export class NotionHttp {
  private readonly host: string;

  constructor(private readonly deps: NotionHttpDeps) {
    this.host = hostForMessages(deps.baseUrl);
  }

  get(path: string, query?: Record<string, QueryValue>): Promise<unknown> {
    return this.send('GET', path, query, undefined);
  }

  post(path: string, body: Record<string, unknown>): Promise<unknown> {
    return this.send('POST', path, undefined, body);
  }

  private send(
    method: HttpMethod,
    path: string,
    query: Record<string, QueryValue> | undefined,
    body: Record<string, unknown> | undefined,
  ): Promise<unknown> {
    const what = `${method} ${describePath(path)}`;
    return this.deps.gate.run(async () => {
      // Outside any try: a failed OAuth refresh is the credential store's error to report.
      const token = await this.deps.token();
      const response = await this.exchange(
        {
          method,
          url: `${this.deps.baseUrl}${path}`,
          ...(query ? { query } : {}),
          ...(body ? { body } : {}),
          headers: {
            authorization: `Bearer ${token}`,
            'notion-version': NOTION_VERSION,
            accept: 'application/json',
          },
          signal: this.deps.signal,
          isRetryable: (status) => RETRIED_STATUSES.has(status),
        },
        token,
      );
      if (response.status < 200 || response.status >= 300) throw await failureOf(response, what);
      try {
        return await response.json();
      } catch (thrown) {
        if (!(thrown instanceof SyntaxError)) throw this.errorFromThrown(thrown);
        throw new SourceError('internal', `Notion answered ${what} with a body that is not JSON`, {
          cause: thrown,
        });
      }
    });
  }

  /**
   * The first attempt goes alone (no client retries), so a 429 or 529 reaches the pacer, which
   * then holds back every request with this token for the Retry-After, instead of each throttled
   * request retrying on its own at the same instant (and meeting the next 429 together). After
   * that, the client's own policy retries (Retry-After honoured, backoff, two-minute budget).
   */
  private async exchange(request: HttpRequest, token: string): Promise<HttpResponse> {
    const { http, pacer, signal } = this.deps;
    await pacer.pace(token, signal);
    let first: HttpResponse;
    try {
      first = await http.request({ ...request, retry: { maxAttempts: 1 } });
    } catch (thrown) {
      if (!(thrown instanceof HttpNetworkError)) throw this.errorFromThrown(thrown);
      return this.withClientRetries(request, token);
    }
    if (!RETRIED_STATUSES.has(first.status)) return first;
    if (first.status === 429 || first.status === 529) {
      pacer.holdBack(token, first.headers['retry-after']);
    }
    await first.buffer().catch(() => undefined); // frees the connection
    return this.withClientRetries(request, token);
  }

  private errorFromThrown(thrown: unknown): Error {
    return thrownToSourceError(thrown, { source: 'Notion', host: this.host });
  }

  private async withClientRetries(request: HttpRequest, token: string): Promise<HttpResponse> {
    await this.deps.pacer.pace(token, this.deps.signal);
    try {
      return await this.deps.http.request(request);
    } catch (thrown) {
      throw this.errorFromThrown(thrown);
    }
  }
}

/** The path with ids replaced, for messages: `/v1/blocks/{id}/children`. */
function describePath(path: string): string {
  return path.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '/{id}');
}
