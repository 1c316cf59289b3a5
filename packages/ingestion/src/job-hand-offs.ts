import type { SourceErrorCode } from '@docent/connector-sdk';
import type { JobQueue } from '@docent/job-queue';
import type { IngestionProgress, IngestionRunLedger, PendingBatch } from '@docent/metadata-store';
import {
  FINALIZE_INGESTION_JOB,
  INGEST_BATCH_JOB,
  finalizeJobId,
  ingestBatchJobId,
  ingestionJobOptions,
  type QueuedIngestion,
} from './ingest-job';
import type { IngestionLease } from './ingestion-lease';

/**
 * What the runner hands its jobs beyond their own dependencies: how a job queues the ingestion's
 * next jobs, waits out an unavailable index, and ends its ingestion. Declared here, not in the
 * runner, so the jobs never import the module that builds them.
 */

/** How a job queues the ingestion's next jobs. */
export interface JobHandOff {
  /** Enqueues the jobs of these batches (new ones are generation 0). */
  enqueueBatches(ingestion: QueuedIngestion, batches: readonly PendingBatch[]): Promise<void>;
  enqueueFinalize(ingestion: QueuedIngestion, generation: number): Promise<void>;
}

/** Runs an index call, waiting out an unavailable index (see `untilIndexAnswers`). */
export type UntilIndexAnswers = <T>(lease: IngestionLease, work: () => Promise<T>) => Promise<T>;

/** Ends the ingestion once (see IngestionLedger.endIngestion); the final progress if this did. */
export type EndIngestion = (
  ingestionId: string,
  status: 'succeeded' | 'failed' | 'canceled',
  error?: { code: SourceErrorCode; message: string },
) => Promise<IngestionProgress | null>;

export function queueHandOff(queue: Pick<JobQueue, 'enqueue'>): JobHandOff {
  return {
    async enqueueBatches(ingestion, batches) {
      for (const { seq, generation } of batches) {
        await queue.enqueue(
          INGEST_BATCH_JOB,
          { ingestionId: ingestion.id, seq },
          ingestionJobOptions(ingestion, ingestBatchJobId(ingestion.id, seq, generation)),
        );
      }
    },
    async enqueueFinalize(ingestion, generation) {
      await queue.enqueue(
        FINALIZE_INGESTION_JOB,
        { ingestionId: ingestion.id },
        ingestionJobOptions(ingestion, finalizeJobId(ingestion.id, generation)),
      );
    },
  };
}

/** A succeeded end is only from running; a failure or a cancel also ends a queued ingestion. */
export function ledgerEnd(
  ledger: Pick<IngestionRunLedger, 'endIngestion'>,
  now: () => Date,
): EndIngestion {
  return (ingestionId, status, error) => {
    const from: Array<'queued' | 'running'> =
      status === 'succeeded' ? ['running'] : ['queued', 'running'];
    return ledger.endIngestion(ingestionId, from, status, { at: now(), error: error ?? null });
  };
}
