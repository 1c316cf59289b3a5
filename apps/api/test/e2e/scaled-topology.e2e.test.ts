import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import {
  HANDBOOK_PAGES,
  squadWikiPages,
  startFakeConfluence,
  type FakeConfluence,
} from '@docent/source-fakes';
import {
  createTestDatabase,
  scaledInfrastructure,
  testMode,
  testSecretKey,
  uniqueQueuePrefix,
  type TestDatabase,
  type TestIndexPrefix,
} from '@docent/test-support';
import { JOB_CATALOG, ingestJobId } from '@docent/ingestion';
import { BullMqJobQueue } from '@docent/job-queue';
import {
  freePort,
  spawnDocent,
  testElasticsearch,
  type SpawnedDocent,
} from './support/docent-server';
import { waitForIngestion, waitUntil, type IngestionWire } from './support/wait-for';

jest.setTimeout(600_000);

const SQUAD = resolve(__dirname, '../../../../../shared/bench/squad-v1.1/dev-v1.1.dev-part.json');
const USER = { username: 'bot@acme.test', password: 'wiki-api-token-1' };
const infrastructure = scaledInfrastructure();

/**
 * Scaled mode as deployed: two api processes and two worker processes on one PostgreSQL and one
 * Redis, and the embedded index shared on this host or, in the Elasticsearch pass, Elasticsearch.
 * Runs when the test PostgreSQL and Redis are configured (CI starts them).
 */
(infrastructure && testMode() === 'scaled' ? describe : describe.skip)(
  'scaled mode: 2 api + 2 worker processes',
  () => {
    const squad = squadWikiPages({ squadPath: SQUAD, articles: 5, paragraphsPerPage: 4 });
    const pages = [...HANDBOOK_PAGES, ...squad.pages];
    const locator = { namespace_name: 'acme', collection_name: 'scaled' };
    let wiki: FakeConfluence;
    let database: TestDatabase;
    let indices: TestIndexPrefix | undefined;
    let dataDir: string;
    let env: Record<string, string>;
    const processes: SpawnedDocent[] = [];

    beforeAll(async () => {
      wiki = await startFakeConfluence({
        mode: 'cloud',
        users: [USER],
        limitCaps: { v2: 25 },
        spaces: [
          { key: 'KB', pages: pages.map((p) => ({ id: p.id, title: p.title, body: p.body })) },
        ],
      });
      database = await createTestDatabase(infrastructure!.databaseUrl);
      dataDir = mkdtempSync(join(tmpdir(), 'docent-scaled-'));
      const elasticsearch = testElasticsearch();
      indices = elasticsearch?.indices;
      env = {
        DATABASE_URL: database.url,
        REDIS_URL: infrastructure!.redisUrl,
        DOCENT_QUEUE_PREFIX: uniqueQueuePrefix(),
        DOCENT_QUEUE_LOCK_MS: '5000',
        DOCENT_SECRET_KEY: testSecretKey(),
        ...elasticsearch?.env,
      };
    });

    afterAll(async () => {
      for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
      await Promise.all(processes.map((p) => p.exited));
      await wiki?.close();
      await database?.drop();
      await indices?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** The pid of the worker holding the collection's ingestion lease (`host:pid:nonce:ingestion`). */
    async function leaseHolderPid(): Promise<number | undefined> {
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ holder: string }>(
          'SELECT holder FROM collection_locks',
        );
        const holder = rows[0]?.holder;
        return holder ? Number(holder.split(':')[1]) : undefined;
      } finally {
        await client.end();
      }
    }

    it('shares the work, survives kill -9 of the busy worker, and answers alike on both apis', async () => {
      const [api1, api2] = await Promise.all([
        spawnDocent(dataDir, await freePort(), { ...env, DOCENT_ROLE: 'api' }),
        spawnDocent(dataDir, await freePort(), { ...env, DOCENT_ROLE: 'api' }),
      ]);
      processes.push(api1!, api2!);
      const workers = [
        await spawnDocent(dataDir, 0, env, 'worker'),
        await spawnDocent(dataDir, 0, env, 'worker'),
      ];
      processes.push(...workers);

      const created = await api1!.client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
        ...locator,
        type: 'WIKI',
        spec: { url: wiki.url, space: 'KB', username: USER.username, token: USER.password },
      });
      expect(created.status).toBe(200);
      const id = { ...locator, ingestion_id: created.body.ingestion_id };

      // The other api process sees the same ingestion at once.
      const midway = await waitForIngestion(api2!.client, id, {
        until: (i) =>
          i.progress.documents_processed >= 25 || !['queued', 'running'].includes(i.status),
      });
      expect(midway.status).toBe('running');
      const busyPid = await waitUntil(leaseHolderPid, { what: 'a lease holder' });
      const busy = workers.find((w) => w.child.pid === busyPid);
      expect(busy).toBeDefined();
      busy!.child.kill('SIGKILL');
      await busy!.exited;

      const done = await waitForIngestion(api1!.client, id, { timeoutMs: 300_000 });
      expect(done.status).toBe('succeeded');
      expect(done.progress).toMatchObject({
        documents_discovered: pages.length,
        documents_processed: pages.length,
        documents_failed: 0,
      });
      // The survivor finished it.
      expect(await leaseHolderPid()).toBeUndefined();

      const list = await api2!.client.post<{
        documents: Array<{ doc_name: string; chunk_count: number }>;
      }>('/docs/list', { ...locator, limit: 1000 });
      expect(list.body.documents.map((d) => d.doc_name).sort()).toEqual(
        pages.map((p) => p.title).sort(),
      );
      expect(list.body.documents.reduce((sum, d) => sum + d.chunk_count, 0)).toBe(
        done.progress.chunks_indexed,
      );
      // Elasticsearch holds exactly those chunks: the killed worker's documents written once.
      if (indices) expect(await indices.countChunks()).toBe(done.progress.chunks_indexed);

      for (const q of squad.questions.filter((_, i) => i % 40 === 0)) {
        const body = { ...locator, question: q.question };
        const [a, b] = await Promise.all([
          api1!.client.post('/docs/ask', body),
          api2!.client.post('/docs/ask', body),
        ]);
        expect(a.status).toBe(200);
        expect(b.body).toEqual(a.body);
      }
    });

    it('hands the running ingestion back on SIGTERM, and a new worker finishes it', async () => {
      // One worker at a time, so what happens to the job is this worker's doing alone.
      for (const p of processes)
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));
      const api = await spawnDocent(dataDir, await freePort(), { ...env, DOCENT_ROLE: 'api' });
      processes.push(api);
      const first = await spawnDocent(dataDir, 0, env, 'worker');
      processes.push(first);
      const sigtermLocator = { namespace_name: 'acme', collection_name: 'sigterm' };
      wiki.latencyMs = 100;
      const created = await api.client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
        ...sigtermLocator,
        type: 'WIKI',
        spec: { url: wiki.url, space: 'KB', username: USER.username, token: USER.password },
      });
      const id = { ...sigtermLocator, ingestion_id: created.body.ingestion_id };
      await waitForIngestion(api.client, id, {
        until: (i) => i.progress.documents_processed >= 10,
      });

      const stoppedAt = Date.now();
      first.child.kill('SIGTERM');
      await first.exited;
      expect(Date.now() - stoppedAt).toBeLessThan(30_000);
      const handedBack = await api.client.post<IngestionWire>('/docs/get_ingestion', id);
      expect(handedBack.body).toMatchObject({ status: 'running', error: null });
      expect(handedBack.body.progress.documents_processed).toBeLessThan(pages.length);

      const queue = new BullMqJobQueue({
        connection: env.REDIS_URL!,
        jobs: JOB_CATALOG,
        prefix: env.DOCENT_QUEUE_PREFIX!,
      });
      try {
        // Back in the queue, and the interrupted run did not count as an attempt.
        expect(await queue.getJob(ingestJobId(id.ingestion_id))).toMatchObject({
          state: 'waiting',
          attempts: 0,
        });
        wiki.latencyMs = 0;
        processes.push(await spawnDocent(dataDir, 0, env, 'worker'));
        const done = await waitForIngestion(api.client, id, { timeoutMs: 300_000 });
        expect(done.status).toBe('succeeded');
        expect(done.progress).toMatchObject({
          documents_processed: pages.length,
          documents_failed: 0,
        });
        await waitUntil(
          async () => {
            const job = await queue.getJob(ingestJobId(id.ingestion_id));
            return job?.state === 'completed' ? job : undefined;
          },
          { what: 'the job to complete' },
        );
        expect(await queue.getJob(ingestJobId(id.ingestion_id))).toMatchObject({ attempts: 1 });
      } finally {
        await queue.close();
      }
    });
  },
);
