import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { BullMqQueueSettings } from '@docent/job-queue';
import type { DocentConfig } from './config';

/** Names one worker: who holds a job's lease and a collection's lock, the BullMQ worker name. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * Where the deployment's BullMQ queue lives and how its workers hold jobs, from the
 * configuration: the queue built by the runtime and a Worker hosted by Nest both take these.
 */
export function bullMqQueueSettings(config: DocentConfig, workerId: string): BullMqQueueSettings {
  if (!config.redisUrl) throw new Error('The BullMQ queue needs REDIS_URL');
  return {
    connection: config.redisUrl,
    prefix: config.queue.prefix,
    workerId,
    lockDurationMs: config.queue.lockMs,
    stalledIntervalMs: Math.min(5_000, Math.floor(config.queue.lockMs / 2)),
  };
}
