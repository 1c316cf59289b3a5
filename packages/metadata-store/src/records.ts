export type IngestionStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

export const TERMINAL_STATUSES: readonly IngestionStatus[] = ['succeeded', 'failed', 'canceled'];

export type IngestionErrorCode =
  | 'source_auth_failed'
  | 'source_not_found'
  | 'source_unreachable'
  | 'source_rate_limited'
  | 'internal';

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

export interface NamespaceRecord {
  id: string;
  accountId: string;
  name: string;
  createdAt: Date;
}

export interface CollectionRecord {
  id: string;
  namespaceId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface CollectionSummary extends CollectionRecord {
  documentCount: number;
  chunkCount: number;
}

export interface DocumentRecord {
  id: string;
  collectionId: string;
  name: string;
  sourceType: string;
  /** Which source (site + selection) the document came from; deletions are per source key. */
  sourceKey: string;
  sourceId: string;
  sourceUrl: string | null;
  version: string;
  pageCount: number;
  chunkCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface IngestionProgress {
  documentsDiscovered: number;
  documentsProcessed: number;
  documentsSkipped: number;
  documentsFailed: number;
  chunksIndexed: number;
}

export interface IngestionRecord {
  id: string;
  accountId: string;
  collectionId: string;
  namespaceName: string;
  collectionName: string;
  type: string;
  /** The spec as given, secrets already replaced by `***`. */
  spec: Record<string, unknown>;
  /** Encrypted secret fields of the spec; deleted when the ingestion ends. */
  secrets: string | null;
  sourceKey: string;
  status: IngestionStatus;
  cancelRequested: boolean;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  progress: IngestionProgress;
  errorCode: IngestionErrorCode | null;
  errorMessage: string | null;
  /** Connector checkpoint of the listing, so a restarted worker resumes. */
  checkpoint: string | null;
}

export interface IngestionFailureRecord {
  docName: string | null;
  sourceId: string;
  message: string;
}

/** What happened to one listed document in one ingestion. */
export type ItemOutcome = 'processed' | 'skipped' | 'failed';

export interface Page<T> {
  items: T[];
  /** Sort key of the last item when more may follow, else null. */
  nextAfter: string | null;
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

/** A pending OAuth authorization (the `state` of an authorize URL), single use. */
export interface OAuthStateRecord {
  /** sha256 (hex) of the `state` value. */
  id: string;
  accountId: string;
  /** The browser session that started the flow; null when an API key started it. */
  sessionId: string | null;
  type: string;
  /** The PKCE code verifier, sealed; null for providers without PKCE. */
  pkceVerifier: string | null;
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
