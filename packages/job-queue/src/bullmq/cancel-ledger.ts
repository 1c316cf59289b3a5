import type { RedisClient } from 'bullmq';
import { runScript, SCRIPTS } from './redis-scripts';

/** What is left of a job canceled while waiting: BullMQ no longer holds it. */
export interface CanceledWaitingJob {
  name: string;
  attempts: number;
  lastError: string | null;
}

/** Key suffixes under the queue's BullMQ key prefix (`<prefix>:<queue>:`). */
export const LEDGER_KEY_SUFFIXES = {
  canceledWaiting: 'docent:canceled',
  canceledRuns: 'docent:canceled-runs',
  cancelRequests: 'docent:cancel-requests',
} as const;

/**
 * BullMQ has no canceled state; cancels are recorded next to its keys, in three hashes keyed by
 * BullMQ job id:
 * - `canceledWaiting`: jobs canceled before they ran, removed from BullMQ — the only record of
 *   the job left, which also keeps its id used;
 * - `canceledRuns`: jobs whose run ended canceled; BullMQ keeps them as failed;
 * - `cancelRequests`: cancels of running jobs not applied yet, polled by the owning worker.
 */
export class CancelLedger {
  private readonly keys: Record<keyof typeof LEDGER_KEY_SUFFIXES, string>;

  constructor(
    private readonly client: () => Promise<RedisClient>,
    keyOf: (suffix: string) => string,
  ) {
    this.keys = {
      canceledWaiting: keyOf(LEDGER_KEY_SUFFIXES.canceledWaiting),
      canceledRuns: keyOf(LEDGER_KEY_SUFFIXES.canceledRuns),
      cancelRequests: keyOf(LEDGER_KEY_SUFFIXES.cancelRequests),
    };
  }

  async canceledWaiting(id: string): Promise<CanceledWaitingJob | null> {
    const value = await (await this.client()).hget(this.keys.canceledWaiting, id);
    return value === null ? null : parseCanceledWaiting(value);
  }

  /** The lastError the job had before its canceled run, or undefined when it did not end canceled. */
  async canceledRun(id: string): Promise<{ lastError: string | null } | undefined> {
    const value = await (await this.client()).hget(this.keys.canceledRuns, id);
    return value === null ? undefined : { lastError: parseLastError(value) };
  }

  async recordCanceledWaiting(id: string, job: CanceledWaitingJob): Promise<void> {
    await (await this.client()).hset(this.keys.canceledWaiting, { [id]: JSON.stringify(job) });
  }

  async forgetCanceledWaiting(id: string): Promise<void> {
    await (await this.client()).hdel(this.keys.canceledWaiting, id);
  }

  /** One write for the end of a canceled run: recorded, request and waiting record cleared. */
  async recordCanceledRun(id: string, lastError: string | null): Promise<void> {
    await runScript(
      await this.client(),
      SCRIPTS.recordAndClear,
      [this.keys.canceledRuns, this.keys.cancelRequests, this.keys.canceledWaiting],
      [id, JSON.stringify({ lastError })],
    );
  }

  /**
   * One write once a canceled job is out of BullMQ: recorded as canceled while waiting, its
   * request cleared, and any canceled-run record (from a worker that claimed it just before
   * the removal) dropped, since BullMQ no longer holds that run.
   */
  async settleCanceledWaiting(id: string, job: CanceledWaitingJob): Promise<void> {
    await runScript(
      await this.client(),
      SCRIPTS.recordAndClear,
      [this.keys.canceledWaiting, this.keys.cancelRequests, this.keys.canceledRuns],
      [id, JSON.stringify(job)],
    );
  }

  async requestCancel(id: string, now: number): Promise<void> {
    await (await this.client()).hset(this.keys.cancelRequests, { [id]: now });
  }

  async clearCancelRequest(id: string): Promise<void> {
    await (await this.client()).hdel(this.keys.cancelRequests, id);
  }

  async isCancelRequested(id: string): Promise<boolean> {
    return (await (await this.client()).hexists(this.keys.cancelRequests, id)) === 1;
  }

  /** The ids among `ids` with a pending cancel request. */
  async cancelRequestedAmong(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const values = await (await this.client()).hmget(this.keys.cancelRequests, ...ids);
    return new Set(ids.filter((_id, index) => values[index] !== null));
  }

  async counts(): Promise<{ canceledWaiting: number; canceledRuns: number }> {
    const lengths = await runScript(await this.client(), SCRIPTS.hashLengths, [
      this.keys.canceledWaiting,
      this.keys.canceledRuns,
    ]);
    const [canceledWaiting, canceledRuns] = Array.isArray(lengths) ? lengths : [];
    return {
      canceledWaiting: Number(canceledWaiting ?? 0),
      canceledRuns: Number(canceledRuns ?? 0),
    };
  }
}

function parseCanceledWaiting(value: string): CanceledWaitingJob {
  const parsed = JSON.parse(value) as Partial<CanceledWaitingJob>;
  return {
    name: typeof parsed.name === 'string' ? parsed.name : '',
    attempts: typeof parsed.attempts === 'number' ? parsed.attempts : 0,
    lastError: typeof parsed.lastError === 'string' ? parsed.lastError : null,
  };
}

function parseLastError(value: string): string | null {
  const parsed = JSON.parse(value) as { lastError?: unknown };
  return typeof parsed.lastError === 'string' ? parsed.lastError : null;
}
