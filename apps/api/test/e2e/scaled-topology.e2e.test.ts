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
import { JOB_CATALOG, ingestBatchJobId, ingestJobId } from '@docent/ingestion';
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
        // About twenty batches for the ~75 pages: enough for both workers to take several.
        DOCENT_BATCH_DOCUMENTS: '4',
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

    async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows as T[];
      } finally {
        await client.end();
      }
    }

    /** Pids of the workers (`host:pid:nonce`) that committed batches of the ingestion so far. */
    async function committingPids(ingestionId: string): Promise<Set<number>> {
      const rows = await query<{ worker: string }>(
        "SELECT DISTINCT worker FROM ingestion_batches WHERE ingestion_id = $1 AND state = 'committed'",
        [ingestionId],
      );
      return new Set(rows.map((row) => Number(row.worker.split(':')[1])));
    }

    it('spreads one ingestion over both workers, survives kill -9 of one, and answers alike on both apis', async () => {
      const [api1, api2] = await Promise.all([
        spawnDocent(dataDir, await freePort(), { ...env, DOCENT_ROLE: 'api' }),
        spawnDocent(dataDir, await freePort(), { ...env, DOCENT_ROLE: 'api' }),
      ]);
      processes.push(api1!, api2!);
      const metricsPorts = [await freePort(), await freePort()];
      const workers = [
        await spawnDocent(
          dataDir,
          0,
          { ...env, DOCENT_METRICS_PORT: String(metricsPorts[0]) },
          'worker',
        ),
        await spawnDocent(
          dataDir,
          0,
          { ...env, DOCENT_METRICS_PORT: String(metricsPorts[1]) },
          'worker',
        ),
      ];
      processes.push(...workers);

      const created = await api1!.client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
        ...locator,
        type: 'WIKI',
        spec: { url: wiki.url, space: 'KB', username: USER.username, token: USER.password },
      });
      expect(created.status).toBe(200);
      const id = { ...locator, ingestion_id: created.body.ingestion_id };

      // Both workers commit batches of the one ingestion (the ledger names each batch's worker).
      const workerPids = workers.map((w) => w.child.pid!);
      const seen = await waitUntil(
        async () => {
          const pids = await committingPids(id.ingestion_id);
          return workerPids.every((pid) => pids.has(pid)) ? pids : undefined;
        },
        { what: 'batches committed by both workers', intervalMs: 50 },
      );
      expect([...seen].sort()).toEqual([...workerPids].sort());
      // The other api process sees the same ingestion at once, still running.
      const midway = await api2!.client.post<IngestionWire>('/docs/get_ingestion', id);
      expect(midway.body.status).toBe('running');
      expect(midway.body.progress.documents_processed).toBeLessThan(pages.length);

      // One worker dies mid-way (kill -9): the other finishes every batch, its lost one included.
      const [victim, survivor] = workers;
      victim!.child.kill('SIGKILL');
      await victim!.exited;

      const done = await waitForIngestion(api1!.client, id, { timeoutMs: 300_000 });
      expect(done.status).toBe('succeeded');
      expect(done.progress).toMatchObject({
        documents_discovered: pages.length,
        documents_processed: pages.length,
        documents_failed: 0,
      });
      expect(survivor!.child.exitCode).toBeNull();
      // A worker serves its own pipeline metrics (it has no API port).
      const scraped = await fetch(`http://127.0.0.1:${metricsPorts[1]}/metrics`);
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      expect(text).toMatch(/^docent_ingestion_batches_total [1-9]/m);
      expect(text).toMatch(/^docent_ingestion_stage_seconds_count\{stage="embed"\} [1-9]/m);
      // The ingestion's end freed its collection.
      expect(await query('SELECT holder FROM collection_locks')).toEqual([]);

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
        // Every batch not committed is back in the queue, the interrupted one without using an
        // attempt.
        const pending = (
          await query<{ seq: number }>(
            "SELECT seq FROM ingestion_batches WHERE ingestion_id = $1 AND state = 'pending'",
            [id.ingestion_id],
          )
        ).map((row) => Number(row.seq));
        expect(pending.length).toBeGreaterThan(0);
        for (const seq of pending) {
          expect(await queue.getJob(ingestBatchJobId(id.ingestion_id, seq))).toMatchObject({
            state: 'waiting',
            attempts: 0,
          });
        }
        wiki.latencyMs = 0;
        processes.push(await spawnDocent(dataDir, 0, env, 'worker'));
        const done = await waitForIngestion(api.client, id, { timeoutMs: 300_000 });
        expect(done.status).toBe('succeeded');
        expect(done.progress).toMatchObject({
          documents_processed: pages.length,
          documents_failed: 0,
        });
        // Each batch ran to completion once (the one handed back counts a single attempt).
        for (const seq of pending) {
          expect(await queue.getJob(ingestBatchJobId(id.ingestion_id, seq))).toMatchObject({
            state: 'completed',
            attempts: 1,
          });
        }
        expect(await queue.getJob(ingestJobId(id.ingestion_id))).toMatchObject({
          state: 'completed',
        });
      } finally {
        await queue.close();
      }
    });
  },
);
