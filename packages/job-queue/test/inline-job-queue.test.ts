import { describeJobQueueConformance } from './conformance/job-queue.conformance';
import { defineJob, InlineJobQueue, jobHandler, RetryLaterError } from '../src';
import { waitFor } from './support/async-waits';

describeJobQueueConformance('InlineJobQueue', async (jobs) => {
  const queue = new InlineJobQueue({ jobs });
  return { queue, cleanup: () => queue.close() };
});

describe('InlineJobQueue specifics', () => {
  const work = defineJob<{ when: string }>('inline.work', { maxAttempts: 3, backoffMs: 1_000 });

  it('waits out backoffs and postponements through the injected sleep', async () => {
    const sleeps: number[] = [];
    const queue = new InlineJobQueue({
      jobs: [work],
      sleep: async (ms) => void sleeps.push(ms),
    });
    let runs = 0;
    await queue.start([
      jobHandler(work, async () => {
        runs += 1;
        if (runs === 1) throw new RetryLaterError(250);
        throw new Error(`run ${runs}`);
      }),
    ]);
    await queue.enqueue(work, { when: 'now' }, { jobId: 'sleepy', delayMs: 40 });
    await waitFor(async () => (await queue.getJob('sleepy'))?.state === 'failed');
    expect(sleeps).toEqual([40, 250, 1_000, 2_000]);
    expect(await queue.getJob('sleepy')).toMatchObject({ attempts: 3, lastError: 'run 4' });
    await queue.close();
  });

  it('hands handlers the payload as it would come back from a real queue (JSON)', async () => {
    const queue = new InlineJobQueue({ jobs: [work] });
    const received: unknown[] = [];
    await queue.start([jobHandler(work, async (payload) => void received.push(payload))]);
    const at = new Date('2024-05-01T10:00:00Z');
    await queue.enqueue(work, { when: at } as unknown as { when: string }, { jobId: 'json' });
    await queue.whenIdle(1_000);
    expect(received).toEqual([{ when: '2024-05-01T10:00:00.000Z' }]);
    await expect(
      queue.enqueue(work, { when: 1n } as unknown as { when: string }, { jobId: 'bigint' }),
    ).rejects.toThrow(/BigInt/);
    await queue.close();
  });

  it('refuses work once closed', async () => {
    const queue = new InlineJobQueue({ jobs: [work] });
    await queue.close();
    await expect(queue.enqueue(work, { when: 'x' }, { jobId: 'late' })).rejects.toThrow(/closed/);
    await expect(queue.health()).rejects.toThrow(/closed/);
  });
});
