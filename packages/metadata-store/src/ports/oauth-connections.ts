/** The role taken by `@docent/oauth-connections`: pending authorizations and connections. */

/** A pending OAuth authorization (the `state` of an authorize URL), single use. */
export interface OAuthStateRecord {
  /** sha256 (hex) of the `state` value. */
  id: string;
  accountId: string;
  /** The browser session the flow is bound to (null only in rows from before issue 21). */
  sessionId: string | null;
  type: string;
  /** The PKCE code verifier, sealed; null for providers without PKCE. */
  pkceVerifier: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * A connect link an API client was given (`/oauth/start?link=…`): it becomes an authorization
 * only in a browser signed in to the same account. Single use.
 */
export interface OAuthLinkRecord {
  /** sha256 (hex) of the link's token. */
  id: string;
  accountId: string;
  type: string;
  createdAt: Date;
  expiresAt: Date;
}

/** An account's OAuth connection to one source type; at most one per account and type. */
export interface ConnectionRecord {
  accountId: string;
  type: string;
  /** Access and refresh tokens, sealed with DOCENT_SECRET_KEY. */
  tokens: string;
  /** Whom the tokens act for, as the provider names it (site names, an email, a workspace). */
  accountLabel: string | null;
  /** Provider facts that are not secret (e.g. the Atlassian sites and their cloud ids). */
  details: Record<string, unknown> | null;
  /** When the access token expires; null when it does not. */
  expiresAt: Date | null;
  connectedAt: Date;
  updatedAt: Date;
  /** Bumped by every change, so concurrent refreshes cannot overwrite each other. */
  version: number;
}

export interface OAuthConnectionStore {
  saveOAuthState(state: OAuthStateRecord): Promise<void>;
  /** Returns the state and deletes it in one step: only one caller ever gets it. */
  takeOAuthState(id: string): Promise<OAuthStateRecord | null>;
  /** Removes the states that expired before `now` (authorizations never completed). */
  deleteExpiredOAuthStates(now: Date): Promise<void>;
  saveOAuthLink(link: OAuthLinkRecord): Promise<void>;
  findOAuthLink(id: string): Promise<OAuthLinkRecord | null>;
  /** Deletes the link; true for the one caller that deleted it. */
  takeOAuthLink(id: string): Promise<boolean>;
  /** Removes the links (and states) that expired before `now`. */
  deleteExpiredOAuthLinks(now: Date): Promise<void>;
  /** Creates or replaces the account's connection of that type (version starts at 1). */
  saveConnection(
    connection: Omit<ConnectionRecord, 'version' | 'updatedAt'>,
  ): Promise<ConnectionRecord>;
  getConnection(accountId: string, type: string): Promise<ConnectionRecord | null>;
  listConnections(accountId: string): Promise<ConnectionRecord[]>;
  /**
   * Stores refreshed tokens when the row is still at `expectedVersion`; false when another
   * refresh (or a reconnect, or a disconnect) came first.
   */
  updateConnectionTokens(
    accountId: string,
    type: string,
    expectedVersion: number,
    patch: { tokens: string; expiresAt: Date | null; at: Date },
  ): Promise<boolean>;
  deleteConnection(accountId: string, type: string): Promise<boolean>;
}
