import {
  bearerAuthorization,
  hostForMessages,
  type HttpResponse,
  type QueryValue,
  type RetryPolicy,
  type SourceCredentials,
  SourceError,
  type SourceHttpClient,
  thrownToSourceError,
} from '@docent/connector-sdk';
import { failureFor, type RequestScope } from './drive-failure';
import { isRetryableDriveAnswer } from './google-error';

/** Produces the `Authorization` header value; OAuth tokens are asked for on every call. */
export type AuthorizationProvider = () => Promise<string>;

export function authorizationFor(credentials: SourceCredentials): AuthorizationProvider {
  if (credentials.mode !== 'basic') return bearerAuthorization(credentials);
  return () =>
    Promise.reject(
      new SourceError(
        'source_auth_failed',
        'Google Drive takes an OAuth access token, not a username',
      ),
    );
}

export interface DriveRequestOptions {
  /** Exports get a shorter retry budget: one stuck file must not hold the ingestion. */
  retry?: Partial<RetryPolicy>;
}

/** Authenticated GETs under `{apiBase}/drive/v3` through the shared client; failures mapped. */
export class DriveHttp {
  private readonly host: string;

  constructor(
    private readonly http: SourceHttpClient,
    private readonly authorization: AuthorizationProvider,
    private readonly apiBase: string,
    private readonly signal?: AbortSignal,
  ) {
    this.host = hostForMessages(apiBase);
  }

  /** A 2xx response (body unread), or the error its failure maps to. */
  async get(
    path: string,
    query: Record<string, QueryValue>,
    scope: RequestScope,
    options: DriveRequestOptions = {},
  ): Promise<HttpResponse> {
    // Outside the try: a failed OAuth refresh is the credential store's error to report.
    const authorization = await this.authorization();
    let response: HttpResponse;
    try {
      response = await this.http.request({
        method: 'GET',
        url: `${this.apiBase}/drive/v3${path}`,
        query,
        headers: { authorization },
        isRetryable: isRetryableDriveAnswer,
        ...(options.retry ? { retry: options.retry } : {}),
        ...(this.signal ? { signal: this.signal } : {}),
      });
    } catch (thrown) {
      throw thrownToSourceError(thrown, { source: 'Google Drive', host: this.host });
    }
    if (response.status < 200 || response.status >= 300) {
      throw await failureFor(response, scope);
    }
    return response;
  }

  async getJson(
    path: string,
    query: Record<string, QueryValue>,
    scope: RequestScope,
  ): Promise<unknown> {
    const response = await this.get(path, query, scope);
    try {
      return await response.json();
    } catch (thrown) {
      throw thrownToSourceError(thrown, { source: 'Google Drive', host: this.host });
    }
  }
}
