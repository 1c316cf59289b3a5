import { IdempotencyKeyReusedError } from '@docent/domain-errors';
import { ingestJobId } from '../src';
import { ingestionFixture, type IngestionFixture } from './support/ingestion-fixture';

describe('IngestionService.create', () => {
  let f: IngestionFixture;
  beforeEach(async () => {
    f = await ingestionFixture();
    f.source.pages = [{ id: 'p1', title: 'Page 1', version: '1', text: 'The port is 8431.' }];
  });
  afterEach(() => f.close());

  const input = (space = 'ENG') => ({
    namespaceName: 'docs',
    collectionName: 'kb',
    type: 'WIKI',
    spec: { space, token: 'secret-token' },
  });
  const ingestionsOf = async () =>
    (await f.store.ingestions.listIngestionIdsByStatus(['queued', 'running', 'succeeded'])).length;

  it('starts one ingestion per Idempotency-Key and body, and refuses the key with another body', async () => {
    const key = { key: 'retry-me', fingerprint: 'body-1' };
    const first = await f.service.create(f.accountId, input(), key);
    const again = await f.service.create(f.accountId, input(), key);
    expect(again.id).toBe(first.id);
    expect(await ingestionsOf()).toBe(1);
    await expect(
      f.service.create(f.accountId, input('OPS'), { key: 'retry-me', fingerprint: 'body-2' }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    // Without a key, or with another, a request is a new ingestion.
    const other = await f.service.create(f.accountId, input(), {
      key: 'other',
      fingerprint: 'body-1',
    });
    expect(other.id).not.toBe(first.id);
    await f.run();
    expect((await f.store.ingestions.getIngestion(first.id))?.status).toBe('succeeded');
  });

  it('records the ingestion while the queue is down, and the reconciler enqueues it once it is back', async () => {
    f.queueDown = true;
    const started = Date.now();
    const record = await f.service.create(f.accountId, input(), {
      key: 'while-down',
      fingerprint: 'body-1',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(record.status).toBe('queued');
    // The client sends it again, the queue still down: the same ingestion.
    expect(
      (await f.service.create(f.accountId, input(), { key: 'while-down', fingerprint: 'body-1' }))
        .id,
    ).toBe(record.id);
    expect(f.dependencies.isDown('queue')).toBe(true);
    f.queueDown = false;
    expect(await f.queue.getJob(ingestJobId(record.id))).toBeNull();
    expect((await f.reconciler.reconcile()).enqueued_missing).toBe(1);
    await f.run();
    expect((await f.store.ingestions.getIngestion(record.id))?.status).toBe('succeeded');
    expect(await ingestionsOf()).toBe(1);
  });
});
