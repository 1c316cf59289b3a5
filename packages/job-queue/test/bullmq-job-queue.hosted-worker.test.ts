import { Worker } from 'bullmq';
import {
  BullMqJobQueue,
  bullMqQueueName,
  bullMqWorkerOptions,
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
 * The BullMQ Worker created outside the queue, the way `@nestjs/bullmq` does for a WorkerHost:
 * with `bullMqWorkerOptions`, `process(job, token)` forwarding to the hosted processor, and the
 * Worker's events forwarded to it.
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

  const queueOptions = () => ({
    connection: redisUrl,
    jobs: [work],
    queueName: QUEUE_NAME,
    prefix,
    pollIntervalMs: 20,
  });

  const openQueue = (): BullMqJobQueue => {
    const queue = new BullMqJobQueue(queueOptions());
    toClose.push(queue);
    return queue;
  };

  const hostWorker = (
    queue: BullMqJobQueue,
    handle: Parameters<typeof jobHandler<{ label: string }>>[1],
  ): Worker => {
    const hosted = queue.hostedProcessor([jobHandler(work, handle)]);
    // What a WorkerHost's `process(job, token)` and `@OnWorkerEvent` handlers do: forward.
    const worker = new Worker(
      QUEUE_NAME,
      (job, token) => hosted.process(job, token),
      bullMqWorkerOptions(queueOptions(), 1),
    );
    worker.on('lockRenewalFailed', (jobIds) => hosted.lockRenewalFailed(jobIds));
    worker.on('error', (error) => hosted.error(error));
    toClose.push(worker);
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

  it('refuses a hosted processor next to a started worker, or a second one', async () => {
    const queue = openQueue();
    const handlers = [jobHandler(work, async () => undefined)];
    queue.hostedProcessor(handlers);
    expect(() => queue.hostedProcessor(handlers)).toThrow(/hosted worker/);
    await expect(queue.start(handlers)).rejects.toThrow(/hosted worker/);
  });

  it('stop(), with the host closing its worker, hands the running job back, attempt unused', async () => {
    const queue = openQueue();
    const started = deferred<void>();
    const worker = hostWorker(queue, async (_payload, { signal }) => {
      started.resolve();
      await untilAborted(signal);
      throw signal.reason;
    });
    await queue.enqueue(work, { label: 'x' }, { jobId: 'h-stop' });
    await started.promise;
    // What the host does on shutdown: close its Worker along with the queue's stop().
    await Promise.all([worker.close(), queue.stop(5_000)]);
    expect(worker.isRunning()).toBe(false);
    expect(await queue.getJob('h-stop')).toMatchObject({ state: 'waiting', attempts: 0 });
  });
});

describe('bullMqWorkerOptions', () => {
  it("gives a hosted Worker the queue's settings, defaults included", () => {
    expect(
      bullMqWorkerOptions(
        { connection: 'redis://r:6379', lockDurationMs: 9_000, workerId: 'w-1' },
        3,
      ),
    ).toEqual({
      connection: { url: 'redis://r:6379', retryStrategy: expect.any(Function) },
      prefix: 'docent',
      concurrency: 3,
      lockDuration: 9_000,
      stalledInterval: 5_000,
      maxStalledCount: 5,
      name: 'w-1',
    });
    expect(bullMqQueueName({})).toBe('docent');
    expect(() => bullMqWorkerOptions({ connection: '' }, 1)).toThrow(/Redis URL/);
  });
});
