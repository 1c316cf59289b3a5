import type {
  AccountRecord,
  ApiKeyRecord,
  ConnectionRecord,
  CollectionRecord,
  CollectionSummary,
  DocumentRecord,
  IngestionErrorCode,
  IngestionFailureRecord,
  IngestionProgress,
  IngestionRecord,
  IngestionStatus,
  ItemOutcome,
  NamespaceRecord,
  OAuthStateRecord,
  Page,
  SessionRecord,
  UserRecord,
} from './records';

export interface NewIngestion {
  id: string;
  accountId: string;
  collectionId: string;
  type: string;
  spec: Record<string, unknown>;
  secrets: string | null;
  sourceKey: string;
  createdAt: Date;
}

export interface IngestionQuery {
  namespaceId: string;
  collectionId?: string;
  status?: IngestionStatus;
  /** Opaque position from a previous page. */
  after?: string;
  limit: number;
}

/** A document that the pipeline indexed (new or changed) in one ingestion. */
export interface ProcessedDocument {
  ingestionId: string;
  documentId: string;
  collectionId: string;
  sourceType: string;
  sourceKey: string;
  sourceId: string;
  sourceUrl: string | null;
  /** Name wanted for a new document; de-duplicated as `name (2)`. Ignored for existing ones. */
  desiredName: string;
  version: string;
  pageCount: number;
  chunkCount: number;
  at: Date;
}

export interface FailedItem {
  ingestionId: string;
  sourceId: string;
  docName: string | null;
  message: string;
}

/**
 * The metadata port: accounts, namespaces, collections, documents, ingestions and the per-
 * collection ingestion lock. Every multi-row change is atomic inside the adapter.
 */
export interface MetadataStore {
  // Accounts and API keys
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

  // Users and browser sessions
  /**
   * Atomically creates the user and its account (named after the email); null when the email
   * is already registered or an account of that name exists.
   */
  createUser(input: { email: string; passwordHash: string; at: Date }): Promise<UserRecord | null>;
  findUserByEmail(email: string): Promise<UserRecord | null>;
  findUserByAccount(accountId: string): Promise<UserRecord | null>;
  createSession(session: SessionRecord): Promise<void>;
  findSession(id: string): Promise<SessionRecord | null>;
  touchSession(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Removes sessions and OAuth states that expired before `now`. */
  deleteExpiredSessions(now: Date): Promise<void>;

  // OAuth: pending authorizations and the connections they give
  saveOAuthState(state: OAuthStateRecord): Promise<void>;
  /** Returns the state and deletes it in one step: only one caller ever gets it. */
  takeOAuthState(id: string): Promise<OAuthStateRecord | null>;
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

  // Namespaces and collections
  findNamespace(accountId: string, name: string): Promise<NamespaceRecord | null>;
  ensureNamespace(accountId: string, name: string, at: Date): Promise<NamespaceRecord>;
  findCollection(namespaceId: string, name: string): Promise<CollectionRecord | null>;
  getCollectionById(id: string): Promise<CollectionRecord | null>;
  ensureCollection(namespaceId: string, name: string, at: Date): Promise<CollectionRecord>;
  listCollections(
    namespaceId: string,
    page: { after?: string; limit: number },
  ): Promise<Page<CollectionSummary>>;
  /** Removes the collection's rows (documents, ingestions and their records). */
  deleteCollection(collectionId: string): Promise<void>;

  // Documents
  findDocumentBySource(
    collectionId: string,
    sourceKey: string,
    sourceId: string,
  ): Promise<DocumentRecord | null>;
  findDocumentByName(collectionId: string, name: string): Promise<DocumentRecord | null>;
  getDocumentsByIds(ids: string[]): Promise<DocumentRecord[]>;
  listDocuments(
    collectionId: string,
    page: { after?: string; limit: number },
  ): Promise<Page<DocumentRecord>>;
  /** Documents of a source that the given ingestion did not list (candidates for removal). */
  listDocumentsNotSeen(
    collectionId: string,
    sourceKey: string,
    ingestionId: string,
  ): Promise<DocumentRecord[]>;
  deleteDocument(documentId: string): Promise<void>;

  // Ingestions
  createIngestion(input: NewIngestion): Promise<IngestionRecord>;
  getIngestion(id: string): Promise<IngestionRecord | null>;
  listIngestions(query: IngestionQuery): Promise<Page<IngestionRecord>>;
  /** Ingestions of a collection in one of these statuses. */
  listIngestionsByStatus(
    collectionId: string,
    statuses: IngestionStatus[],
  ): Promise<IngestionRecord[]>;
  /**
   * Moves an ingestion to `to` when its status is one of `from`; returns false otherwise, so
   * concurrent transitions (finish vs cancel) cannot both win.
   */
  transitionIngestion(
    id: string,
    from: IngestionStatus[],
    to: IngestionStatus,
    patch?: {
      at?: Date;
      error?: { code: IngestionErrorCode; message: string } | null;
      clearSecrets?: boolean;
    },
  ): Promise<boolean>;
  /** Ids of every ingestion in these statuses, oldest first (start-up recovery). */
  listIngestionIdsByStatus(statuses: IngestionStatus[]): Promise<string[]>;
  requestCancel(id: string): Promise<void>;
  saveCheckpoint(id: string, checkpoint: string | null): Promise<void>;
  /** Records that the listing showed a document; false when this ingestion already had it. */
  markDiscovered(ingestionId: string, sourceId: string): Promise<boolean>;
  /** Outcome already recorded for a listed document (resume after a crash). */
  getItemOutcome(ingestionId: string, sourceId: string): Promise<ItemOutcome | null>;
  /** An unchanged document: counts it as skipped, once. */
  recordSkipped(ingestionId: string, sourceId: string): Promise<void>;
  /** Atomically: create or update the document row, record the outcome, bump the counters. */
  commitProcessed(input: ProcessedDocument): Promise<DocumentRecord>;
  /** Atomically: record the failure (once per document) and count it. */
  recordFailure(input: FailedItem): Promise<void>;
  listFailures(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]>;
  /** A note about a document that was indexed anyway (e.g. pages without text). */
  recordWarning(input: FailedItem): Promise<void>;
  listWarnings(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]>;
  /** Drops per-document bookkeeping of a finished ingestion (the counters stay). */
  clearItems(ingestionId: string): Promise<void>;
  getProgress(ingestionId: string): Promise<IngestionProgress | null>;

  // Per-collection ingestion lock (a lease)
  tryLockCollection(
    collectionId: string,
    holder: string,
    ttlMs: number,
    now: Date,
  ): Promise<boolean>;
  /** Extends the lease; false when the holder lost it. */
  renewCollectionLock(
    collectionId: string,
    holder: string,
    ttlMs: number,
    now: Date,
  ): Promise<boolean>;
  unlockCollection(collectionId: string, holder: string): Promise<void>;

  health(): Promise<void>;
  close(): Promise<void>;
}
