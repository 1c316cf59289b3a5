import { createServer } from 'node:net';
import { DependencyUnavailableError } from '@docent/domain-errors';
import { BullMqJobQueue, defineJob } from '../src';
import { isRedisUnavailable } from '../src/bullmq/redis-availability';

const job = defineJob<{ n: number }>('unavailable.test');

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('BullMqJobQueue with Redis unreachable', () => {
  it('answers within its command deadline that the queue is unavailable, without its address', async () => {
    const port = await closedPort();
    const errors: Error[] = [];
    const queue = new BullMqJobQueue({
      connection: `redis://:queue-password@127.0.0.1:${port}`,
      jobs: [job],
      commandTimeoutMs: 500,
      onError: (error) => errors.push(error),
    });
    try {
      for (const call of [
        () => queue.enqueue(job, { n: 1 }, { jobId: 'j1' }),
        () => queue.getJob('j1'),
        () => queue.cancel('j1'),
        () => queue.counts(),
      ]) {
        const started = Date.now();
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(error).toBeInstanceOf(DependencyUnavailableError);
        expect(error).toMatchObject({ dependency: 'queue' });
        expect((error as Error).message).toMatch(
          /^The job queue is unavailable \(\w+\); retry later\.$/,
        );
        expect((error as Error).message).not.toContain(String(port));
        expect(JSON.stringify(error)).not.toContain('queue-password');
      }
      // The connection errors reach onError, where the service notes the outage.
      expect(errors.some((error) => isRedisUnavailable(error))).toBe(true);
    } finally {
      await queue.close().catch(() => undefined);
    }
  });

  it('tells connection failures from other errors', () => {
    expect(
      isRedisUnavailable(
        Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(isRedisUnavailable(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisUnavailable(new Error('LOADING Redis is loading the dataset in memory'))).toBe(
      true,
    );
    expect(isRedisUnavailable(new Error('Missing lock for job 1. moveToFinished'))).toBe(false);
    expect(isRedisUnavailable('ECONNREFUSED')).toBe(false);
  });
});
