import type {
  HttpResponse,
  QueryValue,
  RetryPolicy,
  SourceCredentials,
  SourceHttpClient,
} from '@docent/connector-sdk';
import { SourceError } from '@docent/connector-sdk';
import { failureFor, type RequestScope, thrownFailure } from './drive-failure';
import { isRetryableDriveAnswer } from './google-error';

/** Produces the `Authorization` header value; OAuth tokens are asked for on every call. */
export type AuthorizationProvider = () => Promise<string>;

export function authorizationFor(credentials: SourceCredentials): AuthorizationProvider {
  switch (credentials.mode) {
    case 'bearer': {
      const value = `Bearer ${credentials.token}`;
      return () => Promise.resolve(value);
    }
    case 'oauth':
      return async () => `Bearer ${await credentials.accessToken()}`;
    case 'basic':
      return () =>
        Promise.reject(
          new SourceError(
            'source_auth_failed',
            'Google Drive takes an OAuth access token, not a username',
          ),
        );
  }
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
    this.host = hostOf(apiBase);
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
      throw thrownFailure(thrown, this.host);
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
      throw thrownFailure(thrown, this.host);
    }
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured URL';
  }
}
