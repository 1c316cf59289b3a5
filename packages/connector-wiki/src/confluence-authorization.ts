import { bearerAuthorization, type SourceCredentials } from '@docent/connector-sdk';
import type { AuthorizationProvider } from './confluence-http';

/** Basic email/user:token, Bearer PAT, or the OAuth access token (asked for on every call). */
export function authorizationFor(credentials: SourceCredentials): AuthorizationProvider {
  if (credentials.mode !== 'basic') return bearerAuthorization(credentials);
  const value = `Basic ${Buffer.from(`${credentials.username}:${credentials.token}`, 'utf8').toString('base64')}`;
  return () => Promise.resolve(value);
}
