import {
  hostForMessages,
  type HttpResponse,
  type QueryValue,
  type SourceHttpClient,
} from '@docent/connector-sdk';
import { type FailureContext, toSourceError } from './confluence-failure';

/** Produces the `Authorization` header value; OAuth tokens are fetched (and refreshed) per call. */
export type AuthorizationProvider = () => Promise<string>;

export interface JsonAnswer {
  body: unknown;
  headers: HttpResponse['headers'];
}

/** Authenticated GETs through the shared client; failures become SourceErrors. */
export class ConfluenceHttp {
  constructor(
    private readonly http: SourceHttpClient,
    private readonly authorization: AuthorizationProvider,
    private readonly signal?: AbortSignal,
  ) {}

  /** Any answer, whatever its status; only a request that got no response throws. */
  async send(url: string, query?: Record<string, QueryValue>): Promise<HttpResponse> {
    // Outside the try: a failed OAuth refresh is the credential store's error to report.
    const authorization = await this.authorization();
    try {
      return await this.http.request({
        method: 'GET',
        url,
        ...(query ? { query } : {}),
        headers: { authorization, accept: 'application/json' },
        ...(this.signal ? { signal: this.signal } : {}),
      });
    } catch (thrown) {
      throw await toSourceError({ thrown }, { host: hostForMessages(url) });
    }
  }

  /** A 2xx JSON body, or the SourceError that matches the failure. */
  async getJson(
    url: string,
    query: Record<string, QueryValue> | undefined,
    context: Omit<FailureContext, 'host'> = {},
  ): Promise<JsonAnswer> {
    const response = await this.send(url, query);
    const failureContext = { ...context, host: hostForMessages(url) };
    if (response.status < 200 || response.status >= 300) {
      throw await toSourceError({ response }, failureContext);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (thrown) {
      throw await toSourceError({ thrown }, failureContext);
    }
    return { body, headers: response.headers };
  }
}
