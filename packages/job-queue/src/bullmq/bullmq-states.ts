import type { JobState as BullMqJobState } from 'bullmq';
import type { JobState } from '../types';

/** BullMQ states a port job can be in while it waits (to start, for its delay or its backoff). */
const WAITING_STATES: ReadonlySet<string> = new Set([
  'waiting',
  'delayed',
  'prioritized',
  'waiting-children',
]);

/** The port's state for a BullMQ state; `canceled` comes from the cancel ledger, not from here. */
export function toPortState(state: BullMqJobState): Exclude<JobState, 'canceled'> {
  if (WAITING_STATES.has(state)) return 'waiting';
  if (state === 'active' || state === 'completed' || state === 'failed') return state;
  throw new Error(`Unexpected BullMQ job state "${state}"`);
}

/** BullMQ count types, as `Queue.getJobCounts` takes them ('waiting' brings 'paused' along). */
export const COUNTED_BULLMQ_TYPES = [
  'waiting',
  'delayed',
  'prioritized',
  'waiting-children',
  'active',
  'completed',
  'failed',
] as const;

/**
 * Port counts from BullMQ's and the ledger's. A job whose run ended canceled sits in BullMQ's
 * failed set, so it is moved from `failed` to `canceled`.
 */
export function toPortCounts(
  bullMq: Readonly<Record<string, number>>,
  ledger: { canceledWaiting: number; canceledRuns: number },
): Record<JobState, number> {
  const count = (type: string): number => bullMq[type] ?? 0;
  return {
    waiting:
      count('waiting') +
      count('paused') +
      count('delayed') +
      count('prioritized') +
      count('waiting-children'),
    active: count('active'),
    completed: count('completed'),
    failed: Math.max(0, count('failed') - ledger.canceledRuns),
    canceled: ledger.canceledWaiting + ledger.canceledRuns,
  };
}

/** Delayed jobs are scored `dueAt * 0x1000 + sequence` (BullMQ's getDelayedScore). */
export function delayedScoreDueAt(score: number): number {
  return Math.floor(score / 0x1000);
}
