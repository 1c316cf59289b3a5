import type { Page } from './catalog';

/** Ingestion records and the role that creates, tracks and cancels them (IngestionService). */

/** A recorded batch not committed yet, with the generation its job id carries. */
export interface PendingBatch {
  seq: number;
  generation: number;
}

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
  /** Last time one of its jobs moved it on; null before it started. */
  progressAt: Date | null;
  /** Generations of its listing and finalize jobs (their ids), bumped by the reconciler. */
  listingGeneration: number;
  finalizeGeneration: number;
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

/**
 * An `Idempotency-Key` of create_ingestion: the request's fingerprint and the ingestion (and
 * schedule) it stands for, for as long as it has not expired.
 */
export interface IdempotencyKeyRecord {
  accountId: string;
  key: string;
  /** Hash of the request body the key was first used with. */
  fingerprint: string;
  ingestionId: string;
  scheduleId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface IngestionStore {
  /** Records an ingestion; one recorded under this id already is returned as it is. */
  createIngestion(input: NewIngestion): Promise<IngestionRecord>;
  /** The key's record, unless it has expired. */
  findIdempotencyKey(
    accountId: string,
    key: string,
    now: Date,
  ): Promise<IdempotencyKeyRecord | null>;
  /**
   * Records the key (expired records go first), unless another request recorded it meanwhile:
   * returns whichever record stands, so racing requests with one key share one ingestion id.
   */
  claimIdempotencyKey(
    record: Omit<IdempotencyKeyRecord, 'scheduleId'>,
  ): Promise<IdempotencyKeyRecord>;
  /** Notes the schedule a keyed create_ingestion made. */
  setIdempotencyKeySchedule(accountId: string, key: string, scheduleId: string): Promise<void>;
  getIngestion(id: string): Promise<IngestionRecord | null>;
  listIngestions(query: IngestionQuery): Promise<Page<IngestionRecord>>;
  /** Ingestions of a collection in one of these statuses. */
  listIngestionsByStatus(
    collectionId: string,
    statuses: IngestionStatus[],
  ): Promise<IngestionRecord[]>;
  /** Ids of every ingestion in these statuses, oldest first. */
  listIngestionIdsByStatus(statuses: IngestionStatus[]): Promise<string[]>;
  /**
   * Marks the ingestion cancel-requested (a running worker stops at its next poll) and, when
   * it is queued or running, ends it `canceled`, deletes its secrets and abandons its pending
   * batches (their payloads go; their documents stay listed for the reconciler, which removes
   * from the index what an interrupted batch wrote and never committed), atomically. False when
   * it had already ended.
   */
  cancelIngestion(id: string, at: Date): Promise<boolean>;
  /** The ingestion's batches not committed yet (their jobs may still be waiting). */
  listPendingBatches(ingestionId: string): Promise<PendingBatch[]>;
  listFailures(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]>;
  listWarnings(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]>;
  /** Documents skipped as unsupported (type, size), in order. */
  listUnsupported(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]>;
}
