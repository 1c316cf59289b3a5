export * from './types';
export { jobHandler } from './job-handler';
export { InlineJobQueue, type InlineJobQueueOptions } from './inline-job-queue';
export { SqliteJobQueue, type SqliteJobQueueOptions } from './sqlite/sqlite-job-queue';
export { backoffDelay } from './job-outcome';
export {
  BullMqJobQueue,
  bullMqQueueName,
  bullMqWorkerOptions,
  type BullMqJobQueueOptions,
  type BullMqQueueSettings,
  type HostedBullMqProcessor,
} from './bullmq/bullmq-job-queue';
export type { BullMqProcessor } from './bullmq/bullmq-processor';
export { bullMqConnection, isRedisUnavailable } from './bullmq/redis-availability';
