import type { OAuthProviderDescriptor } from '@docent/connector-sdk';

export type { TokenGrant } from '@docent/connector-sdk';

/** The OAuth providers of the loaded connectors, by source type (their descriptors' `oauth`). */
export type OAuthProviders = Readonly<Record<string, OAuthProviderDescriptor>>;

/** One OAuth app, as the operator configured it (`DOCENT_OAUTH_<TYPE>_*`). */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
}

/** The sealed part of a connection. */
export interface ConnectionTokens {
  accessToken: string;
  refreshToken: string | null;
}

export type FetchFunction = typeof fetch;
