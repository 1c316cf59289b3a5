import { randomBytes } from 'node:crypto';
import type { DependencyMonitor } from '@docent/dependency-health';
import { unavailableDependency } from '@docent/domain-errors';
import type { JobDefinition, JobInfo, JobQueue } from '@docent/job-queue';
import {
  ingestionLeaseHolder,
  type ActiveIngestion,
  type CollectionLock,
  type IngestionJobRef,
  type IngestionRunLedger,
  type IngestionReconciliation,
} from '@docent/metadata-store';
import type { SearchIndex } from '@docent/search-index';
import { longestOutageWait, outageReason, outageTooLongMessage } from './dependency-outage';
import { documentIdFor } from './ids';
import {
  FINALIZE_INGESTION_JOB,
  INGEST_BATCH_JOB,
  INGEST_JOB,
  finalizeJobId,
  ingestBatchJobId,
  ingestionJobOptions,
  ingestJobId,
} from './ingest-job';
import { SILENT_LOGGER, type Logger } from './logger';

/** What the reconciler did, by kind (also its metrics' label values). */
export const RECONCILER_ACTIONS = [
  'enqueued_missing',
  'requeued_failed',
  'replaced_stalled',
  'failed_outage',
  'removed_orphans',
] as const;
export type ReconcilerAction = (typeof RECONCILER_ACTIONS)[number];

export interface ReconcilerMetrics {
  /** The reconciler took `count` actions of this kind. */
  action(kind: ReconcilerAction, count?: number): void;
}

export const NO_RECONCILER_METRICS: ReconcilerMetrics = { action: () => undefined };

export interface IngestionReconcilerDeps {
  reconciliation: IngestionReconciliation;
  ledger: Pick<IngestionRunLedger, 'endIngestion'>;
  collectionLock: CollectionLock;
  queue: Pick<JobQueue, 'enqueue' | 'getJob' | 'cancel'>;
  index: Pick<SearchIndex, 'deleteDocument'>;
  dependencies: DependencyMonitor;
  logger?: Logger;
  metrics?: ReconcilerMetrics;
  now?: () => Date;
}

export interface IngestionReconcilerOptions {
  /** Time between passes (default 15 s; ±10 % so that workers do not pass in step). */
  intervalMs?: number;
  /**
   * The outage budget (default 30 min): an ingestion that waited this long on an unavailable
   * dependency fails; a job active this long while its ingestion made no progress is replaced.
   */
  outageLimitMs?: number;
  /** How long the clean-up of an ended ingestion holds its collection (default 60 s). */
  lockTtlMs?: number;
}

/** Counts of one pass. */
export type ReconcileReport = Record<ReconcilerAction, number>;

/** One job an active ingestion should have. */
interface ExpectedJob {
  ref: IngestionJobRef;
  generation: number;
  id: string;
  job: JobDefinition<unknown>;
  payload: unknown;
}

/** Abandoned batches cleaned up per pass. */
const SWEEP_BATCHES = 20;

/**
 * Makes the queue match what the database says each ingestion still has to do, so that no run
 * is ever stuck whatever the queue lost or gave up on. Every process that runs jobs runs it, on
 * a timer and at start; every action is idempotent, so several at once do each thing once:
 *
 * - A job an active ingestion should have (its listing until the listing ended, each pending
 *   batch, its finalize step once due) that the queue does not know — Redis restarted without
 *   persistence, a crash between a ledger write and its enqueue — is enqueued under its
 *   deterministic id.
 * - One the queue ended (failed for good, canceled, completed) while the database says it is
 *   still due is enqueued again under its next generation's id (ids are single-use); the
 *   generation moves in the database by compare-and-set, so every reconciler derives one id.
 * - One active for longer than the outage budget while its ingestion made no progress is
 *   canceled in the queue and replaced the same way.
 * - An ingestion that waited on an unavailable dependency (database, queue, index) for longer
 *   than the outage budget fails `internal`, naming the dependency.
 * - The batches an ingestion left pending when it ended are cleaned up: what an interrupted
 *   attempt wrote to the index and never committed is removed, under the collection's lease.
 */
export class IngestionReconciler {
  private readonly intervalMs: number;
  private readonly outageLimitMs: number;
  private readonly lockTtlMs: number;
  private readonly logger: Logger;
  private readonly metrics: ReconcilerMetrics;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  private readonly instance = randomBytes(4).toString('hex');

  constructor(
    private readonly deps: IngestionReconcilerDeps,
    options: IngestionReconcilerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 15_000;
    this.outageLimitMs = options.outageLimitMs ?? 30 * 60_000;
    this.lockTtlMs = options.lockTtlMs ?? 60_000;
    this.logger = deps.logger ?? SILENT_LOGGER;
    this.metrics = deps.metrics ?? NO_RECONCILER_METRICS;
    this.now = deps.now ?? (() => new Date());
  }

  /** Passes at once, then every interval, until stopped. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** No further pass; waits for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass. Never throws: what it cannot do now it does at a later pass. */
  async reconcile(): Promise<ReconcileReport> {
    const report = Object.fromEntries(RECONCILER_ACTIONS.map((a) => [a, 0])) as ReconcileReport;
    try {
      const active = await this.deps.reconciliation.listActiveIngestions();
      const failed = await this.failPastBudget(active, report);
      await this.reviveJobs(
        active.filter((ingestion) => !failed.has(ingestion.id)),
        report,
      );
      await this.removeOrphans(report);
    } catch (error) {
      const dependency = unavailableDependency(error);
      if (dependency) this.deps.dependencies.noteFailure(dependency, outageReason(error));
      else {
        this.logger.error('reconciler pass failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    for (const action of RECONCILER_ACTIONS) {
      if (report[action] > 0) this.metrics.action(action, report[action]);
    }
    return report;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.reconcile().finally(() => {
        this.running = null;
        this.schedule(Math.round(this.intervalMs * (0.9 + 0.2 * Math.random())));
      });
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Fails the ingestions that have waited on an unavailable dependency past the budget: an
   * outage (under way, or ended since) that covers the budget's length of the time since the
   * ingestion last moved on. With the database down nothing can be recorded; such ingestions
   * fail at the first pass after it answers again (or as a job of theirs starts, by the same
   * rule). Only started ingestions: a queued one starts once its dependencies answer.
   */
  private async failPastBudget(
    active: ActiveIngestion[],
    report: ReconcileReport,
  ): Promise<Set<string>> {
    const failed = new Set<string>();
    const now = this.now().getTime();
    const outages = this.deps.dependencies.outages();
    // A queued ingestion has not started: it starts once the dependencies answer.
    for (const ingestion of active.filter((i) => i.status === 'running')) {
      const lastMoved = (ingestion.progressAt ?? ingestion.createdAt).getTime();
      const outage = longestOutageWait(outages, lastMoved, now);
      if (!outage || outage.waitedMs < this.outageLimitMs) continue;
      const ended = await this.deps.ledger.endIngestion(
        ingestion.id,
        ['queued', 'running'],
        'failed',
        {
          at: this.now(),
          error: {
            code: 'internal',
            message: outageTooLongMessage(outage.dependency, outage.waitedMs),
          },
        },
      );
      if (!ended) continue;
      failed.add(ingestion.id);
      report.failed_outage++;
      this.logger.warn(
        'reconciler: ingestion failed, a dependency stayed unavailable past the budget',
        {
          ingestionId: ingestion.id,
          dependency: outage.dependency,
          waitedSeconds: Math.round(outage.waitedMs / 1000),
        },
      );
    }
    return failed;
  }

  private async reviveJobs(active: ActiveIngestion[], report: ReconcileReport): Promise<void> {
    for (const ingestion of active) {
      for (const expected of expectedJobs(ingestion)) {
        const info = await this.deps.queue.getJob(expected.id);
        if (!info) {
          const { created } = await this.deps.queue.enqueue(
            expected.job,
            expected.payload,
            ingestionJobOptions(ingestion, expected.id),
          );
          if (created) {
            report.enqueued_missing++;
            this.logger.warn('reconciler: job missing from the queue, enqueued', {
              ingestionId: ingestion.id,
              jobId: expected.id,
            });
          }
        } else if (['failed', 'canceled', 'completed'].includes(info.state)) {
          await this.requeue(ingestion, expected, info, 'requeued_failed', report);
        } else if (info.state === 'active' && this.stalled(ingestion)) {
          await this.deps.queue.cancel(expected.id);
          await this.requeue(ingestion, expected, info, 'replaced_stalled', report);
        }
      }
    }
  }

  /** No progress for the whole budget while a job of it is active: that job is stuck. */
  private stalled(ingestion: ActiveIngestion): boolean {
    const lastMoved = (ingestion.progressAt ?? ingestion.createdAt).getTime();
    return this.now().getTime() - lastMoved > this.outageLimitMs;
  }

  private async requeue(
    ingestion: ActiveIngestion,
    expected: ExpectedJob,
    info: JobInfo,
    action: 'requeued_failed' | 'replaced_stalled',
    report: ReconcileReport,
  ): Promise<void> {
    const generation = await this.deps.reconciliation.advanceJobGeneration(
      ingestion.id,
      expected.ref,
      expected.generation,
    );
    const jobId = jobIdOf(ingestion.id, expected.ref, generation);
    const { created } = await this.deps.queue.enqueue(
      expected.job,
      expected.payload,
      ingestionJobOptions(ingestion, jobId),
    );
    if (!created) return;
    report[action]++;
    this.logger.warn(
      action === 'replaced_stalled'
        ? 'reconciler: job stalled past the budget, replaced'
        : `reconciler: job ${info.state === 'failed' ? 'failed for good' : info.state} while its ingestion still needs it, enqueued again`,
      {
        ingestionId: ingestion.id,
        jobId: expected.id,
        newJobId: jobId,
        state: info.state,
        attempts: info.attempts,
        lastError: info.lastError,
      },
    );
  }

  /**
   * Removes from the index what the ended ingestions' interrupted batches wrote and never
   * committed (documents the catalog does not list), holding the collection's lease meanwhile
   * so that no newer ingestion writes the same documents at the same time.
   */
  private async removeOrphans(report: ReconcileReport): Promise<void> {
    const { reconciliation, collectionLock, index } = this.deps;
    for (const batch of await reconciliation.listAbandonedBatches(SWEEP_BATCHES)) {
      // This process's own: another reconciler cleaning the same batch waits for it.
      const holder = `cleanup:${batch.ingestionId}:${this.instance}`;
      // The ended ingestion's own lease is no reason to wait: it will write nothing more.
      await collectionLock.unlock(batch.collectionId, ingestionLeaseHolder(batch.ingestionId));
      if (!(await collectionLock.tryLock(batch.collectionId, holder, this.lockTtlMs, this.now()))) {
        continue;
      }
      try {
        for (const sourceId of batch.unlisted) {
          await index.deleteDocument(
            batch.collectionId,
            documentIdFor(batch.collectionId, batch.sourceKey, sourceId),
          );
        }
        await reconciliation.forgetAbandonedBatch(batch.ingestionId, batch.seq);
      } finally {
        await collectionLock.unlock(batch.collectionId, holder).catch(() => undefined);
      }
      if (batch.unlisted.length > 0) {
        report.removed_orphans += batch.unlisted.length;
        this.logger.info(
          'reconciler: removed what an ended ingestion left uncommitted in the index',
          {
            ingestionId: batch.ingestionId,
            batch: batch.seq,
            documents: batch.unlisted.length,
          },
        );
      }
    }
  }
}

function expectedJobs(ingestion: ActiveIngestion): ExpectedJob[] {
  const jobs: ExpectedJob[] = [];
  const payload = { ingestionId: ingestion.id };
  if (ingestion.listingEnd === null) {
    const ref = { kind: 'listing' } as const;
    jobs.push({
      ref,
      generation: ingestion.listingGeneration,
      id: jobIdOf(ingestion.id, ref, ingestion.listingGeneration),
      job: INGEST_JOB as JobDefinition<unknown>,
      payload,
    });
  }
  for (const { seq, generation } of ingestion.pendingBatches) {
    const ref = { kind: 'batch', seq } as const;
    jobs.push({
      ref,
      generation,
      id: jobIdOf(ingestion.id, ref, generation),
      job: INGEST_BATCH_JOB as JobDefinition<unknown>,
      payload: { ingestionId: ingestion.id, seq },
    });
  }
  if (ingestion.finalizeDue) {
    const ref = { kind: 'finalize' } as const;
    jobs.push({
      ref,
      generation: ingestion.finalizeGeneration,
      id: jobIdOf(ingestion.id, ref, ingestion.finalizeGeneration),
      job: FINALIZE_INGESTION_JOB as JobDefinition<unknown>,
      payload,
    });
  }
  return jobs;
}

function jobIdOf(ingestionId: string, ref: IngestionJobRef, generation: number): string {
  switch (ref.kind) {
    case 'listing':
      return ingestJobId(ingestionId, generation);
    case 'batch':
      return ingestBatchJobId(ingestionId, ref.seq, generation);
    case 'finalize':
      return finalizeJobId(ingestionId, generation);
  }
}
