import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { JobCatalogue } from '../job-catalogue';
import { decideOutcome } from '../job-outcome';
import { JobRun } from '../job-run';
import type { JobHandler } from '../types';
import { DETACHED, type ActiveRuns, type TrackedJob } from './active-runs';
import { fromBullMqJobId } from './bullmq-job-ids';
import type { CancelLedger } from './cancel-ledger';
import type { RedisFairRounds } from './redis-fair-rounds';

/** BullMQ's processor signature, as the Worker and `@nestjs/bullmq`'s `WorkerHost.process` call it. */
export type BullMqProcessor = (job: Job, token?: string) => Promise<unknown>;

/** The failedReason BullMQ keeps for a job whose run ended canceled. */
export const CANCELED_REASON = 'Job canceled';

/** What a processor shares with the queue that created it. */
export interface ProcessingContext {
  readonly catalogue: JobCatalogue;
  readonly ledger: CancelLedger;
  readonly rounds: RedisFairRounds;
  readonly runs: ActiveRuns;
  /** False once stop() began: jobs BullMQ still hands over go straight back. */
  isAccepting(): boolean;
}

/**
 * Maps a handler's ending onto BullMQ (through the shared `decideOutcome`):
 * - returned → the processor returns, BullMQ completes the job;
 * - retryable error → rethrown as a plain Error carrying the message only, BullMQ retries it
 *   with its exponential backoff (`attempts`/`backoff` were set at enqueue);
 * - PermanentJobError or last attempt → `UnrecoverableError`, failed at once;
 * - RetryLaterError, or thrown/unsettled after stop → `moveToDelayed` + `DelayedError`, which
 *   BullMQ treats as "already moved" and which does not count an attempt;
 * - canceled → recorded in the cancel ledger, then failed with `UnrecoverableError`.
 */
export function createJobProcessor(
  context: ProcessingContext,
  handlers: ReadonlyMap<string, JobHandler<unknown>>,
): BullMqProcessor {
  return async (job, token) => {
    const bullMqJobId = job.id;
    if (bullMqJobId === undefined) {
      throw new UnrecoverableError('BullMQ handed over a job without id');
    }
    // Every hand-back needs the lock token; BullMQ's Worker and WorkerHost always pass it.
    if (!token) throw new Error(`No lock token for job ${bullMqJobId}`);
    const tracked = context.runs.begin(bullMqJobId);
    try {
      await processJob(context, handlers, job, bullMqJobId, token, tracked);
    } finally {
      context.runs.end(tracked);
    }
  };
}

async function processJob(
  { catalogue, ledger, rounds, runs, isAccepting }: ProcessingContext,
  handlers: ReadonlyMap<string, JobHandler<unknown>>,
  job: Job,
  bullMqJobId: string,
  token: string,
  tracked: TrackedJob,
): Promise<void> {
  const handler = handlers.get(job.name);
  if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}"`);
  const definition = catalogue.require(job.name);
  // Jobs enqueued from now on are placed after this one's round.
  await rounds.claimed(job.priority);
  // A worker being stopped can still be handed a job it was already fetching.
  if (!isAccepting()) return handBack(job, token, 0);
  if (await ledger.isCancelRequested(bullMqJobId)) return endCanceled(ledger, job, bullMqJobId);
  if (!isAccepting()) return handBack(job, token, 0);

  const attempt = job.attemptsMade + 1;
  const run = new JobRun(handler, job.data, fromBullMqJobId(bullMqJobId), attempt);
  runs.attach(tracked, run);
  const end = await Promise.race([run.ended, tracked.detached]);
  if (end === DETACHED) {
    run.detached = true;
    return handBack(job, token, 0);
  }
  // A cancel requested since the last poll still wins.
  const canceled = run.abortCause === 'cancel' || (await ledger.isCancelRequested(bullMqJobId));
  const outcome = decideOutcome({
    end,
    abortCause: canceled ? 'cancel' : run.abortCause,
    attempt,
    // BullMQ retries by the policy stored with the job; deciding by the same numbers keeps
    // "retry or fail" in agreement with it.
    maxAttempts: job.opts.attempts ?? 1,
    backoffMs: definition.backoffMs,
  });
  switch (outcome.kind) {
    case 'completed':
      return;
    case 'canceled':
      return endCanceled(ledger, job, bullMqJobId);
    case 'failed':
      throw new UnrecoverableError(outcome.error);
    case 'requeue':
      if (outcome.rejoin) await rounds.rejoin(job);
      if (outcome.refundAttempt) return handBack(job, token, outcome.delayMs);
      throw new Error(outcome.error);
  }
}

/** Back to waiting after `delayMs` without using an attempt (BullMQ's `skipAttempt` move). */
async function handBack(job: Job, token: string, delayMs: number): Promise<never> {
  await job.moveToDelayed(Date.now() + delayMs, token);
  throw new DelayedError();
}

async function endCanceled(ledger: CancelLedger, job: Job, bullMqJobId: string): Promise<never> {
  await ledger.recordCanceledRun(bullMqJobId, job.failedReason || null);
  throw new UnrecoverableError(CANCELED_REASON);
}
