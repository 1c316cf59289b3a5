import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { parseEnqueueRequest, parsePayload } from '../enqueue-request';
import { waitUntilIdle } from '../idle-wait';
import { JobCatalogue } from '../job-catalogue';
import { decideOutcome, errorMessage, type HandlerEnd, type JobOutcome } from '../job-outcome';
import { JobRun, settleWithin } from '../job-run';
import {
  PermanentJobError,
  type EnqueueOptions,
  type JobDefinition,
  type JobHandler,
  type JobHandlerRegistration,
  type JobInfo,
  type JobQueue,
  type JobState,
  type WorkerOptions,
} from '../types';
import { JobTable, type JobRow, type RunEnding } from './job-table';
import { onLocalWakeup, wakeLocalWorkers } from './local-wakeups';
import { isDeadLocalWorker, isProcessAlive, newWorkerId } from './worker-identity';

export interface SqliteJobQueueOptions {
  /** Database file; its directory is created when missing. Shared by every process on the host. */
  path: string;
  jobs: readonly JobDefinition<unknown>[];
  /** How soon jobs enqueued by other processes, and their cancels, are noticed (default 250). */
  pollIntervalMs?: number;
  /** A run whose worker stops renewing its lease for this long is given to another worker. */
  leaseMs?: number;
  /** Clock for run_at, leases and timestamps (epoch ms). */
  now?: () => number;
  /** Recorded in `locked_by`; defaults to `hostname:pid:random`, which enables dead-owner recovery. */
  workerId?: string;
  /** Lost runs (crash, kill -9, stall) a job survives; one more and it fails (default 5). */
  maxCrashRecoveries?: number;
  /** How long a statement waits for another process's write lock (default 5000). */
  busyTimeoutMs?: number;
  /** Errors of the background worker loop (poll, heartbeat, writing a job's outcome). */
  onError?: (error: Error) => void;
}

interface ActiveRun {
  run: JobRun;
  /** Resolves once the run's outcome is written (or found not to be ours any more). */
  settled: Promise<void>;
}

const DEFAULT_POLL_INTERVAL_MS = 250;
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_MAX_CRASH_RECOVERIES = 5;
const DEFAULT_BUSY_TIMEOUT_MS = 5_000;
const DEFAULT_STOP_TIMEOUT_MS = 30_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

/**
 * Durable JobQueue in one SQLite file (WAL), shared by the processes of one host: an api process
 * enqueues, worker processes claim. Runs hold a lease renewed while the handler runs, so a job
 * whose worker died (even by kill -9) is resumed by another worker: at once when the dead worker
 * was on this host, otherwise when its lease expires. Delivery is at least once.
 */
export class SqliteJobQueue implements JobQueue {
  private readonly db: Database.Database;
  private readonly table: JobTable;
  private readonly catalogue: JobCatalogue;
  private readonly path: string;
  private readonly workerId: string;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly maxCrashRecoveries: number;
  private readonly now: () => number;
  private readonly onError: (error: Error) => void;
  private readonly runs = new Map<string, ActiveRun>();
  private handlers: Map<string, JobHandler<unknown>> | null = null;
  private concurrency = 1;
  private claiming = false;
  private timer: NodeJS.Timeout | null = null;
  private wakeScheduled = false;
  private stopLocalWakeups: (() => void) | null = null;
  private lastLeaseRenewal = 0;
  private backgroundError: Error | null = null;
  private closed = false;

  constructor(options: SqliteJobQueueOptions) {
    this.catalogue = new JobCatalogue(options.jobs);
    this.path = options.path;
    this.workerId = options.workerId ?? newWorkerId();
    this.pollIntervalMs = positive(
      options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      'pollIntervalMs',
    );
    this.leaseMs = positive(options.leaseMs ?? DEFAULT_LEASE_MS, 'leaseMs');
    // Three renewals per lease: one late heartbeat does not cost the lease.
    this.heartbeatMs = this.leaseMs / 3;
    this.maxCrashRecoveries = options.maxCrashRecoveries ?? DEFAULT_MAX_CRASH_RECOVERIES;
    if (!Number.isInteger(this.maxCrashRecoveries) || this.maxCrashRecoveries < 0) {
      throw new Error('maxCrashRecoveries must be an integer >= 0');
    }
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
    if (this.path !== ':memory:') mkdirSync(dirname(this.path), { recursive: true });
    this.db = new Database(this.path, {
      timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
    });
    try {
      this.db.pragma('journal_mode = WAL');
      // FULL: an enqueue acknowledged to a client survives a power cut, not only a process crash.
      this.db.pragma('synchronous = FULL');
      this.table = new JobTable(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  async enqueue<TPayload>(
    job: JobDefinition<TPayload>,
    payload: TPayload,
    options: EnqueueOptions,
  ): Promise<{ jobId: string; created: boolean }> {
    this.assertOpen();
    const definition = this.catalogue.require(job.name);
    const request = parseEnqueueRequest(payload, options);
    const now = this.now();
    const created = this.table.insert(
      {
        id: request.jobId,
        name: definition.name,
        payload: request.payloadJson,
        maxAttempts: definition.maxAttempts,
        backoffMs: definition.backoffMs,
        runAt: now + request.delayMs,
        group: request.group,
      },
      now,
    );
    if (created) wakeLocalWorkers(this.path);
    return { jobId: request.jobId, created };
  }

  async start(
    registrations: JobHandlerRegistration<never>[],
    options: WorkerOptions = {},
  ): Promise<void> {
    this.assertOpen();
    if (this.handlers) throw new Error('SqliteJobQueue is already started');
    const { handlers, concurrency } = this.catalogue.resolveWorker(registrations, options);
    this.handlers = handlers;
    this.concurrency = concurrency;
    this.claiming = true;
    this.stopLocalWakeups = onLocalWakeup(this.path, () => this.wakeSoon());
    this.tick();
  }

  async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS): Promise<void> {
    if (!this.handlers) return;
    // Heartbeats go on while handlers wind down; only claiming stops.
    this.claiming = false;
    const active = [...this.runs.values()];
    for (const { run } of active) run.abort('stop');
    await settleWithin(
      active.map(({ settled }) => settled),
      timeoutMs,
    );
    const now = this.now();
    for (const [id, { run }] of this.runs) {
      run.detached = true;
      // Not finished in time: back to waiting for another worker, without using an attempt.
      this.writeSafely(() =>
        this.table.endRunIfOwned(id, this.workerId, now, (row) =>
          row.cancel_requested === 1
            ? { state: 'canceled', refund: 0, error: null, runAt: now, rejoin: 0 }
            : { state: 'waiting', refund: 1, error: null, runAt: now, rejoin: 0 },
        ),
      );
    }
    const handedBack = this.runs.size > 0;
    this.runs.clear();
    this.handlers = null;
    this.clearTimer();
    this.stopLocalWakeups?.();
    this.stopLocalWakeups = null;
    if (handedBack) wakeLocalWorkers(this.path);
  }

  async cancel(jobId: string): Promise<void> {
    this.assertOpen();
    const result = this.table.cancel(jobId, this.now());
    if (result !== 'requested') return;
    const local = this.runs.get(jobId);
    if (local) local.run.abort('cancel');
    // The owner may be another instance in this process: let it look at the flag now.
    else wakeLocalWorkers(this.path);
  }

  async getJob(jobId: string): Promise<JobInfo | null> {
    this.assertOpen();
    const row = this.table.get(jobId);
    if (!row) return null;
    return {
      jobId: row.id,
      name: row.name,
      state: row.state,
      attempts: row.attempts,
      lastError: row.last_error,
    };
  }

  async whenIdle(timeoutMs = DEFAULT_IDLE_TIMEOUT_MS): Promise<void> {
    this.assertOpen();
    return waitUntilIdle(() => this.table.busyCount(this.now()) === 0, {
      timeoutMs,
      pollMs: Math.min(this.pollIntervalMs, 20),
      describeBusy: () => {
        const counts = this.table.counts();
        return `${counts.active} active, ${counts.waiting} waiting`;
      },
    });
  }

  async counts(): Promise<Record<JobState, number>> {
    this.assertOpen();
    return this.table.counts();
  }

  async health(): Promise<void> {
    this.assertOpen();
    this.db.prepare('SELECT 1').get();
    if (this.backgroundError) {
      throw new Error(`Job queue worker loop failing: ${this.backgroundError.message}`);
    }
  }

  /** Releases the database; running jobs are handed back at once (call stop() first to drain). */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.stop(0);
    this.closed = true;
    this.db.close();
  }

  private tick(): void {
    this.clearTimer();
    if (!this.handlers || this.closed) return;
    try {
      const now = this.now();
      this.heartbeat(now);
      if (this.claiming) this.claimAvailable(now, this.handlers);
      this.backgroundError = null;
    } catch (error) {
      this.report(error);
    }
    this.scheduleTick();
  }

  /** Renews leases every `heartbeatMs` and aborts runs canceled from elsewhere or lost. */
  private heartbeat(now: number): void {
    const ids = [...this.runs.keys()];
    if (ids.length === 0) return;
    if (now - this.lastLeaseRenewal < this.heartbeatMs) {
      for (const id of this.table.cancelRequestedAmong(this.workerId, ids)) {
        this.runs.get(id)?.run.abort('cancel');
      }
      return;
    }
    this.lastLeaseRenewal = now;
    const owned = new Map(
      this.table
        .renewLeases(this.workerId, ids, now + this.leaseMs)
        .map((row) => [row.id, row.cancel_requested]),
    );
    for (const id of ids) {
      const active = this.runs.get(id);
      if (!active) continue;
      const cancelRequested = owned.get(id);
      if (cancelRequested === undefined) {
        // Another worker took the job over (our lease ran out while we stalled): let go of it.
        active.run.detached = true;
        active.run.abort('stop');
        this.runs.delete(id);
      } else if (cancelRequested === 1) {
        active.run.abort('cancel');
      }
    }
  }

  private claimAvailable(now: number, handlers: Map<string, JobHandler<unknown>>): void {
    const free = this.concurrency - this.runs.size;
    if (free <= 0) return;
    const deadOwners = this.table
      .ownersOfActiveJobs()
      .filter((owner) => owner !== this.workerId && isDeadLocalWorker(owner, isProcessAlive));
    const rows = this.table.claim({
      owner: this.workerId,
      names: [...handlers.keys()],
      deadOwners,
      limit: free,
      now,
      leaseMs: this.leaseMs,
      maxCrashRecoveries: this.maxCrashRecoveries,
    });
    if (rows.length > 0 && this.runs.size === 0) this.lastLeaseRenewal = now;
    for (const row of rows) this.launch(row, handlers);
  }

  private launch(row: JobRow, handlers: Map<string, JobHandler<unknown>>): void {
    let handler = handlers.get(row.name);
    if (!handler) throw new Error(`Claimed job "${row.name}" without a handler`);
    let payload: unknown = null;
    try {
      payload = parsePayload(row.payload);
    } catch {
      // Only a hand-edited row gets here; retrying cannot repair it.
      handler = () => Promise.reject(new PermanentJobError('Stored payload is not valid JSON'));
    }
    const run = new JobRun(handler, payload, row.id, row.attempts);
    this.runs.set(row.id, { run, settled: run.ended.then((end) => this.settle(row.id, run, end)) });
  }

  private settle(id: string, run: JobRun, end: HandlerEnd): void {
    if (run.detached) return;
    this.runs.delete(id);
    const now = this.now();
    this.writeSafely(() =>
      this.table.endRunIfOwned(id, this.workerId, now, (row) =>
        toRunEnding(
          decideOutcome({
            end,
            // A cancel requested by another process since the last heartbeat still wins.
            abortCause: row.cancel_requested === 1 ? 'cancel' : run.abortCause,
            attempt: row.attempts,
            maxAttempts: row.max_attempts,
            backoffMs: row.backoff_ms,
          }),
          now,
        ),
      ),
    );
    // A slot is free, or the job is due again: this and other local instances may claim now.
    wakeLocalWorkers(this.path);
  }

  private scheduleTick(): void {
    if (!this.handlers || this.closed) return;
    let delay = this.pollIntervalMs;
    if (this.runs.size > 0) delay = Math.min(delay, this.heartbeatMs);
    if (this.claiming && this.runs.size < this.concurrency) {
      try {
        const nextDueAt = this.table.nextDueAt([...this.handlers.keys()]);
        if (nextDueAt !== null) delay = Math.min(delay, Math.max(1, nextDueAt - this.now()));
      } catch (error) {
        this.report(error);
      }
    }
    this.timer = setTimeout(() => this.tick(), delay);
  }

  private wakeSoon(): void {
    if (this.wakeScheduled || !this.handlers || this.closed) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.tick();
    });
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private writeSafely(write: () => unknown): void {
    try {
      write();
    } catch (error) {
      // The lease then expires and another worker recovers the job.
      this.report(error);
    }
  }

  private report(error: unknown): void {
    const wrapped = error instanceof Error ? error : new Error(errorMessage(error));
    this.backgroundError = wrapped;
    this.onError(wrapped);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('SqliteJobQueue is closed');
  }
}

function toRunEnding(outcome: JobOutcome, now: number): RunEnding {
  switch (outcome.kind) {
    case 'completed':
    case 'canceled':
      return { state: outcome.kind, refund: 0, error: null, runAt: now, rejoin: 0 };
    case 'failed':
      return { state: 'failed', refund: 0, error: outcome.error, runAt: now, rejoin: 0 };
    case 'requeue':
      return {
        state: 'waiting',
        refund: outcome.refundAttempt ? 1 : 0,
        error: outcome.error ?? null,
        runAt: now + outcome.delayMs,
        rejoin: outcome.rejoin ? 1 : 0,
      };
  }
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a number > 0`);
  return value;
}
