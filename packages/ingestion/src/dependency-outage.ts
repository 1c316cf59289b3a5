import { setTimeout as sleep } from 'node:timers/promises';
import type { DependencyMonitor, Outage } from '@docent/dependency-health';
import {
  DEPENDENCY_NAMES,
  DependencyUnavailableError,
  unavailableDependency,
  type Dependency,
} from '@docent/domain-errors';
import type { Logger } from './logger';

export interface OutagePolicy {
  /** Waits between tries: growing from the first to the cap over an outage. */
  firstRetryMs: number;
  maxRetryMs: number;
  /**
   * The outage budget: how long an ingestion waits for an unavailable dependency (database,
   * queue, index) before it fails.
   */
  giveUpAfterMs: number;
}

/** A dependency stayed unavailable past the outage budget: the ingestion fails, its work kept. */
export class DependencyOutageTooLong extends Error {
  constructor(
    readonly dependency: Dependency,
    waitedMs: number,
    detail?: string,
  ) {
    super(outageTooLongMessage(dependency, waitedMs, detail));
    this.name = 'DependencyOutageTooLong';
  }
}

/** What a failed ingestion says when a dependency stayed away past the budget. */
export function outageTooLongMessage(
  dependency: Dependency,
  waitedMs: number,
  detail?: string,
): string {
  const what = DEPENDENCY_NAMES[dependency];
  return (
    `${what[0]!.toUpperCase()}${what.slice(1)} stayed unavailable for ${Math.round(waitedMs / 1000)} s` +
    `${detail ? ` (${detail})` : ''}; the documents indexed so far are kept: ` +
    'run the ingestion again once it is back.'
  );
}

/**
 * What failed, for a user-facing message: the index names the call (`Elasticsearch bulk write:
 * ConnectionError`), which carries no address; other dependencies say nothing more.
 */
export function outageDetail(error: unknown): string | undefined {
  const what = (error as { what?: unknown } | null)?.what;
  return typeof what === 'string' ? what : undefined;
}

/** The details of an outage for logs: the driver's reason when the error carries one. */
export function outageReason(error: unknown): string {
  if (error instanceof DependencyUnavailableError) return error.reason;
  return error instanceof Error ? error.message : String(error);
}

/** What a wait needs of the job's lease (IngestionLease): whose it is, and when to stop. */
export interface WaitingJob {
  readonly ingestion: { readonly id: string };
  readonly signal: AbortSignal;
  /** Throws when the job must stop. */
  check(): Promise<void>;
}

/**
 * Runs an index call; while the index is unavailable (down, restarting, overloaded) waits and
 * tries again, up to the outage budget: a short outage is no fault of the ingestion, and the
 * work done so far stays. Every write is idempotent (a document's chunks are replaced whole),
 * so a try that failed half-way is simply made again. The lease ends the wait when the job must
 * stop (canceled, lease lost, worker stopping).
 */
export async function untilIndexAnswers<T>(
  work: () => Promise<T>,
  lease: WaitingJob,
  policy: OutagePolicy,
  monitor: DependencyMonitor,
  logger: Logger,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (unavailableDependency(error) !== 'index') throw error;
      monitor.noteFailure('index', outageReason(error));
      const waitedMs = Date.now() - started;
      const delayMs = monitor.retryDelayMs('index', {
        firstMs: policy.firstRetryMs,
        maxMs: policy.maxRetryMs,
      });
      if (waitedMs + delayMs > policy.giveUpAfterMs) {
        throw new DependencyOutageTooLong('index', waitedMs, outageDetail(error));
      }
      logger.info('search index unavailable; the ingestion waits for it', {
        ingestionId: lease.ingestion.id,
        error: (error as Error).message,
        retryInMs: delayMs,
      });
      await sleep(delayMs, undefined, { signal: lease.signal }).catch(() => undefined);
      await lease.check();
    }
  }
}

/**
 * How long an ingestion that last moved on at `lastMoved` (epoch ms) has waited on an outage:
 * the longest part of one outage, under way or ended, after that moment. Past the budget, the
 * ingestion fails — whoever sees it first, a job of it or the reconciler, by the same rule.
 */
export function longestOutageWait(
  outages: readonly Outage[],
  lastMoved: number,
  now: number,
): { dependency: Dependency; waitedMs: number } | null {
  let longest: { dependency: Dependency; waitedMs: number } | null = null;
  for (const outage of outages) {
    const waitedMs = (outage.to ?? now) - Math.max(outage.from, lastMoved);
    if (waitedMs > 0 && (!longest || waitedMs > longest.waitedMs)) {
      longest = { dependency: outage.dependency, waitedMs };
    }
  }
  return longest;
}
