import { Worker } from 'bullmq';
import {
  BullMqJobQueue,
  createBullMqProcessor,
  defineJob,
  jobHandler,
  RetryLaterError,
} from '../src';
import { deferred, untilAborted, waitFor } from './support/async-waits';
import {
  describeWithRedis,
  removeTestQueue,
  testRedisUrl,
  uniqueRedisPrefix,
} from './support/redis-test-queues';

const QUEUE_NAME = 'hosted';
const work = defineJob<{ label: string }>('hosted.work', { maxAttempts: 2, backoffMs: 10 });

/**
 * The BullMQ Worker created outside the queue, the way `@nestjs/bullmq` does for a WorkerHost
 * (`process(job, token)` forwarding to the processor), then attached.
 */
describeWithRedis('BullMqJobQueue with a hosted BullMQ Worker', () => {
  const redisUrl = testRedisUrl!;
  let prefix: string;
  const toClose: { close(): Promise<void> }[] = [];

  beforeEach(() => {
    prefix = uniqueRedisPrefix();
  });

  afterEach(async () => {
    for (const resource of toClose.splice(0).reverse()) await resource.close();
    await removeTestQueue(redisUrl, QUEUE_NAME, prefix);
  });

  const openQueue = (): BullMqJobQueue => {
    const queue = new BullMqJobQueue({
      connection: redisUrl,
      jobs: [work],
      queueName: QUEUE_NAME,
      prefix,
      pollIntervalMs: 20,
    });
    toClose.push(queue);
    return queue;
  };

  const hostWorker = (
    queue: BullMqJobQueue,
    handle: Parameters<typeof jobHandler<{ label: string }>>[1],
  ): Worker => {
    const processor = createBullMqProcessor({ queue, handlers: [jobHandler(work, handle)] });
    // What a WorkerHost's `process(job, token)` does: forward both to the processor.
    const worker = new Worker(QUEUE_NAME, (job, token) => processor(job, token), {
      connection: { url: redisUrl },
      prefix,
    });
    toClose.push(worker);
    queue.attachWorker(worker);
    return worker;
  };

  it('applies the port semantics to jobs the hosted worker runs: retries, RetryLaterError, cancel', async () => {
    const queue = openQueue();
    const producer = openQueue();
    const started = deferred<void>();
    const seen: string[] = [];
    hostWorker(queue, async ({ label }, { attempt, signal }) => {
      seen.push(`${label}#${attempt}`);
      if (label === 'flaky' && attempt === 1) throw new Error('first try fails');
      if (label === 'later' && seen.filter((run) => run.startsWith('later')).length === 1) {
        throw new RetryLaterError(10);
      }
      if (label === 'blocking') {
        started.resolve();
        await untilAborted(signal);
        throw signal.reason;
      }
    });
    await producer.enqueue(work, { label: 'flaky' }, { jobId: 'h-flaky' });
    await producer.enqueue(work, { label: 'later' }, { jobId: 'h-later' });
    await producer.enqueue(work, { label: 'blocking' }, { jobId: 'h-block' });
    await started.promise;
    await producer.cancel('h-block');
    await waitFor(async () => (await producer.getJob('h-block'))?.state === 'canceled');
    await queue.whenIdle(5_000);
    expect(await producer.getJob('h-flaky')).toMatchObject({
      state: 'completed',
      attempts: 2,
      lastError: 'first try fails',
    });
    expect(await producer.getJob('h-later')).toMatchObject({ state: 'completed', attempts: 1 });
    expect(await producer.getJob('h-block')).toMatchObject({ state: 'canceled', attempts: 1 });
    expect(seen.sort()).toEqual(['blocking#1', 'flaky#1', 'flaky#2', 'later#1', 'later#1']);
  });

  it('refuses to attach a worker of another queue', async () => {
    const queue = openQueue();
    const processor = createBullMqProcessor({
      queue,
      handlers: [jobHandler(work, async () => undefined)],
    });
    const stranger = new Worker('elsewhere', processor, {
      connection: { url: redisUrl },
      prefix,
      autorun: false,
    });
    toClose.push(stranger);
    expect(() => queue.attachWorker(stranger)).toThrow(/elsewhere/);
  });

  it('stop() closes the attached worker and hands its running job back, attempt unused', async () => {
    const queue = openQueue();
    const started = deferred<void>();
    const worker = hostWorker(queue, async (_payload, { signal }) => {
      started.resolve();
      await untilAborted(signal);
      throw signal.reason;
    });
    await queue.enqueue(work, { label: 'x' }, { jobId: 'h-stop' });
    await started.promise;
    await queue.stop(5_000);
    expect(worker.isRunning()).toBe(false);
    expect(await queue.getJob('h-stop')).toMatchObject({ state: 'waiting', attempts: 0 });
  });
});
