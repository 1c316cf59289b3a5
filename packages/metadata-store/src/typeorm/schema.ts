import { EntitySchema, type EntitySchemaColumnOptions } from 'typeorm';
import type {
  AccountRow,
  ApiKeyRow,
  NamespaceRow,
  CollectionRow,
  DocumentRow,
  IngestionRow,
  IngestionItemRow,
  IngestionBatchRow,
  IngestionFailureRow,
  CollectionLockRow,
  UserRow,
  SessionRow,
  OAuthStateRow,
  OAuthLinkRow,
  AuthThrottleRow,
  ConnectionRow,
  ScheduleRow,
} from './rows';

export type SqlDialect = 'sqlite' | 'postgres';

/** The few column types that differ between the two databases. */
export function columnTypes(dialect: SqlDialect) {
  return {
    timestamp: dialect === 'postgres' ? ('timestamptz' as const) : ('datetime' as const),
    boolean: 'boolean' as const,
    integer: 'integer' as const,
    /** Epoch milliseconds: PostgreSQL's integer is 32-bit, SQLite's is 64-bit. */
    epochMs: dialect === 'postgres' ? ('bigint' as const) : ('integer' as const),
    text: 'text' as const,
    varchar: 'varchar' as const,
  };
}

export interface Entities {
  Account: EntitySchema<AccountRow>;
  ApiKey: EntitySchema<ApiKeyRow>;
  Namespace: EntitySchema<NamespaceRow>;
  Collection: EntitySchema<CollectionRow>;
  Document: EntitySchema<DocumentRow>;
  Ingestion: EntitySchema<IngestionRow>;
  IngestionItem: EntitySchema<IngestionItemRow>;
  IngestionBatch: EntitySchema<IngestionBatchRow>;
  IngestionFailure: EntitySchema<IngestionFailureRow>;
  CollectionLock: EntitySchema<CollectionLockRow>;
  User: EntitySchema<UserRow>;
  Session: EntitySchema<SessionRow>;
  OAuthState: EntitySchema<OAuthStateRow>;
  OAuthLink: EntitySchema<OAuthLinkRow>;
  AuthThrottle: EntitySchema<AuthThrottleRow>;
  Connection: EntitySchema<ConnectionRow>;
  Schedule: EntitySchema<ScheduleRow>;
}

/** Entity schemas for a dialect; the migrations create exactly these tables. */
export function buildEntities(dialect: SqlDialect): Entities {
  const t = columnTypes(dialect);
  const id: EntitySchemaColumnOptions = { type: t.varchar, length: 64, primary: true };
  const ref: EntitySchemaColumnOptions = { type: t.varchar, length: 64 };
  const ts: EntitySchemaColumnOptions = { type: t.timestamp };
  const tsNull: EntitySchemaColumnOptions = { type: t.timestamp, nullable: true };
  const int: EntitySchemaColumnOptions = { type: t.integer, default: 0 };

  return {
    Account: new EntitySchema<AccountRow>({
      name: 'Account',
      tableName: 'accounts',
      columns: { id, name: { type: t.varchar, length: 255, unique: true }, created_at: ts },
    }),
    ApiKey: new EntitySchema<ApiKeyRow>({
      name: 'ApiKey',
      tableName: 'api_keys',
      columns: {
        id,
        account_id: ref,
        key_hash: { type: t.varchar, length: 255, unique: true },
        kind: { type: t.varchar, length: 16, default: 'generated' },
        scope: { type: t.varchar, length: 16, default: 'standard' },
        prefix: { type: t.varchar, length: 32 },
        label: { type: t.varchar, length: 255, nullable: true },
        created_at: ts,
        last_used_at: tsNull,
        revoked_at: tsNull,
      },
    }),
    Namespace: new EntitySchema<NamespaceRow>({
      name: 'Namespace',
      tableName: 'namespaces',
      columns: { id, account_id: ref, name: { type: t.varchar, length: 64 }, created_at: ts },
      uniques: [{ name: 'uq_namespaces_account_name', columns: ['account_id', 'name'] }],
    }),
    Collection: new EntitySchema<CollectionRow>({
      name: 'Collection',
      tableName: 'collections',
      columns: {
        id,
        namespace_id: ref,
        name: { type: t.varchar, length: 64 },
        created_at: ts,
        updated_at: ts,
      },
      uniques: [{ name: 'uq_collections_namespace_name', columns: ['namespace_id', 'name'] }],
    }),
    Document: new EntitySchema<DocumentRow>({
      name: 'Document',
      tableName: 'documents',
      columns: {
        id,
        collection_id: ref,
        name: { type: t.varchar, length: 512 },
        source_type: { type: t.varchar, length: 16 },
        source_key: { type: t.varchar, length: 64 },
        source_id: { type: t.varchar, length: 512 },
        source_url: { type: t.text, nullable: true },
        page_url_template: { type: t.text, nullable: true },
        version: { type: t.varchar, length: 255 },
        page_count: int,
        chunk_count: int,
        created_at: ts,
        updated_at: ts,
      },
      uniques: [
        { name: 'uq_documents_collection_name', columns: ['collection_id', 'name'] },
        {
          name: 'uq_documents_collection_source',
          columns: ['collection_id', 'source_key', 'source_id'],
        },
      ],
    }),
    Ingestion: new EntitySchema<IngestionRow>({
      name: 'Ingestion',
      tableName: 'ingestions',
      columns: {
        id,
        account_id: ref,
        collection_id: ref,
        type: { type: t.varchar, length: 16 },
        spec_json: { type: t.text },
        secrets: { type: t.text, nullable: true },
        source_key: { type: t.varchar, length: 64 },
        status: { type: t.varchar, length: 16 },
        cancel_requested: { type: t.boolean, default: false },
        created_at: ts,
        started_at: tsNull,
        finished_at: tsNull,
        documents_discovered: int,
        documents_processed: int,
        documents_skipped: int,
        documents_failed: int,
        documents_unsupported: int,
        chunks_indexed: int,
        error_code: { type: t.varchar, length: 64, nullable: true },
        error_message: { type: t.text, nullable: true },
        checkpoint: { type: t.text, nullable: true },
        listing_end: { type: t.varchar, length: 16, nullable: true },
        batches_recorded: int,
        batches_committed: int,
        fetch_failure_streak: int,
        fetch_outcomes: { type: t.varchar, length: 1024, default: '' },
        progress_at: tsNull,
        listing_generation: int,
        finalize_generation: int,
      },
      indices: [
        { name: 'ix_ingestions_collection_created', columns: ['collection_id', 'created_at'] },
        { name: 'ix_ingestions_status', columns: ['status'] },
      ],
    }),
    IngestionItem: new EntitySchema<IngestionItemRow>({
      name: 'IngestionItem',
      tableName: 'ingestion_items',
      columns: {
        ingestion_id: { ...ref, primary: true },
        source_id: { type: t.varchar, length: 512, primary: true },
        outcome: { type: t.varchar, length: 16 },
      },
    }),
    IngestionBatch: new EntitySchema<IngestionBatchRow>({
      name: 'IngestionBatch',
      tableName: 'ingestion_batches',
      columns: {
        ingestion_id: { ...ref, primary: true },
        seq: { type: t.integer, primary: true },
        state: { type: t.varchar, length: 16 },
        document_count: { type: t.integer },
        source_ids: { type: t.text },
        payload: { type: t.text, nullable: true },
        worker: { type: t.varchar, length: 255, nullable: true },
        created_at: ts,
        committed_at: tsNull,
        generation: int,
      },
    }),
    IngestionFailure: new EntitySchema<IngestionFailureRow>({
      name: 'IngestionFailure',
      tableName: 'ingestion_failures',
      columns: {
        id: { type: t.integer, primary: true, generated: 'increment' },
        ingestion_id: ref,
        kind: { type: t.varchar, length: 16, default: 'failure' },
        source_id: { type: t.varchar, length: 512 },
        doc_name: { type: t.varchar, length: 1024, nullable: true },
        message: { type: t.text },
        created_at: ts,
      },
      indices: [{ name: 'ix_ingestion_failures_ingestion', columns: ['ingestion_id'] }],
    }),
    CollectionLock: new EntitySchema<CollectionLockRow>({
      name: 'CollectionLock',
      tableName: 'collection_locks',
      columns: {
        collection_id: { ...ref, primary: true },
        holder: { type: t.varchar, length: 255 },
        expires_at: ts,
      },
    }),
    User: new EntitySchema<UserRow>({
      name: 'User',
      tableName: 'users',
      columns: {
        id,
        account_id: { ...ref, unique: true },
        email: { type: t.varchar, length: 320, unique: true },
        password_hash: { type: t.varchar, length: 255 },
        created_at: ts,
      },
    }),
    Session: new EntitySchema<SessionRow>({
      name: 'Session',
      tableName: 'sessions',
      columns: {
        id,
        account_id: ref,
        user_id: ref,
        csrf_token: { type: t.varchar, length: 128 },
        created_at: ts,
        last_seen_at: ts,
        expires_at: ts,
        user_agent: { type: t.varchar, length: 255, nullable: true },
        client_address: { type: t.varchar, length: 64, nullable: true },
      },
      indices: [
        { name: 'ix_sessions_expires', columns: ['expires_at'] },
        { name: 'ix_sessions_user', columns: ['user_id'] },
      ],
    }),
    OAuthState: new EntitySchema<OAuthStateRow>({
      name: 'OAuthState',
      tableName: 'oauth_states',
      columns: {
        id,
        account_id: ref,
        session_id: { ...ref, nullable: true },
        type: { type: t.varchar, length: 16 },
        pkce_verifier: { type: t.text, nullable: true },
        created_at: ts,
        expires_at: ts,
      },
      indices: [{ name: 'ix_oauth_states_expires', columns: ['expires_at'] }],
    }),
    OAuthLink: new EntitySchema<OAuthLinkRow>({
      name: 'OAuthLink',
      tableName: 'oauth_links',
      columns: {
        id,
        account_id: ref,
        type: { type: t.varchar, length: 16 },
        created_at: ts,
        expires_at: ts,
      },
      indices: [{ name: 'ix_oauth_links_expires', columns: ['expires_at'] }],
    }),
    AuthThrottle: new EntitySchema<AuthThrottleRow>({
      name: 'AuthThrottle',
      tableName: 'auth_throttles',
      columns: {
        key: { type: t.varchar, length: 255, primary: true },
        count: int,
        window_started_ms: { type: t.epochMs, default: 0 },
        blocked_until_ms: { type: t.epochMs, default: 0 },
        updated_ms: { type: t.epochMs, default: 0 },
      },
      indices: [{ name: 'ix_auth_throttles_updated', columns: ['updated_ms'] }],
    }),
    Connection: new EntitySchema<ConnectionRow>({
      name: 'Connection',
      tableName: 'connections',
      columns: {
        account_id: { ...ref, primary: true },
        type: { type: t.varchar, length: 16, primary: true },
        tokens: { type: t.text },
        account_label: { type: t.varchar, length: 1024, nullable: true },
        details_json: { type: t.text, nullable: true },
        expires_at: tsNull,
        connected_at: ts,
        updated_at: ts,
        version: { type: t.integer, default: 1 },
      },
    }),
    Schedule: new EntitySchema<ScheduleRow>({
      name: 'Schedule',
      tableName: 'schedules',
      columns: {
        id,
        account_id: ref,
        collection_id: ref,
        type: { type: t.varchar, length: 16 },
        spec_json: { type: t.text },
        secrets: { type: t.text, nullable: true },
        source_key: { type: t.varchar, length: 64 },
        uses_connection: { type: t.boolean, default: false },
        cron: { type: t.varchar, length: 255 },
        timezone: { type: t.varchar, length: 64 },
        status: { type: t.varchar, length: 16 },
        stop_code: { type: t.varchar, length: 64, nullable: true },
        stop_message: { type: t.text, nullable: true },
        next_run_at: tsNull,
        last_run_ingestion_id: { ...ref, nullable: true },
        last_run_at: tsNull,
        last_run_settled: { type: t.boolean, default: true },
        created_at: ts,
        updated_at: ts,
        version: { type: t.integer, default: 1 },
      },
      uniques: [
        { name: 'uq_schedules_collection_source', columns: ['collection_id', 'source_key'] },
      ],
      indices: [{ name: 'ix_schedules_status_next_run', columns: ['status', 'next_run_at'] }],
    }),
  };
}
