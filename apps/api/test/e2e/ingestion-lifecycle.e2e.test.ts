import { freePort, startDocent, type InProcessDocent } from './support/docent-server';
import { startFakeConfluence, type FakeConfluence } from '@docent/source-fakes';
import type { DocentClient } from './support/docent-client';
import { waitForIngestion, type IngestionWire } from './support/wait-for';

jest.setTimeout(180_000);

const USER = { username: 'bot@acme.test', password: 'wiki-api-token-SECRET-1' };

function page(id: number, title: string, text: string) {
  return { id: String(id), title, body: `<h2>${title}</h2><p>${text}</p>` };
}

function spacePages(prefix: string, count: number, firstId: number) {
  return Array.from({ length: count }, (_, i) =>
    page(
      firstId + i,
      `${prefix} note ${i + 1}`,
      `${prefix} fact number ${i + 1}: the code word is ${prefix.toLowerCase()}-${i + 1}.`,
    ),
  );
}

describe('ingestion lifecycle: failures, per-document problems, rate limits, cancel, concurrency', () => {
  let wiki: FakeConfluence;
  let docent: InProcessDocent;
  let client: DocentClient;

  beforeAll(async () => {
    const nested = `${'<div>'.repeat(600)}<p>deep</p>${'</div>'.repeat(600)}`;
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [USER],
      limitCaps: { v2: 10 },
      spaces: [
        { key: 'ALPHA', pages: spacePages('Alpha', 30, 1000) },
        { key: 'BETA', pages: spacePages('Beta', 30, 2000) },
        { key: 'SLOW', pages: spacePages('Slow', 40, 3000) },
        {
          key: 'MIXED',
          pages: [
            page(4000, 'Fine page', 'All good here.'),
            { id: '4001', title: 'Broken page', body: nested },
          ],
        },
      ],
    });
    docent = await startDocent({ DOCENT_SOURCE_RETRY_BUDGET_MS: '3000' });
    client = docent.client;
  });

  afterAll(async () => {
    await docent?.close();
    await wiki?.close();
  });

  async function ingest(collection: string, spec: Record<string, unknown>): Promise<IngestionWire> {
    const locator = { namespace_name: 'acme', collection_name: collection };
    const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'WIKI',
      spec,
    });
    expect(created.status).toBe(200);
    return waitForIngestion(client, { ...locator, ingestion_id: created.body.ingestion_id });
  }

  const credentials = { username: USER.username, token: USER.password };

  it('fails with source_auth_failed on rejected credentials, never echoing the token', async () => {
    const done = await ingest('auth', {
      url: wiki.url,
      space: 'ALPHA',
      username: USER.username,
      token: 'wrong-SECRET-token',
    });
    expect(done.status).toBe('failed');
    expect(done.error?.code).toBe('source_auth_failed');
    expect(done.error?.message).toMatch(/401|credentials/i);
    const text = JSON.stringify(done);
    expect(text).not.toContain('wrong-SECRET-token');
    expect(done.spec.token).toBe('***');
  });

  it('fails with source_not_found for a space that does not exist', async () => {
    const done = await ingest('missing', { url: wiki.url, space: 'NOPE', ...credentials });
    expect(done.error?.code).toBe('source_not_found');
    expect(done.error?.message).toContain('NOPE');
  });

  it('fails with source_unreachable when nothing listens, after the retry budget', async () => {
    const closed = await freePort();
    const done = await ingest('down', {
      url: `http://127.0.0.1:${closed}`,
      space: 'ALPHA',
      ...credentials,
    });
    expect(done.status).toBe('failed');
    expect(done.error?.code).toBe('source_unreachable');
  });

  it('rides out 429 with Retry-After, and fails with source_rate_limited when it never ends', async () => {
    wiki.setFault('v2.spacePages', { status: 429, retryAfterSeconds: 1, times: 2 });
    const ok = await ingest('throttled', { url: wiki.url, space: 'ALPHA', ...credentials });
    expect(ok.status).toBe('succeeded');
    expect(ok.progress.documents_processed).toBe(30);

    wiki.setFault('v2.spacePages', { status: 429, retryAfterSeconds: 1 });
    const exhausted = await ingest('throttled-forever', {
      url: wiki.url,
      space: 'ALPHA',
      ...credentials,
    });
    wiki.clearFaults();
    expect(exhausted.error?.code).toBe('source_rate_limited');
  });

  it('lists a document that cannot be read in failures and indexes the rest', async () => {
    const done = await ingest('mixed', { url: wiki.url, space: 'MIXED', ...credentials });
    expect(done.status).toBe('succeeded');
    expect(done.progress).toMatchObject({
      documents_discovered: 2,
      documents_processed: 1,
      documents_failed: 1,
    });
    expect(done.failures).toEqual([
      { doc_name: 'Broken page', source_id: '4001', message: expect.stringMatching(/nest/i) },
    ]);
    const ask = await client.post<{ refs: Array<{ doc_name: string }> }>('/docs/ask', {
      namespace_name: 'acme',
      collection_name: 'mixed',
      question: 'Is all good here?',
    });
    expect(ask.body.refs[0]?.doc_name).toBe('Fine page');
  });

  it('cancels a running ingestion; what it indexed stays', async () => {
    wiki.latencyMs = 250;
    const locator = { namespace_name: 'acme', collection_name: 'slow' };
    const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'WIKI',
      spec: { url: wiki.url, space: 'SLOW', ...credentials },
    });
    const id = { ...locator, ingestion_id: created.body.ingestion_id };
    await waitForIngestion(client, id, { until: (i) => i.progress.documents_processed >= 10 });
    const canceled = await client.post<IngestionWire>('/docs/cancel_ingestion', id);
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    expect(canceled.body.finished_at).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1500));
    wiki.latencyMs = 0;
    const after = await client.post<IngestionWire>('/docs/get_ingestion', id);
    expect(after.body.status).toBe('canceled');
    const processed = after.body.progress.documents_processed;
    expect(processed).toBeGreaterThanOrEqual(10);
    expect(processed).toBeLessThan(40);
    const docs = await client.post<{ documents: unknown[] }>('/docs/list', {
      ...locator,
      limit: 100,
    });
    expect(docs.body.documents).toHaveLength(processed);
    // Canceling again changes nothing.
    expect((await client.post<IngestionWire>('/docs/cancel_ingestion', id)).body.status).toBe(
      'canceled',
    );
  });

  it('lists no collection a failed or canceled first ingestion left empty; its ingestions stay', async () => {
    const names = async () =>
      (
        await client.post<{ collections: Array<{ collection_name: string }> }>(
          '/collections/list',
          { namespace_name: 'acme', limit: 1000 },
        )
      ).body.collections.map((c) => c.collection_name);
    const refused = await ingest('bad-first', {
      url: wiki.url,
      space: 'ALPHA',
      username: USER.username,
      token: 'not-the-token',
    });
    expect(refused.status).toBe('failed');
    // Canceled before its first document.
    wiki.latencyMs = 2000;
    const locator = { namespace_name: 'acme', collection_name: 'canceled-first' };
    const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'WIKI',
      spec: { url: wiki.url, space: 'BETA', ...credentials },
    });
    const canceled = await client.post<IngestionWire>('/docs/cancel_ingestion', {
      ...locator,
      ingestion_id: created.body.ingestion_id,
    });
    wiki.latencyMs = 0;
    expect(canceled.body).toMatchObject({
      status: 'canceled',
      progress: { documents_processed: 0 },
    });

    const listed = await names();
    expect(listed).not.toContain('bad-first');
    expect(listed).not.toContain('canceled-first');
    // What went wrong is still there to read, by collection.
    const ingestions = await client.post<{ ingestions: IngestionWire[] }>('/docs/list_ingestions', {
      namespace_name: 'acme',
      collection_name: 'bad-first',
    });
    expect(ingestions.body.ingestions.map((i) => i.error?.code)).toEqual(['source_auth_failed']);

    // The next ingestion into it, a good one, lists it.
    const fixed = await ingest('bad-first', { url: wiki.url, space: 'ALPHA', ...credentials });
    expect(fixed.status).toBe('succeeded');
    expect(await names()).toContain('bad-first');
  });

  it('runs two ingestions into one collection at the same time without mixing them up', async () => {
    const locator = { namespace_name: 'acme', collection_name: 'shared' };
    const [a, b] = await Promise.all(
      ['ALPHA', 'BETA'].map((space) =>
        client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
          ...locator,
          type: 'WIKI',
          spec: { url: wiki.url, space, ...credentials },
        }),
      ),
    );
    const [doneA, doneB] = await Promise.all(
      [a!, b!].map((c) =>
        waitForIngestion(client, { ...locator, ingestion_id: c.body.ingestion_id }),
      ),
    );
    expect([doneA!.status, doneB!.status]).toEqual(['succeeded', 'succeeded']);
    expect(doneA!.progress.documents_processed + doneB!.progress.documents_processed).toBe(60);
    const docs = await client.post<{ documents: Array<{ doc_name: string }> }>('/docs/list', {
      ...locator,
      limit: 100,
    });
    expect(docs.body.documents).toHaveLength(60);
    // A re-sync of one source never removes the other source's documents.
    const again = await ingest('shared', { url: wiki.url, space: 'ALPHA', ...credentials });
    expect(again.progress).toMatchObject({ documents_skipped: 30, documents_processed: 0 });
    const after = await client.post<{ documents: unknown[] }>('/docs/list', {
      ...locator,
      limit: 100,
    });
    expect(after.body.documents).toHaveLength(60);
  });
});
