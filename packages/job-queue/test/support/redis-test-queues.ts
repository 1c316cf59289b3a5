import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';

/**
 * The BullMQ suites run when DOCENT_TEST_REDIS_URL points at a Redis server (CI starts one);
 * otherwise they are skipped.
 */
export const testRedisUrl = process.env.DOCENT_TEST_REDIS_URL;

export const describeWithRedis: jest.Describe = testRedisUrl ? describe : describe.skip;

/** A key prefix of its own, so tests sharing one Redis never see each other's jobs. */
export function uniqueRedisPrefix(): string {
  return `docent-test-${randomBytes(5).toString('hex')}`;
}

/** Obliterates the queue, then deletes what is left under the prefix (the cancel ledger). */
export async function removeTestQueue(
  redisUrl: string,
  queueName: string,
  prefix: string,
): Promise<void> {
  const queue = new Queue(queueName, { connection: { url: redisUrl }, prefix });
  try {
    await queue.obliterate({ force: true });
    const client = await queue.client;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, { MATCH: `${prefix}:*`, COUNT: 500 });
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await queue.close();
  }
}
