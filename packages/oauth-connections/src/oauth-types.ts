/** The source types that connect through OAuth (the ingestion `type`s). */
export const CONNECTION_TYPES = ['WIKI', 'DRIVE', 'PAGES'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export function isConnectionType(value: string): value is ConnectionType {
  return (CONNECTION_TYPES as readonly string[]).includes(value);
}

/** One OAuth app, as the operator configured it (`DOCENT_OAUTH_<TYPE>_*`). */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
}

/** What a token endpoint answered, reduced to what is kept. */
export interface TokenGrant {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds; null when the token does not expire. */
  expiresIn: number | null;
  /** The whole JSON answer, for provider facts such as Notion's `workspace_name`. */
  raw: Record<string, unknown>;
}

/** The sealed part of a connection. */
export interface ConnectionTokens {
  accessToken: string;
  refreshToken: string | null;
}

export type FetchFunction = typeof fetch;
