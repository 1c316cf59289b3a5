import { defineJob } from '@docent/job-queue';

export interface IngestJobPayload {
  ingestionId: string;
}

/** The one job of the service: run (or resume) an ingestion. */
export const INGEST_JOB = defineJob<IngestJobPayload>('ingest', {
  maxAttempts: 3,
  backoffMs: 5_000,
});

/** Deterministic, so enqueueing an ingestion twice is a no-op. */
export function ingestJobId(ingestionId: string): string {
  return `ingest-${ingestionId}`;
}

/** Every job the worker must handle, checked at start-up. */
export const JOB_CATALOG = [INGEST_JOB];
