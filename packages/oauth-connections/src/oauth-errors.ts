/** Why a callback did not connect anything; the message is shown on the callback page. */
export class OAuthCallbackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthCallbackError';
  }
}

/**
 * A token endpoint refused or failed. `oauthError` is the provider's `error` code (e.g.
 * `invalid_grant`); the response body is never kept, it may echo credentials.
 */
export class TokenEndpointError extends Error {
  constructor(
    readonly status: number,
    readonly oauthError: string | null,
  ) {
    super(`the token endpoint answered ${status}${oauthError ? ` (${oauthError})` : ''}`);
    this.name = 'TokenEndpointError';
  }
}
