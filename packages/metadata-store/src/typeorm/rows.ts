/** Row shapes: snake_case, as stored (see schema.ts for the tables). */
export interface AccountRow {
  id: string;
  name: string;
  created_at: Date;
}
export interface ApiKeyRow {
  id: string;
  account_id: string;
  key_hash: string;
  kind: string;
  scope: string;
  prefix: string;
  label: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}
export interface NamespaceRow {
  id: string;
  account_id: string;
  name: string;
  created_at: Date;
}
export interface CollectionRow {
  id: string;
  namespace_id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}
export interface DocumentRow {
  id: string;
  collection_id: string;
  name: string;
  source_type: string;
  source_key: string;
  source_id: string;
  source_url: string | null;
  page_url_template: string | null;
  version: string;
  page_count: number;
  chunk_count: number;
  created_at: Date;
  updated_at: Date;
}
export interface IngestionRow {
  id: string;
  account_id: string;
  collection_id: string;
  type: string;
  spec_json: string;
  secrets: string | null;
  source_key: string;
  status: string;
  cancel_requested: boolean;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  documents_discovered: number;
  documents_processed: number;
  documents_skipped: number;
  documents_failed: number;
  documents_unsupported: number;
  chunks_indexed: number;
  error_code: string | null;
  error_message: string | null;
  checkpoint: string | null;
  listing_end: string | null;
  batches_recorded: number;
  batches_committed: number;
  fetch_failure_streak: number;
  fetch_outcomes: string;
  /** Last time a job of the ingestion moved it on (a document, a batch, a listing page). */
  progress_at: Date | null;
  /** Bumped when the reconciler enqueues the listing (or finalize) job again under a new id. */
  listing_generation: number;
  finalize_generation: number;
}
export interface IngestionBatchRow {
  ingestion_id: string;
  seq: number;
  state: string;
  document_count: number;
  /** JSON array of the batch's source ids. */
  source_ids: string;
  /** Dropped once the batch is committed. */
  payload: string | null;
  worker: string | null;
  created_at: Date;
  committed_at: Date | null;
  /** Bumped when the reconciler enqueues the batch's job again under a new id. */
  generation: number;
}
export interface IngestionItemRow {
  ingestion_id: string;
  source_id: string;
  outcome: string;
}
export interface IngestionFailureRow {
  id: number;
  ingestion_id: string;
  kind: string;
  source_id: string;
  doc_name: string | null;
  message: string;
  created_at: Date;
}
export interface CollectionLockRow {
  collection_id: string;
  holder: string;
  expires_at: Date;
}

export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  password_hash: string;
  created_at: Date;
}
export interface SessionRow {
  id: string;
  account_id: string;
  user_id: string;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_agent: string | null;
  client_address: string | null;
}
export interface OAuthStateRow {
  id: string;
  account_id: string;
  session_id: string | null;
  type: string;
  pkce_verifier: string | null;
  created_at: Date;
  expires_at: Date;
}
export interface OAuthLinkRow {
  id: string;
  account_id: string;
  type: string;
  created_at: Date;
  expires_at: Date;
}
export interface AuthThrottleRow {
  key: string;
  count: number;
  window_started_ms: number;
  blocked_until_ms: number;
  updated_ms: number;
}
export interface ConnectionRow {
  account_id: string;
  type: string;
  tokens: string;
  account_label: string | null;
  details_json: string | null;
  expires_at: Date | null;
  connected_at: Date;
  updated_at: Date;
  version: number;
}
export interface ScheduleRow {
  id: string;
  account_id: string;
  collection_id: string;
  type: string;
  spec_json: string;
  secrets: string | null;
  source_key: string;
  uses_connection: boolean;
  cron: string;
  timezone: string;
  status: string;
  stop_code: string | null;
  stop_message: string | null;
  next_run_at: Date | null;
  last_run_ingestion_id: string | null;
  last_run_at: Date | null;
  last_run_settled: boolean;
  created_at: Date;
  updated_at: Date;
  version: number;
}
