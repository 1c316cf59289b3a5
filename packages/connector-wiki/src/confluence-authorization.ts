import type { SourceCredentials } from '@docent/connector-sdk';
import type { AuthorizationProvider } from './confluence-http';

/** Basic email/user:token, Bearer PAT, or the OAuth access token (asked for on every call). */
export function authorizationFor(credentials: SourceCredentials): AuthorizationProvider {
  switch (credentials.mode) {
    case 'basic': {
      const value = `Basic ${Buffer.from(`${credentials.username}:${credentials.token}`, 'utf8').toString('base64')}`;
      return () => Promise.resolve(value);
    }
    case 'bearer': {
      const value = `Bearer ${credentials.token}`;
      return () => Promise.resolve(value);
    }
    case 'oauth':
      return async () => `Bearer ${await credentials.accessToken()}`;
  }
}
