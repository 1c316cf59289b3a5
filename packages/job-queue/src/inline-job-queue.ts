import { parseEnqueueRequest, parsePayload } from './enqueue-request';
import { waitUntilIdle } from './idle-wait';
import { FairRounds } from './fair-rounds';
import { JobCatalogue, type CataloguedJob } from './job-catalogue';
import { decideOutcome, type HandlerEnd, type JobOutcome } from './job-outcome';
import { JobRun, settleWithin } from './job-run';
import type {
  EnqueueOptions,
  JobDefinition,
  JobHandler,
  JobHandlerRegistration,
  JobInfo,
  JobQueue,
  JobState,
  WorkerOptions,
} from './types';

export interface InlineJobQueueOptions {
  jobs: readonly JobDefinition<unknown>[];
  /**
   * Waits out delays (`delayMs`, backoff, RetryLaterError). Inject `async () => {}` to retry
   * without waiting, or a recorder to assert the delays. Defaults to real timers.
   */
  sleep?: (ms: number) => Promise<void>;
}

interface InlineRun {
  run: JobRun;
  /** Resolves once the run's outcome is applied to the job. */
  settled: Promise<void>;
}

interface InlineJob {
  readonly id: string;
  readonly definition: CataloguedJob;
  readonly payloadJson: string;
  state: JobState;
  attempts: number;
  lastError: string | null;
  /** Fairness group, and the job's place in the claim order across groups (see FairRounds). */
  readonly group: string;
  round: number;
  /** Waiting and its delay has passed. */
  due: boolean;
  /** Order in which waiting jobs became due, so a round's jobs run first-in first-out. */
  dueSequence: number;
  /** Bumped whenever a pending delay must no longer make the job due (cancel, re-schedule). */
  delayGeneration: number;
  active: InlineRun | null;
}

const DEFAULT_STOP_TIMEOUT_MS = 30_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

/**
 * In-memory JobQueue for unit tests of code that enqueues: handlers run in this process on a
 * later turn of the event loop, with the same retry, cancel and stop rules as the durable drivers.
 * Payloads go through JSON as they would in a real queue. Nothing survives the process.
 */
export class InlineJobQueue implements JobQueue {
  private readonly catalogue: JobCatalogue;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly jobs = new Map<string, InlineJob>();
  private readonly rounds = new FairRounds();
  private readonly pendingTimers = new Set<NodeJS.Timeout>();
  private handlers: Map<string, JobHandler<unknown>> | null = null;
  private concurrency = 1;
  private claiming = false;
  private pumpScheduled = false;
  private dueCounter = 0;
  private closed = false;

  constructor(options: InlineJobQueueOptions) {
    this.catalogue = new JobCatalogue(options.jobs);
    this.sleep = options.sleep ?? ((ms) => this.realSleep(ms));
  }

  async enqueue<TPayload>(
    job: JobDefinition<TPayload>,
    payload: TPayload,
    options: EnqueueOptions,
  ): Promise<{ jobId: string; created: boolean }> {
    this.assertOpen();
    const definition = this.catalogue.require(job.name);
    const request = parseEnqueueRequest(payload, options);
    if (this.jobs.has(request.jobId)) return { jobId: request.jobId, created: false };
    const entry: InlineJob = {
      id: request.jobId,
      definition,
      payloadJson: request.payloadJson,
      state: 'waiting',
      attempts: 0,
      lastError: null,
      group: request.group,
      round: this.rounds.assign(request.group),
      due: false,
      dueSequence: 0,
      delayGeneration: 0,
      active: null,
    };
    this.jobs.set(entry.id, entry);
    this.scheduleWaiting(entry, request.delayMs);
    return { jobId: entry.id, created: true };
  }

  async start(
    registrations: JobHandlerRegistration<never>[],
    options: WorkerOptions = {},
  ): Promise<void> {
    this.assertOpen();
    if (this.handlers) throw new Error('InlineJobQueue is already started');
    const { handlers, concurrency } = this.catalogue.resolveWorker(registrations, options);
    this.handlers = handlers;
    this.concurrency = concurrency;
    this.claiming = true;
    this.schedulePump();
  }

  async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS): Promise<void> {
    if (!this.handlers) return;
    this.claiming = false;
    const runs = this.activeRuns();
    for (const { run } of runs) run.abort('stop');
    await settleWithin(
      runs.map(({ settled }) => settled),
      timeoutMs,
    );
    for (const job of this.jobs.values()) {
      if (!job.active) continue;
      // The handler did not finish in time: give the job back without using an attempt.
      job.active.run.detached = true;
      job.active = null;
      job.attempts -= 1;
      this.scheduleWaiting(job, 0);
    }
    this.handlers = null;
  }

  async cancel(jobId: string): Promise<void> {
    const job = this.jobs.get(jobId);
    if (!job) return;
    if (job.state === 'waiting') {
      job.state = 'canceled';
      job.due = false;
      job.delayGeneration += 1;
    } else if (job.active) {
      job.active.run.abort('cancel');
    }
  }

  async getJob(jobId: string): Promise<JobInfo | null> {
    const job = this.jobs.get(jobId);
    if (!job) return null;
    return {
      jobId: job.id,
      name: job.definition.name,
      state: job.state,
      attempts: job.attempts,
      lastError: job.lastError,
    };
  }

  async whenIdle(timeoutMs = DEFAULT_IDLE_TIMEOUT_MS): Promise<void> {
    return waitUntilIdle(() => this.busyJobs().length === 0, {
      timeoutMs,
      pollMs: 5,
      describeBusy: () =>
        this.busyJobs()
          .map((job) => `${job.id}: ${job.state}`)
          .join(', '),
    });
  }

  async counts(): Promise<Record<JobState, number>> {
    const counts: Record<JobState, number> = {
      waiting: 0,
      active: 0,
      completed: 0,
      failed: 0,
      canceled: 0,
    };
    for (const job of this.jobs.values()) counts[job.state] += 1;
    return counts;
  }

  async health(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.stop(0);
    for (const timer of this.pendingTimers) clearTimeout(timer);
    this.pendingTimers.clear();
    this.closed = true;
  }

  private scheduleWaiting(job: InlineJob, delayMs: number): void {
    job.state = 'waiting';
    job.due = false;
    const generation = ++job.delayGeneration;
    const makeDue = (): void => {
      if (job.delayGeneration !== generation || job.state !== 'waiting') return;
      job.due = true;
      job.dueSequence = ++this.dueCounter;
      this.schedulePump();
    };
    if (delayMs <= 0) {
      makeDue();
      return;
    }
    this.sleep(delayMs).then(makeDue, makeDue);
  }

  private schedulePump(): void {
    if (this.pumpScheduled || !this.claiming) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.claiming && this.handlers && this.activeRuns().length < this.concurrency) {
      const next = this.nextDueJob();
      if (!next) return;
      this.launch(next, this.handlers);
    }
  }

  private nextDueJob(): InlineJob | undefined {
    let next: InlineJob | undefined;
    for (const job of this.jobs.values()) {
      if (job.state !== 'waiting' || !job.due) continue;
      if (
        !next ||
        job.round < next.round ||
        (job.round === next.round && job.dueSequence < next.dueSequence)
      ) {
        next = job;
      }
    }
    return next;
  }

  private launch(job: InlineJob, handlers: Map<string, JobHandler<unknown>>): void {
    const handler = handlers.get(job.definition.name);
    if (!handler) throw new Error(`No handler for job "${job.definition.name}"`);
    job.state = 'active';
    job.due = false;
    job.attempts += 1;
    this.rounds.claimed(job.round);
    const run = new JobRun(handler, parsePayload(job.payloadJson), job.id, job.attempts);
    job.active = { run, settled: run.ended.then((end) => this.settle(job, run, end)) };
  }

  private settle(job: InlineJob, run: JobRun, end: HandlerEnd): void {
    if (run.detached) return;
    job.active = null;
    const outcome = decideOutcome({
      end,
      abortCause: run.abortCause,
      attempt: job.attempts,
      maxAttempts: job.definition.maxAttempts,
      backoffMs: job.definition.backoffMs,
    });
    this.apply(job, outcome);
    this.schedulePump();
  }

  private apply(job: InlineJob, outcome: JobOutcome): void {
    switch (outcome.kind) {
      case 'completed':
      case 'canceled':
        job.state = outcome.kind;
        return;
      case 'failed':
        job.state = 'failed';
        job.lastError = outcome.error;
        return;
      case 'requeue':
        if (outcome.refundAttempt) job.attempts -= 1;
        if (outcome.rejoin) job.round = this.rounds.assign(job.group);
        if (outcome.error !== undefined) job.lastError = outcome.error;
        this.scheduleWaiting(job, outcome.delayMs);
        return;
    }
  }

  private activeRuns(): InlineRun[] {
    const runs: InlineRun[] = [];
    for (const job of this.jobs.values()) if (job.active) runs.push(job.active);
    return runs;
  }

  private busyJobs(): InlineJob[] {
    return [...this.jobs.values()].filter(
      (job) => job.state === 'active' || (job.state === 'waiting' && job.due),
    );
  }

  private realSleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pendingTimers.delete(timer);
        resolve();
      }, ms);
      this.pendingTimers.add(timer);
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('InlineJobQueue is closed');
  }
}
