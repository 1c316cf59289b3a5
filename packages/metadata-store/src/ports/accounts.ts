/** Account-side roles, taken by `@docent/accounts`: API keys, users, browser sessions. */

export interface AccountRecord {
  id: string;
  name: string;
  createdAt: Date;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** First characters of the key, shown in lists so a user can tell keys apart. */
  prefix: string;
  label: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A person who signs in with email and password; owns exactly one account. */
export interface UserRecord {
  id: string;
  accountId: string;
  /** Lower-cased; also the account's name. */
  email: string;
  /** `scrypt$N$r$p$salt$hash`, never the password. */
  passwordHash: string;
  createdAt: Date;
}

/** A browser session: looked up by the hash of the cookie's value, never by the value. */
export interface SessionRecord {
  /** sha256 (hex) of the cookie value. */
  id: string;
  accountId: string;
  userId: string;
  /** Sent back by the UI in `X-CSRF-Token` on every state-changing request. */
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Accounts and their API keys (ApiKeyService). */
export interface ApiKeyStore {
  ensureAccount(name: string): Promise<AccountRecord>;
  /** Adds a key by its hash; a hash already present is left as is. */
  addApiKey(input: {
    accountId: string;
    keyHash: string;
    prefix: string;
    label: string | null;
  }): Promise<ApiKeyRecord>;
  findActiveApiKey(keyHash: string): Promise<ApiKeyRecord | null>;
  touchApiKey(id: string, at: Date): Promise<void>;
  /** Every key of the account, revoked ones included, newest first. */
  listApiKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Revokes a key of this account; false when the account has no such active key. */
  revokeApiKey(accountId: string, id: string, at: Date): Promise<boolean>;
}

/** Users who sign in with a password (UserAccountService). */
export interface UserStore {
  /**
   * Atomically creates the user and its account (named after the email); null when the email
   * is already registered or an account of that name exists.
   */
  createUser(input: { email: string; passwordHash: string; at: Date }): Promise<UserRecord | null>;
  findUserByEmail(email: string): Promise<UserRecord | null>;
  findUserByAccount(accountId: string): Promise<UserRecord | null>;
}

/** Browser sessions (SessionService). */
export interface SessionStore {
  createSession(session: SessionRecord): Promise<void>;
  findSession(id: string): Promise<SessionRecord | null>;
  touchSession(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Removes the sessions that expired before `now`. */
  deleteExpiredSessions(now: Date): Promise<void>;
}
