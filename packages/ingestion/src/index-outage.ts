import { setTimeout as sleep } from 'node:timers/promises';
import { SearchIndexUnavailableError } from '@docent/search-index';
import type { IngestionLease } from './ingestion-lease';
import type { Logger } from './logger';

export interface IndexOutagePolicy {
  /** Waits between tries: doubling from the first to the cap. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** How long one index call is retried, from its first failure, before the ingestion fails. */
  giveUpAfterMs: number;
}

/** The index stayed unavailable past the policy's limit: the ingestion fails, its work kept. */
export class IndexOutageTooLong extends Error {
  constructor(waitedMs: number, cause: SearchIndexUnavailableError) {
    super(
      `The search index stayed unavailable for ${Math.round(waitedMs / 1000)} s (${cause.what}); ` +
        'the documents indexed so far are kept: run the ingestion again once the index is back.',
    );
  }
}

/**
 * Runs an index call; while the index is unavailable (down, restarting, overloaded) waits and
 * tries again, up to the policy's limit: a short outage is no fault of the ingestion, and the
 * work done so far stays. Every write is idempotent (a document's chunks are replaced whole),
 * so a try that failed half-way is simply made again. The lease ends the wait when the job must
 * stop (canceled, lease lost, worker stopping).
 */
export async function untilIndexAnswers<T>(
  work: () => Promise<T>,
  lease: IngestionLease,
  policy: IndexOutagePolicy,
  logger: Logger,
): Promise<T> {
  const started = Date.now();
  for (let delayMs = policy.firstRetryMs; ; delayMs = Math.min(policy.maxRetryMs, delayMs * 2)) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof SearchIndexUnavailableError)) throw error;
      const waitedMs = Date.now() - started;
      if (waitedMs + delayMs > policy.giveUpAfterMs) throw new IndexOutageTooLong(waitedMs, error);
      logger.warn('search index unavailable; the ingestion waits for it', {
        ingestionId: lease.ingestion.id,
        error: error.message,
        reason: error.reason,
        retryInMs: delayMs,
      });
      await sleep(delayMs, undefined, { signal: lease.signal }).catch(() => undefined);
      await lease.check();
    }
  }
}
