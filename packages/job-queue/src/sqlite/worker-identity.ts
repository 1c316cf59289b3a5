import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * `hostname:pid:random` — the random part tells apart several queue instances in one process,
 * host and pid let a worker on the same host see that the owner of a job has died.
 */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export interface WorkerAddress {
  host: string;
  pid: number;
}

/** Null for ids not in the `hostname:pid:random` form (e.g. a custom `workerId`). */
export function parseWorkerId(workerId: string): WorkerAddress | null {
  const parts = workerId.split(':');
  if (parts.length < 3) return null;
  const pidText = parts[parts.length - 2] ?? '';
  const pid = Number(pidText);
  if (!/^\d+$/.test(pidText) || !Number.isSafeInteger(pid) || pid <= 0) return null;
  return { host: parts.slice(0, -2).join(':'), pid };
}

/**
 * True unless the process certainly does not exist: EPERM means it exists under another user.
 * Only meaningful for pids on this host (and in this pid namespace).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Whether `owner` is a queue worker on this host whose process has exited. */
export function isDeadLocalWorker(owner: string, isAlive: (pid: number) => boolean): boolean {
  const address = parseWorkerId(owner);
  if (!address || address.host !== hostname() || address.pid === process.pid) return false;
  return !isAlive(address.pid);
}
