import type { ListingEnd } from './ingestion-ledger';
import type { PendingBatch } from './ingestions';

/**
 * An ingestion as the reconciler sees it: queued or running, with what its jobs should be —
 * its listing while the listing has not ended, each pending batch, its finalize step once due.
 */
export interface ActiveIngestion {
  id: string;
  /** Its jobs queue in this account's fairness group. */
  accountId: string;
  collectionId: string;
  sourceKey: string;
  status: 'queued' | 'running';
  createdAt: Date;
  /** Last time one of its jobs moved it on; null before it started. */
  progressAt: Date | null;
  listingEnd: ListingEnd | null;
  listingGeneration: number;
  finalizeDue: boolean;
  finalizeGeneration: number;
  pendingBatches: PendingBatch[];
}

/** One job of an ingestion: the listing, a batch, the finalize step. */
export type IngestionJobRef =
  { kind: 'listing' } | { kind: 'finalize' } | { kind: 'batch'; seq: number };

/**
 * A batch left pending when its ingestion ended (canceled, failed): a worker may have written
 * some of its documents to the index and never committed them.
 */
export interface AbandonedBatch {
  ingestionId: string;
  seq: number;
  collectionId: string;
  sourceKey: string;
  /** Its documents the catalog does not list (any copy of them in the index is an orphan). */
  unlisted: string[];
}

/**
 * What the reconciler reads and writes (IngestionReconciler): the active ingestions with what
 * their jobs should be, the generation of each job (a job lost or failed for good is enqueued
 * again under the next generation's id, so two reconcilers reviving it at once enqueue it once),
 * and the batches abandoned by an ingestion's end, to clean up.
 */
export interface IngestionReconciliation {
  /** Every queued or running ingestion, oldest first. */
  listActiveIngestions(): Promise<ActiveIngestion[]>;
  /**
   * Moves the job's generation from `from` to `from + 1` unless another caller did already;
   * returns the generation now current (whoever moved it).
   */
  advanceJobGeneration(ingestionId: string, job: IngestionJobRef, from: number): Promise<number>;
  /** Batches abandoned by ended ingestions, oldest first, at most `limit`. */
  listAbandonedBatches(limit: number): Promise<AbandonedBatch[]>;
  /** The abandoned batch was cleaned up. */
  forgetAbandonedBatch(ingestionId: string, seq: number): Promise<void>;
}
