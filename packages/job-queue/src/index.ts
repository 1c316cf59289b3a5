export * from './types';
export { jobHandler } from './job-handler';
export { InlineJobQueue, type InlineJobQueueOptions } from './inline-job-queue';
export { SqliteJobQueue, type SqliteJobQueueOptions } from './sqlite/sqlite-job-queue';
export { backoffDelay } from './job-outcome';
export {
  BullMqJobQueue,
  createBullMqProcessor,
  type BullMqJobQueueOptions,
} from './bullmq/bullmq-job-queue';
export type { BullMqProcessor } from './bullmq/bullmq-processor';
