/**
 * Jobs are declared once, in a catalogue shared by producers and workers; `start()` refuses a
 * worker that does not handle every declared job, and `enqueue()` refuses undeclared names.
 */
export interface JobDefinition<TPayload> {
  readonly name: string;
  /** Attempts before the job is marked failed (default 3). */
  readonly maxAttempts?: number;
  /** Base backoff between attempts, doubled each time (default 5 s). */
  readonly backoffMs?: number;
  /** Phantom field carrying the payload type. */
  readonly __payload?: TPayload;
}

export function defineJob<TPayload>(
  name: string,
  options: { maxAttempts?: number; backoffMs?: number } = {},
): JobDefinition<TPayload> {
  return { name, ...options };
}

export interface JobContext {
  jobId: string;
  /** 1-based. */
  attempt: number;
  /** Aborted on cancel() of this job and on a graceful stop(). */
  signal: AbortSignal;
}

export type JobHandler<TPayload> = (payload: TPayload, context: JobContext) => Promise<void>;

export interface JobHandlerRegistration<TPayload = unknown> {
  job: JobDefinition<TPayload>;
  handle: JobHandler<TPayload>;
}

/** Thrown by a handler that cannot run yet (e.g. the collection is locked): no attempt is used. */
export class RetryLaterError extends Error {
  constructor(
    readonly delayMs: number,
    reason = 'retry later',
  ) {
    super(reason);
    this.name = 'RetryLaterError';
  }
}

/** Thrown by a handler whose failure must not be retried. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'canceled';

export interface JobInfo {
  jobId: string;
  name: string;
  state: JobState;
  attempts: number;
  lastError: string | null;
}

export interface EnqueueOptions {
  /** Deterministic id: enqueueing the same id twice is a no-op while the first exists. */
  jobId: string;
  delayMs?: number;
  /**
   * Fairness group, e.g. the account the job works for: groups with jobs waiting are served in
   * turn, one job each, so a group that enqueued many jobs cannot hold back another's (see
   * README, "Fairness"). Jobs without one share the group `''`.
   */
  group?: string;
}

export interface WorkerOptions {
  /** Jobs run at the same time by this process (default 1). */
  concurrency?: number;
}

export interface JobQueue {
  enqueue<TPayload>(
    job: JobDefinition<TPayload>,
    payload: TPayload,
    options: EnqueueOptions,
  ): Promise<{ jobId: string; created: boolean }>;
  /** Starts consuming; throws when the registrations do not match the catalogue. */
  start(handlers: JobHandlerRegistration<never>[], options?: WorkerOptions): Promise<void>;
  /**
   * Graceful stop: stop taking jobs, abort the signals of running ones and wait (up to
   * `timeoutMs`) for their handlers to return; unfinished jobs go back to the queue.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** Removes a waiting job or aborts the signal of an active one. */
  cancel(jobId: string): Promise<void>;
  getJob(jobId: string): Promise<JobInfo | null>;
  /** Resolves when no job is waiting (due) or active. For tests and graceful shutdown. */
  whenIdle(timeoutMs?: number): Promise<void>;
  /** Counts by state, for /metrics. */
  counts(): Promise<Record<JobState, number>>;
  health(): Promise<void>;
  close(): Promise<void>;
}
