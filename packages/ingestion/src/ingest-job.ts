import { defineJob, type EnqueueOptions } from '@docent/job-queue';
import type { IngestionRecord } from '@docent/metadata-store';

export interface IngestJobPayload {
  ingestionId: string;
}

export interface IngestBatchJobPayload {
  ingestionId: string;
  /** The batch's number in its ingestion (1, 2, …), as the ledger recorded it. */
  seq: number;
}

/** Lists the source (once per ingestion, resumed from its checkpoint) and records batches. */
export const INGEST_JOB = defineJob<IngestJobPayload>('ingest', {
  maxAttempts: 3,
  backoffMs: 5_000,
});

/** Fetches, parses, chunks, embeds, indexes and commits one batch of listed documents. */
export const INGEST_BATCH_JOB = defineJob<IngestBatchJobPayload>('ingest-batch', {
  maxAttempts: 3,
  backoffMs: 5_000,
});

/** After a listing that ended and every batch committed: removes what vanished, ends the run. */
export const FINALIZE_INGESTION_JOB = defineJob<IngestJobPayload>('ingest-finalize', {
  maxAttempts: 3,
  backoffMs: 5_000,
});

/**
 * A job's id carries its generation: 0 for the job as first enqueued, then one more each time
 * the reconciler enqueues it again because the queue lost it or failed it for good (job ids are
 * single-use). The generation lives in the database, so every process derives the same id.
 */
function generationSuffix(generation: number): string {
  return generation > 0 ? `.r${generation}` : '';
}

/** What the queue needs to know of an ingestion to place its jobs. */
export type QueuedIngestion = Pick<IngestionRecord, 'id' | 'accountId'>;

/**
 * How an ingestion's job is enqueued: under its deterministic id, in its account's fairness
 * group, so accounts take turns in the queue and one account's large ingestion cannot hold back
 * another's (a team's own ingestions are served in arrival order).
 */
export function ingestionJobOptions(ingestion: QueuedIngestion, jobId: string): EnqueueOptions {
  return { jobId, group: ingestion.accountId };
}

/** Deterministic, so enqueueing an ingestion twice is a no-op. */
export function ingestJobId(ingestionId: string, generation = 0): string {
  return `ingest-${ingestionId}${generationSuffix(generation)}`;
}

/** Deterministic, so a listing resumed after a crash enqueues a recorded batch once. */
export function ingestBatchJobId(ingestionId: string, seq: number, generation = 0): string {
  return `ingest-batch-${ingestionId}-${seq}${generationSuffix(generation)}`;
}

/** Deterministic: whichever of "listing ended" and "last batch committed" comes second enqueues it. */
export function finalizeJobId(ingestionId: string, generation = 0): string {
  return `ingest-finalize-${ingestionId}${generationSuffix(generation)}`;
}

/** Every job the worker must handle, checked at start-up. */
export const JOB_CATALOG = [INGEST_JOB, INGEST_BATCH_JOB, FINALIZE_INGESTION_JOB];
