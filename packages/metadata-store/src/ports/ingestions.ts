import type { Page } from './catalog';

/** Ingestion records and the role that creates, tracks and cancels them (IngestionService). */

export type IngestionStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

export const TERMINAL_STATUSES: readonly IngestionStatus[] = ['succeeded', 'failed', 'canceled'];

export type IngestionErrorCode =
  | 'source_auth_failed'
  | 'source_not_found'
  | 'source_unreachable'
  | 'source_rate_limited'
  | 'internal';

export interface IngestionProgress {
  documentsDiscovered: number;
  documentsProcessed: number;
  documentsSkipped: number;
  documentsFailed: number;
  /** Skipped by rule: a type Docent does not parse, a file over the size limit. */
  documentsUnsupported: number;
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

/** A failure or warning noted about one document of an ingestion. */
export interface IngestionFailureRecord {
  docName: string | null;
  sourceId: string;
  message: string;
}

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

export interface IngestionStore {
  createIngestion(input: NewIngestion): Promise<IngestionRecord>;
  getIngestion(id: string): Promise<IngestionRecord | null>;
  listIngestions(query: IngestionQuery): Promise<Page<IngestionRecord>>;
  /** Ingestions of a collection in one of these statuses. */
  listIngestionsByStatus(
    collectionId: string,
    statuses: IngestionStatus[],
  ): Promise<IngestionRecord[]>;
  /** Ids of every ingestion in these statuses, oldest first (start-up recovery). */
  listIngestionIdsByStatus(statuses: IngestionStatus[]): Promise<string[]>;
  /**
   * Marks the ingestion cancel-requested (a running worker stops at its next poll) and, when
   * it is queued or running, ends it `canceled` and deletes its secrets and recorded batches,
   * atomically. False when it had already ended.
   */
  cancelIngestion(id: string, at: Date): Promise<boolean>;
  /** Seqs of the ingestion's batches not committed yet (their jobs may still be waiting). */
  listPendingBatches(ingestionId: string): Promise<number[]>;
  listFailures(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]>;
  listWarnings(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]>;
  /** Documents skipped as unsupported (type, size), in order. */
  listUnsupported(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]>;
}
