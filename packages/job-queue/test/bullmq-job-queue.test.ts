import { Queue } from 'bullmq';
import { describeJobQueueConformance } from './conformance/job-queue.conformance';
import { BullMqJobQueue, defineJob, jobHandler } from '../src';
import { CancelLedger } from '../src/bullmq/cancel-ledger';
import { FAIR_ROUND_KEY_SUFFIXES } from '../src/bullmq/redis-fair-rounds';
import { deferred, untilAborted, waitFor } from './support/async-waits';
import {
  describeWithRedis,
  removeTestQueue,
  testRedisUrl,
  uniqueRedisPrefix,
} from './support/redis-test-queues';

describeWithRedis('BullMqJobQueue on Redis', () => {
  const redisUrl = testRedisUrl!;

  describeJobQueueConformance('BullMqJobQueue', async (jobs) => {
    const prefix = uniqueRedisPrefix();
    const queueName = 'conformance';
    // Lost locks, failed hand-backs and the like surface here rather than as failed jobs.
    const backgroundErrors: string[] = [];
    const open = (): BullMqJobQueue =>
      new BullMqJobQueue({
        connection: redisUrl,
        jobs,
        queueName,
        prefix,
        pollIntervalMs: 25,
        onError: (error) => backgroundErrors.push(error.message),
      });
    const opened = [open()];
    return {
      queue: opened[0]!,
      openAnother: async () => {
        const another = open();
        opened.push(another);
        return another;
      },
      cleanup: async () => {
        for (const queue of opened) await queue.close();
        await removeTestQueue(redisUrl, queueName, prefix);
        expect(backgroundErrors).toEqual([]);
      },
    };
  });

  describe('mapping onto BullMQ', () => {
    const QUEUE_NAME = 'mapping';
    const work = defineJob<{ label: string }>('mapping.work', { maxAttempts: 2, backoffMs: 10 });
    let prefix: string;
    let queue: BullMqJobQueue;
    let bullMq: Queue;

    beforeEach(() => {
      prefix = uniqueRedisPrefix();
      queue = new BullMqJobQueue({
        connection: redisUrl,
        jobs: [work],
        queueName: QUEUE_NAME,
        prefix,
        pollIntervalMs: 20,
      });
      bullMq = new Queue(QUEUE_NAME, { connection: { url: redisUrl }, prefix });
    });

    afterEach(async () => {
      await queue.close();
      await bullMq.close();
      await removeTestQueue(redisUrl, QUEUE_NAME, prefix);
    });

    it('runs jobs whose ids BullMQ would refuse, under their own ids', async () => {
      const seen: string[] = [];
      await queue.start([jobHandler(work, async (_payload, { jobId }) => void seen.push(jobId))]);
      await queue.enqueue(work, { label: 'a' }, { jobId: 'ingestion:42' });
      await queue.enqueue(work, { label: 'b' }, { jobId: '42' });
      await queue.whenIdle(5_000);
      expect(seen.sort()).toEqual(['42', 'ingestion:42']);
      expect(await queue.getJob('ingestion:42')).toMatchObject({
        jobId: 'ingestion:42',
        state: 'completed',
      });
      expect(await queue.getJob('42')).toMatchObject({ jobId: '42', state: 'completed' });
      expect(await bullMq.getJobState('ingestion%3A42')).toBe('completed');
      expect(await queue.enqueue(work, { label: 'a' }, { jobId: 'ingestion:42' })).toEqual({
        jobId: 'ingestion:42',
        created: false,
      });
    });

    it("stores the job's retry policy with it and keeps the last message, without stacks", async () => {
      await queue.start([
        jobHandler(work, async ({ label }) => {
          throw new Error(`no luck with ${label}`);
        }),
      ]);
      await queue.enqueue(work, { label: 'x' }, { jobId: 'policy-1', delayMs: 30 });
      const stored = await bullMq.getJob('policy-1');
      expect(stored?.opts).toMatchObject({
        attempts: 2,
        backoff: { type: 'exponential', delay: 10 },
        delay: 30,
      });
      await waitFor(async () => (await queue.getJob('policy-1'))?.state === 'failed');
      const failed = await bullMq.getJob('policy-1');
      expect(failed?.failedReason).toBe('no luck with x');
      expect(failed?.stacktrace).toEqual([]);
      expect(failed?.attemptsMade).toBe(2);
    });

    it('aborts the signal of a run whose lock was lost (e.g. its event loop stalled)', async () => {
      const errors: string[] = [];
      const lossy = new BullMqJobQueue({
        connection: redisUrl,
        jobs: [work],
        queueName: QUEUE_NAME,
        prefix,
        lockDurationMs: 400,
        stalledIntervalMs: 60_000,
        onError: (error) => errors.push(error.message),
      });
      try {
        const started = deferred<void>();
        let abortReason: unknown;
        await lossy.start([
          jobHandler(work, async (_payload, { signal }) => {
            started.resolve();
            await untilAborted(signal);
            abortReason = signal.reason;
            throw signal.reason;
          }),
        ]);
        await lossy.enqueue(work, { label: 'x' }, { jobId: 'lost-1' });
        await started.promise;
        // What the lock's expiry and another worker's takeover look like to the owner.
        await (await bullMq.client).del(`${bullMq.toKey('lost-1')}:lock`);
        await waitFor(
          () => abortReason !== undefined,
          3_000,
          () => 'the run to be aborted',
        );
        expect(abortReason).toBeInstanceOf(Error);
        await waitFor(() => errors.some((message) => message.includes('lost-1')));
      } finally {
        await lossy.close();
      }
    });

    it("stores a job's round as its BullMQ priority, and starts rounds over only in an idle queue", async () => {
      const client = await bullMq.client;
      const claimedRound = bullMq.toKey(FAIR_ROUND_KEY_SUFFIXES.claimedRound);
      const priority = async (jobId: string) => (await bullMq.getJob(jobId))?.priority;
      await queue.enqueue(work, { label: 'a' }, { jobId: 'round-a1', group: 'A' });
      await queue.enqueue(work, { label: 'a' }, { jobId: 'round-a2', group: 'A' });
      await queue.enqueue(work, { label: 'b' }, { jobId: 'round-b1', group: 'B' });
      expect([await priority('round-a1'), await priority('round-a2')]).toEqual([1, 2]);
      expect(await priority('round-b1')).toBe(1);

      // A queue that has claimed a million rounds and still holds jobs goes on counting...
      await client.set(claimedRound, '1048576');
      await queue.enqueue(work, { label: 'c' }, { jobId: 'round-c1', group: 'C' });
      expect(await priority('round-c1')).toBe(1_048_577);
      // ... up to BullMQ's largest priority, which later jobs share (served first come first).
      await client.set(claimedRound, '2097151');
      await queue.enqueue(work, { label: 'd' }, { jobId: 'round-d1', group: 'D' });
      expect(await priority('round-d1')).toBe(2_097_151);

      await queue.start([jobHandler(work, async () => undefined)]);
      await queue.whenIdle(5_000);
      expect(Number(await client.get(claimedRound))).toBe(2_097_151);
      // Idle: the next job starts the rounds over.
      await queue.enqueue(work, { label: 'e' }, { jobId: 'round-e1', group: 'A' });
      expect(await priority('round-e1')).toBe(1);
    });

    it('ends a job canceled without running it when the cancel came first', async () => {
      // The race cancel() guards against: a worker claims the job after the cancel request.
      await queue.enqueue(work, { label: 'x' }, { jobId: 'raced-1' });
      const ledger = new CancelLedger(
        () => bullMq.client,
        (suffix) => bullMq.toKey(suffix),
      );
      await ledger.requestCancel('raced-1', Date.now());
      let runs = 0;
      await queue.start([jobHandler(work, async () => void (runs += 1))]);
      await queue.whenIdle(5_000);
      expect(await queue.getJob('raced-1')).toMatchObject({ state: 'canceled' });
      expect(await queue.counts()).toMatchObject({ canceled: 1, failed: 0 });
      expect(await ledger.isCancelRequested('raced-1')).toBe(false);
      expect(runs).toBe(0);
    });
  });
});

describe('BullMqJobQueue without Redis', () => {
  it('fails health() in time, and reports connection errors without the password', async () => {
    const errors: string[] = [];
    const queue = new BullMqJobQueue({
      connection: 'redis://:s3cret-pass@127.0.0.1:1',
      jobs: [defineJob('offline.work')],
      healthTimeoutMs: 100,
      onError: (error) => errors.push(`${error.message} ${error.stack ?? ''}`),
    });
    try {
      await expect(queue.health()).rejects.toThrow(/did not answer PING within 100 ms/);
      await waitFor(() => errors.length > 0);
      expect(errors.join('\n')).not.toContain('s3cret-pass');
    } finally {
      await queue.close();
    }
  });

  it('refuses unusable options', () => {
    const jobs = [defineJob('offline.work')];
    expect(() => new BullMqJobQueue({ connection: '', jobs })).toThrow(/Redis URL/);
    expect(
      () => new BullMqJobQueue({ connection: 'redis://127.0.0.1:1', jobs, lockDurationMs: 0 }),
    ).toThrow(/lockDurationMs/);
    expect(
      () => new BullMqJobQueue({ connection: 'redis://127.0.0.1:1', jobs, maxCrashRecoveries: -1 }),
    ).toThrow(/maxCrashRecoveries/);
  });
});
