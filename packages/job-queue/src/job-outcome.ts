import { PermanentJobError, RetryLaterError } from './types';

/** Longest `lastError` kept: enough to diagnose, bounded so a huge message cannot bloat storage. */
const MAX_ERROR_LENGTH = 2_000;

/** Why the queue aborted a running handler's signal, if it did. */
export type AbortCause = 'cancel' | 'stop';

export type HandlerEnd = { kind: 'returned' } | { kind: 'threw'; error: unknown };

export type JobOutcome =
  | { kind: 'completed' }
  | { kind: 'canceled' }
  | { kind: 'failed'; error: string }
  /**
   * Back to waiting after `delayMs`. `refundAttempt` gives back the attempt the run consumed
   * (RetryLaterError, interrupted by stop); `error` replaces `lastError` when not undefined;
   * `rejoin` (RetryLaterError) puts the job at the back of its group's line, in a new round,
   * where other requeued jobs keep their round (see FairRounds).
   */
  | { kind: 'requeue'; delayMs: number; refundAttempt: boolean; rejoin: boolean; error?: string };

export interface OutcomeInput {
  end: HandlerEnd;
  abortCause: AbortCause | null;
  /** 1-based attempt that just ran. */
  attempt: number;
  maxAttempts: number;
  backoffMs: number;
}

/** The one place that maps a handler's ending to the job's next state, for every driver. */
export function decideOutcome({
  end,
  abortCause,
  attempt,
  maxAttempts,
  backoffMs,
}: OutcomeInput): JobOutcome {
  if (abortCause === 'cancel') return { kind: 'canceled' };
  if (end.kind === 'returned') return { kind: 'completed' };
  const { error } = end;
  const retryLater = retryLaterDelay(error);
  // A job waiting for something (the listing far enough ahead of its batches, a collection
  // held by another ingestion) must not come round again ahead of the work it waits for.
  if (retryLater !== null) {
    return { kind: 'requeue', delayMs: retryLater, refundAttempt: true, rejoin: true };
  }
  // A handler giving up because the worker is shutting down has not failed: another worker
  // resumes it, first.
  if (abortCause === 'stop') {
    return { kind: 'requeue', delayMs: 0, refundAttempt: true, rejoin: false };
  }
  const message = errorMessage(error);
  if (isPermanent(error) || attempt >= maxAttempts) return { kind: 'failed', error: message };
  return {
    kind: 'requeue',
    delayMs: backoffDelay(backoffMs, attempt),
    refundAttempt: false,
    rejoin: false,
    error: message,
  };
}

/** `backoffMs * 2^(attempt-1)`: the wait after the given (1-based) failed attempt. */
export function backoffDelay(backoffMs: number, attempt: number): number {
  return backoffMs * 2 ** (attempt - 1);
}

/** Only the message is kept: stacks and error objects can carry request details and secrets. */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}…` : message;
}

// Name checks back up `instanceof` for errors built by another copy of this module (e.g. built
// dist next to sources).
function retryLaterDelay(error: unknown): number | null {
  if (error instanceof RetryLaterError) return clampDelay(error.delayMs);
  if (error instanceof Error && error.name === 'RetryLaterError' && 'delayMs' in error) {
    return typeof error.delayMs === 'number' ? clampDelay(error.delayMs) : 0;
  }
  return null;
}

function isPermanent(error: unknown): boolean {
  return (
    error instanceof PermanentJobError ||
    (error instanceof Error && error.name === 'PermanentJobError')
  );
}

function clampDelay(delayMs: number): number {
  return Number.isFinite(delayMs) && delayMs > 0 ? delayMs : 0;
}
