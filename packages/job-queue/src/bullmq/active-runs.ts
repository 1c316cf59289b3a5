import type { AbortCause } from '../job-outcome';
import type { JobRun } from '../job-run';
import type { CancelLedger } from './cancel-ledger';

/** What `Promise.race` yields when the queue let go of a run before its handler ended. */
export const DETACHED = Symbol('detached');

/** One job this process is working on, from the moment BullMQ hands it over. */
export interface TrackedJob {
  readonly bullMqJobId: string;
  /** The handler's run, once started. */
  run: JobRun | null;
  /** An abort asked for before the handler started; applied when it does. */
  pendingAbort: AbortCause | null;
  /** Resolves once the queue gave the job back without waiting for its handler (stop timeout). */
  readonly detached: Promise<typeof DETACHED>;
  /** Resolves once BullMQ's processor call for this job has returned. */
  readonly finished: Promise<void>;
}

interface Tracking extends TrackedJob {
  detach(): void;
  finish(): void;
}

/**
 * The jobs whose processor calls are in progress in this process, whoever hosts the BullMQ
 * Worker: aborts their signals on stop and on cancel requests, which it polls every
 * `pollIntervalMs` while any job runs (a cancel may come from any process).
 */
export class ActiveRuns {
  private readonly tracked = new Map<string, Tracking>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(
    private readonly ledger: CancelLedger,
    private readonly pollIntervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  get size(): number {
    return this.tracked.size;
  }

  begin(bullMqJobId: string): TrackedJob {
    let detach!: () => void;
    let finish!: () => void;
    const tracking: Tracking = {
      bullMqJobId,
      run: null,
      pendingAbort: null,
      detached: new Promise((resolve) => (detach = () => resolve(DETACHED))),
      finished: new Promise((resolve) => (finish = resolve)),
      detach: () => detach(),
      finish: () => finish(),
    };
    this.tracked.set(bullMqJobId, tracking);
    this.schedulePoll();
    return tracking;
  }

  attach(job: TrackedJob, run: JobRun): void {
    job.run = run;
    if (job.pendingAbort) run.abort(job.pendingAbort);
  }

  end(job: TrackedJob): void {
    const tracking = this.tracked.get(job.bullMqJobId);
    if (tracking !== job) return;
    this.tracked.delete(job.bullMqJobId);
    tracking.finish();
    if (this.tracked.size === 0) this.clearTimer();
  }

  abort(bullMqJobId: string, cause: AbortCause): void {
    const job = this.tracked.get(bullMqJobId);
    if (job) abortJob(job, cause);
  }

  abortAll(cause: AbortCause): void {
    for (const job of this.tracked.values()) abortJob(job, cause);
  }

  /** The job is no longer ours (lock lost): abort its handler and stop waiting for it. */
  letGo(bullMqJobId: string): void {
    const job = this.tracked.get(bullMqJobId);
    if (!job) return;
    abortJob(job, 'stop');
    job.detach();
  }

  /** Lets go of every job: their processor calls hand them back without waiting for handlers. */
  detachAll(): void {
    for (const job of this.tracked.values()) job.detach();
  }

  allFinished(): Promise<void>[] {
    return [...this.tracked.values()].map((job) => job.finished);
  }

  dispose(): void {
    this.clearTimer();
  }

  private schedulePoll(): void {
    if (this.timer || this.polling) return;
    this.timer = setTimeout(() => void this.poll(), this.pollIntervalMs);
    // The BullMQ worker, not this timer, is what keeps a worker process alive.
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    this.timer = null;
    if (this.tracked.size === 0) return;
    this.polling = true;
    try {
      const requested = await this.ledger.cancelRequestedAmong([...this.tracked.keys()]);
      for (const id of requested) this.abort(id, 'cancel');
    } catch (error) {
      this.onError(error);
    } finally {
      this.polling = false;
    }
    if (this.tracked.size > 0) this.schedulePoll();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

function abortJob(job: TrackedJob, cause: AbortCause): void {
  if (job.run) job.run.abort(cause);
  else if (job.pendingAbort !== 'cancel') job.pendingAbort = cause;
}
