// The shapes of the API's JSON (openapi/openapi.yaml), as far as the UI reads them.

export const SOURCE_TYPES = ['WIKI', 'DRIVE', 'PAGES'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export interface Account {
  email: string;
  created_at: string;
}

export interface SessionResponse {
  account: Account;
  csrf_token: string;
}

export interface ApiKey {
  id: string;
  prefix: string;
  label: string | null;
  created_at: string;
  last_used_at: string | null;
}

export interface CreatedApiKey {
  key: string;
  api_key: ApiKey;
}

export interface Connection {
  type: SourceType;
  connected_at: string;
  expires_at: string | null;
  account_label: string | null;
}

export interface Collection {
  collection_name: string;
  document_count: number;
  chunk_count: number;
  created_at: string;
  updated_at: string;
}

export interface DocumentRecord {
  doc_name: string;
  source_type: SourceType;
  source_id: string;
  source_url: string | null;
  page_count: number;
  chunk_count: number;
  updated_at: string;
}

export type IngestionStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

export interface IngestionProgress {
  documents_discovered: number;
  documents_processed: number;
  documents_skipped: number;
  documents_failed: number;
  chunks_indexed: number;
}

export interface IngestionNote {
  doc_name: string | null;
  source_id: string;
  message: string;
}

export interface Ingestion {
  ingestion_id: string;
  namespace_name: string;
  collection_name: string;
  type: SourceType;
  spec: Record<string, unknown>;
  status: IngestionStatus;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  progress: IngestionProgress;
  failures: IngestionNote[];
  warnings: IngestionNote[];
  error: { code: string; message: string } | null;
}

export interface Reference {
  doc_name: string;
  page_num: number;
  sample_text: string;
}

export interface AskResponse {
  answer: string;
  refs: Reference[];
}
