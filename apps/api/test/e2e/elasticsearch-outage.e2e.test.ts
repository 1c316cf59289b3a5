import { resolve } from 'node:path';
import {
  HANDBOOK_PAGES,
  HANDBOOK_QUESTIONS,
  squadWikiPages,
  startFakeConfluence,
  type FakeConfluence,
} from '@docent/source-fakes';
import {
  startTcpProxy,
  testSearchIndex,
  testElasticsearchUrl,
  type TcpProxy,
} from '@docent/test-support';
import { startDocent, type InProcessDocent } from './support/docent-server';
import { waitForIngestion, type IngestionWire } from './support/wait-for';

jest.setTimeout(600_000);

const SQUAD = resolve(__dirname, '../../../../../shared/bench/squad-v1.1/dev-v1.1.dev-part.json');
const USER = { username: 'bot@acme.test', password: 'wiki-api-token-1' };
const QUESTION = HANDBOOK_QUESTIONS[0]!;

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
}

/**
 * Elasticsearch going away under a running service (scaled, in the Elasticsearch pass): the
 * service reaches the test node through a TCP proxy the test cuts — connections dropped, new ones
 * refused, as when the node stops — and restores, without stopping the node the other suites use.
 */
(testSearchIndex() === 'elasticsearch' ? describe : describe.skip)(
  'Elasticsearch outage (scaled mode on Elasticsearch)',
  () => {
    const squad = squadWikiPages({ squadPath: SQUAD, articles: 5, paragraphsPerPage: 4 });
    const pages = [...HANDBOOK_PAGES, ...squad.pages];
    const locator = { namespace_name: 'acme', collection_name: 'outage' };
    let wiki: FakeConfluence;
    let proxy: TcpProxy;
    let docent: InProcessDocent;

    beforeAll(async () => {
      wiki = await startFakeConfluence({
        mode: 'cloud',
        users: [USER],
        limitCaps: { v2: 25 },
        // Slow enough that the outage lands in the middle of the ingestion.
        latencyMs: 40,
        spaces: [
          { key: 'KB', pages: pages.map((p) => ({ id: p.id, title: p.title, body: p.body })) },
        ],
      });
      proxy = await startTcpProxy(testElasticsearchUrl()!);
      docent = await startDocent({ ELASTICSEARCH_URL: proxy.url });
    });

    afterAll(async () => {
      await proxy?.restore();
      await docent?.close();
      await proxy?.close();
      await wiki?.close();
    });

    it('an ingestion waits out the outage and ends with every document once; asks get 503 meanwhile; /readyz tells', async () => {
      const { client } = docent;
      const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
        ...locator,
        type: 'WIKI',
        spec: { url: wiki.url, space: 'KB', username: USER.username, token: USER.password },
      });
      expect(created.status).toBe(200);
      const id = { ...locator, ingestion_id: created.body.ingestion_id };
      const midway = await waitForIngestion(client, id, {
        until: (i) =>
          i.progress.documents_processed >= 10 || !['queued', 'running'].includes(i.status),
      });
      expect(midway.status).toBe('running');

      await proxy.cut();
      try {
        const readiness = await client.withKey(undefined).get<{
          status: string;
          checks: Record<string, string>;
        }>('/readyz');
        expect(readiness.status).toBe(503);
        expect(readiness.body).toMatchObject({
          status: 'unavailable',
          checks: { database: 'ok', queue: 'ok' },
        });
        expect(readiness.body.checks.index).toMatch(/^The search index is unavailable/);

        const asked = await client.post<Problem>('/docs/ask', {
          ...locator,
          question: QUESTION.question,
        });
        expect(asked.status).toBe(503);
        expect(asked.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(asked.body).toMatchObject({ status: 503, code: 'unavailable' });
        expect(asked.body.detail).toMatch(/^The search index is unavailable/);
        // No address of the cluster in what a client sees.
        expect(JSON.stringify(asked.body)).not.toContain(new URL(proxy.url).port);

        // Several of the ingestion's retries fall inside the outage; it neither fails nor ends.
        await new Promise((r) => setTimeout(r, 5_000));
        const during = await client.post<IngestionWire>('/docs/get_ingestion', id);
        expect(during.body).toMatchObject({ status: 'running', error: null });
        expect(during.body.progress.documents_processed).toBeLessThan(pages.length);
      } finally {
        await proxy.restore();
      }

      const done = await waitForIngestion(client, id, { timeoutMs: 300_000 });
      expect(done).toMatchObject({ status: 'succeeded', error: null, failures: [] });
      expect(done.progress).toMatchObject({
        documents_discovered: pages.length,
        documents_processed: pages.length,
        documents_failed: 0,
      });
      const list = await client.post<{
        documents: Array<{ doc_name: string; chunk_count: number }>;
      }>('/docs/list', { ...locator, limit: 1000 });
      expect(list.body.documents.map((d) => d.doc_name).sort()).toEqual(
        pages.map((p) => p.title).sort(),
      );
      const chunkTotal = list.body.documents.reduce((sum, d) => sum + d.chunk_count, 0);
      expect(done.progress.chunks_indexed).toBe(chunkTotal);
      // Nothing lost, nothing written twice: the cluster holds exactly the chunks counted.
      expect(await docent.deployment.elasticsearch!.countChunks()).toBe(chunkTotal);

      expect((await client.withKey(undefined).get('/readyz')).status).toBe(200);
      const answered = await client.post<{ refs: Array<{ doc_name: string }> }>('/docs/ask', {
        ...locator,
        question: QUESTION.question,
      });
      expect(answered.status).toBe(200);
      expect(answered.body.refs.map((ref) => ref.doc_name)).toContain(QUESTION.pageTitle);
    });
  },
);
