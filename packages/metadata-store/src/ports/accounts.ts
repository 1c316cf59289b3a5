/** Account-side roles, taken by `@docent/accounts`: API keys, users, browser sessions. */

export interface AccountRecord {
  id: string;
  name: string;
  createdAt: Date;
}

/** `generated`: made by Docent (`dk_…`); `bootstrap`: from DOCENT_BOOTSTRAP_API_KEYS. */
export type ApiKeyKind = 'generated' | 'bootstrap';
/** `admin` keys may also create and revoke keys; `standard` keys may not. */
export type ApiKeyScope = 'admin' | 'standard';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  kind: ApiKeyKind;
  scope: ApiKeyScope;
  /**
   * First characters of a generated key, shown in lists so a user can tell keys apart; empty for
   * bootstrap keys (operator-chosen: none of their characters is stored).
   */
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
  /**
   * Lower-cased. The account is named `user:<email>`: bootstrap account names never hold a `:`,
   * so a signed-up email and an operator's account can never be the same account.
   */
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
  /** The idle expiry, pushed out by use but never past the session's absolute lifetime. */
  expiresAt: Date;
  /** The browser's User-Agent at log-in (cut to 255 characters), for the session list. */
  userAgent: string | null;
  /** The client address at log-in, for the session list. */
  clientAddress: string | null;
}

/** Accounts and their API keys (ApiKeyService). */
export interface ApiKeyStore {
  ensureAccount(name: string): Promise<AccountRecord>;
  /**
   * Adds a key by its hash unless the account already has `maxActive` active keys (then null),
   * as one step: concurrent adds cannot pass the cap together.
   */
  addApiKey(input: NewApiKey, maxActive: number): Promise<ApiKeyRecord | null>;
  findActiveApiKey(keyHash: string): Promise<ApiKeyRecord | null>;
  findApiKey(id: string): Promise<ApiKeyRecord | null>;
  /** Every bootstrap key of every account, revoked ones included, with its stored hash. */
  listBootstrapKeys(): Promise<Array<ApiKeyRecord & { keyHash: string }>>;
  /** Replaces a key's stored hash and prefix (re-hashing a bootstrap key in a stronger form). */
  rehashApiKey(id: string, keyHash: string, prefix: string): Promise<void>;
  touchApiKey(id: string, at: Date): Promise<void>;
  /** Every key of the account, revoked ones included, newest first. */
  listApiKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Revokes a key of this account; false when the account has no such active key. */
  revokeApiKey(accountId: string, id: string, at: Date): Promise<boolean>;
}

export interface NewApiKey {
  accountId: string;
  keyHash: string;
  prefix: string;
  label: string | null;
  kind: ApiKeyKind;
  scope: ApiKeyScope;
}

/** Users who sign in with a password (UserAccountService). */
export interface UserStore {
  /**
   * Atomically creates the user and its account (named `user:<email>`); null when the email is
   * already registered.
   */
  createUser(input: { email: string; passwordHash: string; at: Date }): Promise<UserRecord | null>;
  findUserByEmail(email: string): Promise<UserRecord | null>;
  findUserByAccount(accountId: string): Promise<UserRecord | null>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
}

/** Browser sessions (SessionService). */
export interface SessionStore {
  createSession(session: SessionRecord): Promise<void>;
  findSession(id: string): Promise<SessionRecord | null>;
  touchSession(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Removes the sessions that expired before `now`. */
  deleteExpiredSessions(now: Date): Promise<void>;
  /** The user's sessions, newest first. */
  listSessions(userId: string): Promise<SessionRecord[]>;
  /** Ends every session of the user but `exceptId` (none when null); returns how many. */
  deleteSessionsOfUser(userId: string, exceptId: string | null): Promise<number>;
}

/**
 * One counter of attempts (failed logins of an account or an address, sign-ups of an address,
 * wrong API keys of an address). Times are epoch milliseconds.
 */
export interface ThrottleRecord {
  count: number;
  windowStartedAt: number;
  /** No attempt before this time (0: none). */
  blockedUntil: number;
  updatedAt: number;
}

/**
 * Attempt counters every api process shares (they live in the metadata database), so a limit
 * holds however many processes serve and however many requests arrive at once.
 */
export interface ThrottleStore {
  /**
   * Reads the key's counter and writes what `decide` makes of it (`next: null` deletes it) as
   * one atomic step: concurrent updates of a key take turns, each seeing the last one's write.
   */
  updateThrottle<T>(
    key: string,
    decide: (current: ThrottleRecord | null) => { next: ThrottleRecord | null; result: T },
  ): Promise<T>;
  /** Removes the counters not updated since `before` (epoch ms). */
  deleteStaleThrottles(before: number): Promise<void>;
}
