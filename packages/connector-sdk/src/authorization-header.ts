import type { SourceCredentials } from './connector';

/** The credentials that amount to a bearer token: a static one, or an OAuth connection. */
export type BearerCredentials = Extract<SourceCredentials, { mode: 'bearer' | 'oauth' }>;

/**
 * The token for the next request. An OAuth access token is asked for on every call, never
 * cached here, so the credential store can refresh it before it expires.
 */
export function bearerTokenProvider(credentials: BearerCredentials): () => Promise<string> {
  if (credentials.mode === 'bearer') {
    const { token } = credentials;
    return () => Promise.resolve(token);
  }
  return async () => credentials.accessToken();
}

/** The `Authorization` header value for the next request: `Bearer <token>`, OAuth asked per call. */
export function bearerAuthorization(credentials: BearerCredentials): () => Promise<string> {
  const token = bearerTokenProvider(credentials);
  return async () => `Bearer ${await token()}`;
}

/**
 * The `Authorization` value for the next request, whatever the credentials: `Basic` for a
 * username and token, else `Bearer` (an OAuth token asked for on every call).
 */
export function authorizationFor(credentials: SourceCredentials): () => Promise<string> {
  if (credentials.mode !== 'basic') return bearerAuthorization(credentials);
  const pair = Buffer.from(`${credentials.username}:${credentials.token}`, 'utf8');
  const value = `Basic ${pair.toString('base64')}`;
  return () => Promise.resolve(value);
}
