import { Queue, Worker, type Job, type WorkerOptions as BullWorkerOptions } from 'bullmq';
import { parseEnqueueRequest, parsePayload } from '../enqueue-request';
import { waitUntilIdle } from '../idle-wait';
import { JobCatalogue } from '../job-catalogue';
import { errorMessage } from '../job-outcome';
import { settleWithin } from '../job-run';
import type {
  EnqueueOptions,
  JobDefinition,
  JobHandlerRegistration,
  JobInfo,
  JobQueue,
  JobState,
  WorkerOptions,
} from '../types';
import { ActiveRuns } from './active-runs';
import { toBullMqJobId } from './bullmq-job-ids';
import {
  createJobProcessor,
  type BullMqProcessor,
  type ProcessingContext,
} from './bullmq-processor';
import {
  COUNTED_BULLMQ_TYPES,
  delayedScoreDueAt,
  toPortCounts,
  toPortState,
} from './bullmq-states';
import { CancelLedger, type CanceledWaitingJob } from './cancel-ledger';
import { bullMqConnection, withRedisDeadline } from './redis-availability';
import { RedisFairRounds } from './redis-fair-rounds';
import { runScript, SCRIPTS } from './redis-scripts';

export interface BullMqJobQueueOptions {
  /** Redis URL, e.g. `redis://:password@redis:6379/0`. */
  connection: string;
  jobs: readonly JobDefinition<unknown>[];
  /** BullMQ queue name (default 'docent'). */
  queueName?: string;
  /** BullMQ key prefix (default 'docent'): keys are `<prefix>:<queueName>:…`. */
  prefix?: string;
  /** BullMQ worker name, shown in `CLIENT LIST` (default: BullMQ's). */
  workerId?: string;
  /** A run whose worker stops renewing its lock for this long counts as lost (default 15 000). */
  lockDurationMs?: number;
  /** How often workers look for lost runs (default 5 000). */
  stalledIntervalMs?: number;
  /** Lost runs (crash, kill -9, stall) a job survives; one more and it fails (default 5). */
  maxCrashRecoveries?: number;
  /** How soon a running job notices a cancel() from another process (default 250). */
  pollIntervalMs?: number;
  /** How long health() waits for Redis to answer PING (default 3 000). */
  healthTimeoutMs?: number;
  /**
   * How long enqueue, cancel, getJob and counts wait for Redis before they throw a
   * `DependencyUnavailableError` (dependency `queue`) (default 3 000).
   */
  commandTimeoutMs?: number;
  /** Errors of the BullMQ Queue and Worker and of the cancel polling (they are not thrown). */
  onError?: (error: Error) => void;
}

/** The options that place a queue in Redis and set its Worker (all but the jobs and `onError`). */
export type BullMqQueueSettings = Omit<BullMqJobQueueOptions, 'jobs' | 'onError'>;

type BullMqSettings = Required<Omit<BullMqJobQueueOptions, 'jobs' | 'onError' | 'workerId'>> &
  Pick<BullMqJobQueueOptions, 'workerId'>;

const DEFAULTS = {
  queueName: 'docent',
  prefix: 'docent',
  lockDurationMs: 15_000,
  stalledIntervalMs: 5_000,
  maxCrashRecoveries: 5,
  pollIntervalMs: 250,
  healthTimeoutMs: 3_000,
  commandTimeoutMs: 3_000,
};
const DEFAULT_STOP_TIMEOUT_MS = 30_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/** After a stop timeout: how long handing the unfinished jobs back may take (a few Redis calls). */
const HAND_BACK_TIMEOUT_MS = 5_000;

/**
 * JobQueue on BullMQ (Redis), for several hosts: any instance enqueues, started instances run
 * jobs. The port's semantics are layered on BullMQ as described in the README: retries and
 * backoff are BullMQ's, RetryLaterError and stop hand jobs back with `moveToDelayed` (no attempt
 * used), cancels are recorded in a ledger next to BullMQ's keys, and lost runs come back through
 * BullMQ's stalled-job check. Delivery is at least once.
 */
export class BullMqJobQueue implements JobQueue {
  private readonly catalogue: JobCatalogue;
  private readonly queue: Queue;
  private readonly ledger: CancelLedger;
  private readonly rounds: RedisFairRounds;
  private readonly runs: ActiveRuns;
  private readonly processing: ProcessingContext;
  private readonly settings: BullMqSettings;
  private readonly onError: (error: Error) => void;
  private worker: Worker | null = null;
  /** A Worker created by a host runs this queue's processor (see `hostedProcessor`). */
  private hosted = false;
  private accepting = true;
  private closed = false;

  constructor(options: BullMqJobQueueOptions) {
    this.catalogue = new JobCatalogue(options.jobs);
    this.settings = resolveSettings(options);
    this.onError = options.onError ?? (() => undefined);
    this.queue = new Queue(this.settings.queueName, {
      connection: bullMqConnection(this.settings.connection),
      prefix: this.settings.prefix,
    });
    this.queue.on('error', (error) => this.report(error));
    this.ledger = new CancelLedger(
      () => this.queue.client,
      (suffix) => this.queue.toKey(suffix),
    );
    this.rounds = new RedisFairRounds(
      () => this.queue.client,
      (suffix) => this.queue.toKey(suffix),
    );
    this.runs = new ActiveRuns(this.ledger, this.settings.pollIntervalMs, (error) =>
      this.report(error),
    );
    this.processing = {
      catalogue: this.catalogue,
      ledger: this.ledger,
      rounds: this.rounds,
      runs: this.runs,
      isAccepting: () => this.accepting && !this.closed,
    };
  }

  async enqueue<TPayload>(
    job: JobDefinition<TPayload>,
    payload: TPayload,
    options: EnqueueOptions,
  ): Promise<{ jobId: string; created: boolean }> {
    this.assertOpen();
    const definition = this.catalogue.require(job.name);
    const request = parseEnqueueRequest(payload, options);
    return this.redis('enqueue', () => this.add(definition, request));
  }

  private async add(
    definition: { name: string; maxAttempts: number; backoffMs: number },
    request: ReturnType<typeof parseEnqueueRequest>,
  ): Promise<{ jobId: string; created: boolean }> {
    const id = toBullMqJobId(request.jobId);
    if (await this.isIdUsed(id)) return { jobId: request.jobId, created: false };
    // Two producers racing with one id both get here; BullMQ adds the job once.
    await this.queue.add(definition.name, parsePayload(request.payloadJson), {
      jobId: id,
      attempts: definition.maxAttempts,
      backoff: { type: 'exponential', delay: definition.backoffMs },
      delay: request.delayMs,
      // The job's round in the fair claim order (see RedisFairRounds).
      priority: await this.rounds.assign(request.group),
      // Stacks can carry request details and secrets; the message (failedReason) is enough.
      stackTraceLimit: 0,
    });
    await this.rounds.remember(id, request.group);
    return { jobId: request.jobId, created: true };
  }

  async start(
    registrations: JobHandlerRegistration<never>[],
    options: WorkerOptions = {},
  ): Promise<void> {
    this.assertOpen();
    this.assertNoWorker();
    const { concurrency } = this.catalogue.resolveWorker(registrations, options);
    const worker = new Worker(
      this.settings.queueName,
      this.processorFor(registrations),
      workerOptionsOf(this.settings, concurrency),
    );
    this.worker = worker;
    this.accepting = true;
    worker.on('error', (error) => this.report(error));
    worker.on('lockRenewalFailed', (jobIds) => this.letGo(jobIds));
    try {
      await worker.waitUntilReady();
    } catch (error) {
      await this.stop(0);
      throw error;
    }
  }

  /**
   * For a BullMQ Worker created by a host (`@nestjs/bullmq`'s `WorkerHost`) instead of `start()`,
   * with `bullMqWorkerOptions` (same options as this queue) and the same queue name: `process`
   * is its processor, the host forwards the Worker's `lockRenewalFailed` and `error` events, and
   * closes the Worker along with `stop()`. Throws when the handlers do not match the catalogue.
   */
  hostedProcessor(registrations: readonly JobHandlerRegistration<never>[]): HostedBullMqProcessor {
    this.assertNoWorker();
    const process = this.processorFor(registrations);
    this.hosted = true;
    this.accepting = true;
    return {
      process,
      lockRenewalFailed: (jobIds) => this.letGo(jobIds),
      error: (error) => this.report(error),
    };
  }

  async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS): Promise<void> {
    const worker = this.worker;
    // Runs exist only in a worker started here or hosted elsewhere.
    if (!worker && !this.hosted) return;
    // A job the Worker was still fetching goes straight back. (A host that kept its Worker
    // running would fetch it again in a loop: hosts close their Worker along with stop().)
    this.accepting = false;
    // Closing first: the jobs handed back below must not be fetched again by this worker.
    const stopped = worker ? worker.close() : Promise.all(this.runs.allFinished());
    this.runs.abortAll('stop');
    await settleWithin([stopped], timeoutMs);
    // Handlers still running: their processor calls hand the jobs back without waiting for them.
    this.runs.detachAll();
    await settleWithin([stopped], HAND_BACK_TIMEOUT_MS);
    if (this.worker === worker) this.worker = null;
  }

  async cancel(jobId: string): Promise<void> {
    this.assertOpen();
    await this.redis('cancel', () => this.cancelById(toBullMqJobId(jobId)));
  }

  private async cancelById(id: string): Promise<void> {
    const state = await this.queue.getJobState(id);
    if (state === 'unknown' || state === 'completed' || state === 'failed') return;
    const job = await this.queue.getJob(id);
    if (!job) return;
    // Recorded first, so a worker claiming the job from now on ends it canceled unrun.
    await this.ledger.requestCancel(id, Date.now());
    if (state === 'active') {
      this.runs.abort(id, 'cancel');
      await this.dropRequestIfFinished(id);
      return;
    }
    await this.removeWaiting(job, id, {
      name: job.name,
      attempts: job.attemptsMade,
      lastError: job.failedReason || null,
    });
  }

  async getJob(jobId: string): Promise<JobInfo | null> {
    this.assertOpen();
    return this.redis('getJob', () => this.jobInfo(jobId));
  }

  private async jobInfo(jobId: string): Promise<JobInfo | null> {
    const id = toBullMqJobId(jobId);
    // BullMQ before the ledger: cancel() records a job there before removing it from BullMQ.
    const state = await this.queue.getJobState(id);
    const job = state === 'unknown' ? undefined : await this.queue.getJob(id);
    const canceledWaiting = await this.ledger.canceledWaiting(id);
    if (canceledWaiting) return { jobId, ...canceledWaiting, state: 'canceled' };
    if (!job || state === 'unknown') return null;
    const portState = toPortState(state);
    const lastError = job.failedReason || null;
    if (portState === 'failed') {
      const canceledRun = await this.ledger.canceledRun(id);
      if (canceledRun) {
        return {
          jobId,
          name: job.name,
          state: 'canceled',
          attempts: job.attemptsMade,
          lastError: canceledRun.lastError,
        };
      }
    }
    return {
      jobId,
      name: job.name,
      state: portState,
      // BullMQ counts an attempt when it ends; the port counts the one running.
      attempts: portState === 'active' ? job.attemptsMade + 1 : job.attemptsMade,
      lastError,
    };
  }

  async whenIdle(timeoutMs = DEFAULT_IDLE_TIMEOUT_MS): Promise<void> {
    this.assertOpen();
    return waitUntilIdle(() => this.isIdle(), {
      timeoutMs,
      pollMs: Math.min(this.settings.pollIntervalMs, 20),
      describeBusy: async () => {
        const counts = await this.counts();
        return `${counts.active} active, ${counts.waiting} waiting`;
      },
    });
  }

  async counts(): Promise<Record<JobState, number>> {
    this.assertOpen();
    return this.redis('counts', async () => {
      const [bullMq, ledger] = await Promise.all([
        this.queue.getJobCounts(...COUNTED_BULLMQ_TYPES),
        this.ledger.counts(),
      ]);
      return toPortCounts(bullMq, ledger);
    });
  }

  async health(): Promise<void> {
    this.assertOpen();
    // While Redis is unreachable BullMQ's client waits to reconnect instead of failing.
    const ping = this.queue.client.then((client) => runScript(client, SCRIPTS.ping, []));
    const reply = await withTimeout(ping, this.settings.healthTimeoutMs);
    if (reply !== 'PONG') throw new Error('Redis did not answer PING');
  }

  /** Stops (handing running jobs back at once; call stop() first to drain) and disconnects. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.stop(0);
    this.closed = true;
    this.runs.dispose();
    await this.queue.close();
  }

  /** Nothing active, waiting, or delayed and due (a job handed back sits in delayed, due now). */
  private async isIdle(): Promise<boolean> {
    const counts = await this.queue.getJobCounts(
      'waiting',
      'prioritized',
      'waiting-children',
      'active',
    );
    if (Object.values(counts).some((count) => count > 0)) return false;
    const client = await this.queue.client;
    const [, score] = await client.zrange(this.queue.toKey('delayed'), 0, 0, { WITHSCORES: true });
    return score === undefined || delayedScoreDueAt(Number(score)) > Date.now();
  }

  /** A call that needs Redis: bounded in time, an unreachable Redis as a typed error. */
  private redis<T>(operation: string, work: () => Promise<T>): Promise<T> {
    return withRedisDeadline(operation, this.settings.commandTimeoutMs, work);
  }

  private async isIdUsed(id: string): Promise<boolean> {
    // BullMQ before the ledger: cancel() records a job there before removing it from BullMQ.
    if ((await this.queue.getJobState(id)) !== 'unknown') return true;
    return (await this.ledger.canceledWaiting(id)) !== null;
  }

  private async removeWaiting(job: Job, id: string, record: CanceledWaitingJob): Promise<void> {
    await this.ledger.recordCanceledWaiting(id, record);
    try {
      await job.remove();
    } catch (error) {
      const state = await this.queue.getJobState(id);
      if (state === 'active') {
        // A worker claimed it meanwhile: it sees the request and ends the run canceled.
        await this.ledger.forgetCanceledWaiting(id);
        this.runs.abort(id, 'cancel');
        return;
      }
      if (state !== 'unknown') throw error;
    }
    // Written again last: a worker that claimed the job just before the removal may have
    // recorded it as a canceled run, but BullMQ no longer holds it.
    await this.ledger.settleCanceledWaiting(id, record);
  }

  /** A job that finished between the state check and the request keeps no stale request. */
  private async dropRequestIfFinished(id: string): Promise<void> {
    const state = await this.queue.getJobState(id);
    if (state === 'completed' || state === 'failed' || state === 'unknown') {
      await this.ledger.clearCancelRequest(id);
    }
  }

  private processorFor(registrations: readonly JobHandlerRegistration<never>[]): BullMqProcessor {
    this.assertOpen();
    return createJobProcessor(this.processing, this.catalogue.resolveHandlers(registrations));
  }

  /**
   * The lock of jobs this process runs expired (e.g. the event loop stalled longer than
   * lockDurationMs): the stalled check gives them to another worker, so drop these runs.
   */
  private letGo(jobIds: string[]): void {
    for (const id of jobIds) this.runs.letGo(id);
  }

  private report(error: unknown): void {
    this.onError(error instanceof Error ? error : new Error(errorMessage(error)));
  }

  private assertNoWorker(): void {
    if (this.worker) throw new Error('BullMqJobQueue is already started');
    if (this.hosted) throw new Error('BullMqJobQueue already has a hosted worker');
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('BullMqJobQueue is closed');
  }
}

/** What a BullMQ Worker created by a host runs and forwards (see `hostedProcessor`). */
export interface HostedBullMqProcessor {
  /** The Worker's processor, e.g. `WorkerHost.process(job, token)`. */
  process: BullMqProcessor;
  /** The Worker's `lockRenewalFailed` event. */
  lockRenewalFailed(jobIds: string[]): void;
  /** The Worker's `error` event. */
  error(error: Error): void;
}

/**
 * The BullMQ Worker settings of a queue built with these options (what `start()` uses): the
 * connection, key prefix, lock duration, stalled check and crash-recovery limit, the worker name.
 * A Worker created elsewhere with them, on queue `options.queueName ?? 'docent'`, behaves alike.
 */
export function bullMqWorkerOptions(
  options: BullMqQueueSettings,
  concurrency: number,
): BullWorkerOptions & { connection: ReturnType<typeof bullMqConnection>; prefix: string } {
  return workerOptionsOf(resolveSettings(options), concurrency);
}

/** The queue name a queue built with these options uses. */
export function bullMqQueueName(options: Pick<BullMqJobQueueOptions, 'queueName'>): string {
  return options.queueName ?? DEFAULTS.queueName;
}

function workerOptionsOf(
  settings: BullMqSettings,
  concurrency: number,
): BullWorkerOptions & { connection: ReturnType<typeof bullMqConnection>; prefix: string } {
  return {
    connection: bullMqConnection(settings.connection),
    prefix: settings.prefix,
    concurrency,
    lockDuration: settings.lockDurationMs,
    stalledInterval: settings.stalledIntervalMs,
    maxStalledCount: settings.maxCrashRecoveries,
    ...(settings.workerId === undefined ? {} : { name: settings.workerId }),
  };
}

function resolveSettings(options: BullMqQueueSettings): BullMqSettings {
  if (typeof options.connection !== 'string' || options.connection.length === 0) {
    throw new Error('BullMqJobQueue needs a Redis URL as connection');
  }
  const settings: BullMqSettings = {
    connection: options.connection,
    queueName: bullMqQueueName(options),
    prefix: options.prefix ?? DEFAULTS.prefix,
    lockDurationMs: positive(options.lockDurationMs ?? DEFAULTS.lockDurationMs, 'lockDurationMs'),
    stalledIntervalMs: positive(
      options.stalledIntervalMs ?? DEFAULTS.stalledIntervalMs,
      'stalledIntervalMs',
    ),
    maxCrashRecoveries: options.maxCrashRecoveries ?? DEFAULTS.maxCrashRecoveries,
    pollIntervalMs: positive(options.pollIntervalMs ?? DEFAULTS.pollIntervalMs, 'pollIntervalMs'),
    healthTimeoutMs: positive(
      options.healthTimeoutMs ?? DEFAULTS.healthTimeoutMs,
      'healthTimeoutMs',
    ),
    commandTimeoutMs: positive(
      options.commandTimeoutMs ?? DEFAULTS.commandTimeoutMs,
      'commandTimeoutMs',
    ),
    workerId: options.workerId,
  };
  if (!Number.isInteger(settings.maxCrashRecoveries) || settings.maxCrashRecoveries < 0) {
    throw new Error('maxCrashRecoveries must be an integer >= 0');
  }
  return settings;
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Redis did not answer PING within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  // A late rejection of the abandoned promise must not surface as unhandled.
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a number > 0`);
  return value;
}
