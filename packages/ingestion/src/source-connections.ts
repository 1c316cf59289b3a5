import type { SourceCredentials } from '@docent/connector-sdk';

/** OAuth connections of accounts (the web UI's "connect a source"). */
export interface SourceConnections {
  has(accountId: string, sourceType: string): Promise<boolean>;
  /** Credentials that refresh the access token before it expires; null when not connected. */
  credentials(accountId: string, sourceType: string): Promise<SourceCredentials | null>;
}

/** For deployments without OAuth apps configured: nothing is ever connected. */
export const NO_SOURCE_CONNECTIONS: SourceConnections = {
  has: async () => false,
  credentials: async () => null,
};
