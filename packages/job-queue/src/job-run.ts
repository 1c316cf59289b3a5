import type { AbortCause, HandlerEnd } from './job-outcome';
import type { JobContext, JobHandler } from './types';

/** One execution of a handler: its abort signal, why it was aborted, and when it ends. */
export class JobRun {
  private readonly controller = new AbortController();
  private cause: AbortCause | null = null;
  /** Set once the queue gave the job back (stop timeout): the handler's late ending is ignored. */
  detached = false;
  /** Resolves (never rejects) with how the handler ended. */
  readonly ended: Promise<HandlerEnd>;

  constructor(handler: JobHandler<unknown>, payload: unknown, jobId: string, attempt: number) {
    const context: JobContext = { jobId, attempt, signal: this.controller.signal };
    // Started on a later microtask so a handler that throws synchronously is caught like any other.
    this.ended = Promise.resolve()
      .then(() => handler(payload, context))
      .then(
        (): HandlerEnd => ({ kind: 'returned' }),
        (error: unknown): HandlerEnd => ({ kind: 'threw', error }),
      );
  }

  get abortCause(): AbortCause | null {
    return this.cause;
  }

  abort(cause: AbortCause): void {
    // A cancel outranks a stop: the job must end canceled, not go back to the queue.
    if (this.cause !== 'cancel') this.cause = cause;
    if (!this.controller.signal.aborted) {
      this.controller.abort(new Error(cause === 'cancel' ? 'Job canceled' : 'Worker stopping'));
    }
  }
}

/** Resolves when every promise settled or `timeoutMs` elapsed, whichever comes first. */
export async function settleWithin(promises: Promise<unknown>[], timeoutMs: number): Promise<void> {
  if (promises.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    await Promise.race([Promise.allSettled(promises), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
