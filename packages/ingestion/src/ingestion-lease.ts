import type { DependencyMonitor } from '@docent/dependency-health';
import { unavailableDependency } from '@docent/domain-errors';
import { RetryLaterError } from '@docent/job-queue';
import {
  ingestionLeaseHolder,
  type CollectionLock,
  type IngestionRunLedger,
  type IngestionRecord,
} from '@docent/metadata-store';
import { outageReason } from './dependency-outage';
import type { Logger } from './logger';

export interface LeaseOptions {
  /** Lease on the collection; renewed at a third of it. */
  lockTtlMs: number;
  /** How often a running job checks whether its ingestion was canceled or ended. */
  cancelPollMs: number;
  /** Delay before retrying when another ingestion holds the collection. */
  lockedRetryMs: number;
}

export interface LeaseDeps {
  ledger: Pick<IngestionRunLedger, 'getIngestion'>;
  collectionLock: CollectionLock;
  logger: Logger;
  dependencies: DependencyMonitor;
  now: () => Date;
}

/** Thrown inside a job when its ingestion was canceled or ended by another of its jobs. */
export class IngestionEnded extends Error {}
/** Thrown inside a job when another ingestion took over the collection. */
export class LeaseLost extends Error {}
/** Thrown inside a job whose worker is stopping (the job goes back to the queue). */
export class WorkerStopping extends Error {}

/**
 * The collection lock's holder is the ingestion, not a worker: any of its jobs, on any worker,
 * may take and renew it, so its batches run on several workers at once while a second
 * ingestion into the collection still waits. The ledger's fence refuses the writes of an
 * ingestion whose collection has another holder.
 */
export function ingestionLockHolder(ingestionId: string): string {
  return ingestionLeaseHolder(ingestionId);
}

/**
 * One job's hold on its ingestion's collection lease: taken (or renewed) when the job starts,
 * renewed while it runs, left in place when it ends (the ingestion's next job renews it; only
 * the end of the ingestion unlocks it). Also the job's cancel poll.
 */
export class IngestionLease {
  private readonly abort = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onJobAbort = () => this.abort.abort();
  private lost = false;
  private lastPoll = 0;

  private constructor(
    private readonly deps: LeaseDeps,
    private readonly options: LeaseOptions,
    readonly ingestion: IngestionRecord,
    private readonly jobSignal: AbortSignal,
  ) {
    jobSignal.addEventListener('abort', this.onJobAbort);
    if (jobSignal.aborted) this.abort.abort();
    this.timer = setInterval(
      () => this.renew(),
      Math.max(1_000, Math.floor(options.lockTtlMs / 3)),
    );
  }

  /** Takes the lease for the job, or throws RetryLaterError while another ingestion holds it. */
  static async acquire(
    deps: LeaseDeps,
    options: LeaseOptions,
    ingestion: IngestionRecord,
    jobSignal: AbortSignal,
  ): Promise<IngestionLease> {
    const locked = await deps.collectionLock.tryLock(
      ingestion.collectionId,
      ingestionLockHolder(ingestion.id),
      options.lockTtlMs,
      deps.now(),
    );
    if (!locked) {
      throw new RetryLaterError(options.lockedRetryMs, 'another ingestion holds the collection');
    }
    return new IngestionLease(deps, options, ingestion, jobSignal);
  }

  /** Aborted when the job is (cancel, worker stopping) or the lease was lost. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Throws when the job must stop: lease lost, ingestion ended or canceled, worker stopping. */
  async check(): Promise<void> {
    const nowMs = Date.now();
    if (
      this.lost ||
      this.abort.signal.aborted ||
      nowMs - this.lastPoll >= this.options.cancelPollMs
    ) {
      this.lastPoll = nowMs;
      const current = await this.deps.ledger.getIngestion(this.ingestion.id);
      if (!current || current.cancelRequested || current.status !== 'running') {
        throw new IngestionEnded();
      }
      if (this.lost) throw new LeaseLost();
      if (this.abort.signal.aborted) throw new WorkerStopping();
    }
  }

  /** Stops renewing (the job ended); the lease stays with the ingestion until it lapses. */
  release(): void {
    clearInterval(this.timer);
    this.jobSignal.removeEventListener('abort', this.onJobAbort);
  }

  /** Frees the collection for the next ingestion: this one has ended. */
  async unlock(): Promise<void> {
    await this.deps.collectionLock
      .unlock(this.ingestion.collectionId, ingestionLockHolder(this.ingestion.id))
      .catch(() => undefined);
  }

  private renew(): void {
    const { collectionLock, logger, dependencies, now } = this.deps;
    collectionLock
      .renew(
        this.ingestion.collectionId,
        ingestionLockHolder(this.ingestion.id),
        this.options.lockTtlMs,
        now(),
      )
      .then((ok) => {
        if (!ok) {
          this.lost = true;
          this.abort.abort();
        }
      })
      .catch((error: unknown) => {
        // The job meets the outage itself at its next database call; the monitor logs it once.
        const dependency = unavailableDependency(error);
        if (dependency) dependencies.noteFailure(dependency, outageReason(error));
        else logger.warn('collection lock renewal failed', { error: String(error) });
      });
  }
}
