import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { BullMqJobQueue, jobHandler } from '../src';
import { FIXTURE_JOBS, longJob, quickJob } from './fixtures/fixture-jobs';
import { WorkerProcess } from './fixtures/worker-process';
import { waitFor } from './support/async-waits';
import {
  describeWithRedis,
  removeTestQueue,
  testRedisUrl,
  uniqueRedisPrefix,
} from './support/redis-test-queues';

// Short, so a lost run is noticed within a couple of seconds.
const LOCK_DURATION_MS = 1_000;
const STALLED_INTERVAL_MS = 250;
// Child processes compile the sources with swc on start-up: allow for a slow machine.
const CHILD_START_TIMEOUT_MS = 20_000;
const QUEUE_NAME = 'crash';

jest.setTimeout(60_000);

describeWithRedis('BullMqJobQueue across processes', () => {
  const redisUrl = testRedisUrl!;
  let dir: string;
  let logFile: string;
  let prefix: string;
  const toClose: { close(): Promise<void> }[] = [];
  const children: WorkerProcess[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docent-bullmq-crash-'));
    logFile = join(dir, 'progress.log');
    prefix = uniqueRedisPrefix();
  });

  afterEach(async () => {
    for (const child of children.splice(0)) await child.kill('SIGKILL');
    for (const resource of toClose.splice(0)) await resource.close();
    await removeTestQueue(redisUrl, QUEUE_NAME, prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  const openQueue = (maxCrashRecoveries: number): BullMqJobQueue => {
    const queue = new BullMqJobQueue({
      connection: redisUrl,
      jobs: FIXTURE_JOBS,
      queueName: QUEUE_NAME,
      prefix,
      lockDurationMs: LOCK_DURATION_MS,
      stalledIntervalMs: STALLED_INTERVAL_MS,
      maxCrashRecoveries,
      pollIntervalMs: 20,
    });
    toClose.push(queue);
    return queue;
  };

  /** BullMQ's own view of a job, for the counters the port does not show. */
  const readBullMqJob = async (jobId: string) => {
    const queue = new Queue(QUEUE_NAME, { connection: { url: redisUrl }, prefix });
    try {
      const job = await queue.getJob(jobId);
      if (!job) throw new Error(`no BullMQ job ${jobId}`);
      return job;
    } finally {
      await queue.close();
    }
  };

  /** A child worker that got far enough into `long-1` for its run to be lost, then killed. */
  const killWorkerMidJob = async (maxCrashRecoveries: number): Promise<WorkerProcess> => {
    const child = WorkerProcess.spawnScript(
      'bullmq-queue-worker.mjs',
      [
        redisUrl,
        QUEUE_NAME,
        prefix,
        logFile,
        String(LOCK_DURATION_MS),
        String(STALLED_INTERVAL_MS),
        String(maxCrashRecoveries),
      ],
      logFile,
    );
    children.push(child);
    await waitFor(
      () => child.lines().filter((line) => line.startsWith('progress long-1')).length >= 3,
      CHILD_START_TIMEOUT_MS,
      () => `progress from the child (stderr: ${child.errorOutput})`,
    );
    expect(await child.kill('SIGKILL')).toBe('SIGKILL');
    return child;
  };

  it('resumes the job of a worker killed with SIGKILL once its lock expires, exactly once more', async () => {
    const producer = openQueue(5);
    await producer.enqueue(longJob, { label: 'big' }, { jobId: 'long-1' });
    const child = await killWorkerMidJob(5);
    const linesAtKill = child.lines().length;
    // Nobody has noticed yet: the dead worker's lock still holds the job.
    expect(await producer.getJob('long-1')).toMatchObject({ state: 'active', attempts: 1 });

    const resumedAttempts: number[] = [];
    const worker = openQueue(5);
    await worker.start([
      jobHandler(longJob, async (_payload, { attempt }) => void resumedAttempts.push(attempt)),
      jobHandler(quickJob, async () => undefined),
    ]);
    await worker.whenIdle(10_000);

    expect(await producer.getJob('long-1')).toEqual({
      jobId: 'long-1',
      name: longJob.name,
      state: 'completed',
      // The killed run does not count as an attempt; BullMQ counts it as a stall instead.
      attempts: 1,
      lastError: null,
    });
    expect((await readBullMqJob('long-1')).stalledCounter).toBe(1);
    expect(resumedAttempts).toEqual([1]);
    expect(child.lines().filter((line) => line.startsWith('start long-1'))).toHaveLength(1);
    expect(child.lines()).toHaveLength(linesAtKill);
  });

  it('fails a job lost more than maxCrashRecoveries times instead of running it again', async () => {
    const producer = openQueue(0);
    await producer.enqueue(longJob, { label: 'big' }, { jobId: 'long-1' });
    await killWorkerMidJob(0);

    let resumedRuns = 0;
    const worker = openQueue(0);
    await worker.start([
      jobHandler(longJob, async () => void (resumedRuns += 1)),
      jobHandler(quickJob, async () => undefined),
    ]);
    await worker.whenIdle(10_000);

    expect(await producer.getJob('long-1')).toMatchObject({
      state: 'failed',
      lastError: 'job stalled more than allowable limit',
    });
    expect(resumedRuns).toBe(0);
  });
});
