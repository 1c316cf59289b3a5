import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import {
  HANDBOOK_PAGES,
  HANDBOOK_QUESTIONS,
  squadWikiPages,
  startFakeConfluence,
  type FakeConfluence,
} from '@docent/source-fakes';
import {
  freePort,
  startPrivateElasticsearch,
  startPrivatePostgres,
  startPrivateRedis,
  testSecretKey,
  type PrivateElasticsearch,
  type PrivatePostgres,
  type PrivateRedis,
} from '@docent/test-support';
import { spawnDocent, TEST_KEYS, type SpawnedDocent } from '../e2e/support/docent-server';
import type { IngestionWire } from '../e2e/support/wait-for';

/**
 * The fault suite (issue 22): one deployment as it runs at scale — 1 api and 2 worker
 * processes on PostgreSQL, Redis and Elasticsearch — whose dependencies are taken away in the
 * middle of ingestions, each fault checked against the same invariants: the ingestion ends
 * (succeeded, or canceled when canceled) within the outage + 60 s, every document listed once,
 * counters equal to the listing, the index's documents and chunks equal to the catalog's, asks
 * answer, no answer but 200 or a 503 (with Retry-After) meanwhile, no secret in any log.
 *
 * The three servers are the suite's own (a PostgreSQL cluster initdb'ed into a temporary
 * folder, a redis-server, an Elasticsearch node from scripts/elasticsearch.sh in a folder of its
 * own), each on its own port: stopping them never touches the servers other suites share.
 * It runs when DOCENT_TEST_FAULTS=1 (`pnpm test` sets it in CI, after the scaled passes).
 */
const enabled = process.env.DOCENT_TEST_FAULTS === '1';

jest.setTimeout(40 * 60_000);

const SQUAD = resolve(__dirname, '../../../../../shared/bench/squad-v1.1/dev-v1.1.dev-part.json');
const USER = { username: 'bot@acme.test', password: 'wiki-api-token-faults-7b1c' };
const QUESTION = HANDBOOK_QUESTIONS[0]!;
/** The processes' logs and the figures, for reading after a run (gitignored). */
const ARTIFACTS_DIR = resolve(__dirname, '../../../../test-artifacts/faults');
/**
 * What a fault may cost beyond its own length (issue 22: terminal within outage + 60 s): an
 * ingestion with a fault ends at most this long after an undisturbed one would have, counting
 * the outage.
 */
const RECOVERY_BUDGET_MS = 60_000;

interface Sample {
  at: number;
  what: 'get_ingestion' | 'ask' | 'list';
  status: number;
  ms: number;
  retryAfter: string | null;
  code: string | null;
}

interface FaultFigures {
  fault: string;
  outageSeconds: number;
  /** From the dependency back to the first document processed after it. */
  resumedAfterSeconds: number | null;
  /** From the create to the ingestion's end. */
  ingestionSeconds: number;
  /** What the fault cost beyond its own length: ingestionSeconds − outage − the baseline. */
  addedSeconds: number | null;
  status: string;
  documents: number;
  chunks: number;
  indexChunks: number;
  samples: number;
  unavailable: number;
  /** The first ask refused with 503: it meets the outage itself (a connection refused, say). */
  firstRefusedAskMs: number | null;
  /** Slowest 503 of an ask once the outage was known (the first one may wait for a timeout). */
  slowestKnownOutageAskMs: number | null;
}

(enabled ? describe : describe.skip)(
  'dependency faults (scaled: 1 api + 2 workers on private PostgreSQL, Redis, Elasticsearch)',
  () => {
    const squad = squadWikiPages({ squadPath: SQUAD, articles: 2, paragraphsPerPage: 3 });
    const pages = [...HANDBOOK_PAGES, ...squad.pages];
    const figures: FaultFigures[] = [];
    let postgres: PrivatePostgres;
    let redis: PrivateRedis;
    let elasticsearch: PrivateElasticsearch;
    let wiki: FakeConfluence;
    let databaseUrl: string;
    let dataDir: string;
    let env: Record<string, string>;
    let api: SpawnedDocent;
    const processes: SpawnedDocent[] = [];
    const metricsPorts: number[] = [];
    let apiMetricsPort: number;
    const indexPrefix = `faults${randomUUID().slice(0, 6)}`;
    /** How long an undisturbed ingestion of the space takes here, now. */
    let baselineMs = 0;

    beforeAll(async () => {
      [postgres, redis, elasticsearch] = await Promise.all([
        startPrivatePostgres(),
        startPrivateRedis(),
        startPrivateElasticsearch(),
      ]);
      wiki = await startFakeConfluence({
        mode: 'cloud',
        users: [USER],
        limitCaps: { v2: 25 },
        spaces: [
          { key: 'KB', pages: pages.map((p) => ({ id: p.id, title: p.title, body: p.body })) },
        ],
      });
      await sql(postgres.adminUrl, 'CREATE DATABASE docent');
      databaseUrl = postgres.adminUrl.replace(/\/postgres$/, '/docent');
      dataDir = mkdtempSync(join(tmpdir(), 'docent-faults-'));
      env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        ELASTICSEARCH_URL: elasticsearch.url,
        DOCENT_ES_INDEX_PREFIX: indexPrefix,
        DOCENT_QUEUE_PREFIX: 'faults',
        DOCENT_QUEUE_LOCK_MS: '5000',
        DOCENT_SECRET_KEY: testSecretKey(),
        // Small batches fetched by their workers, so that a slowed source slows the batches.
        DOCENT_BATCH_DOCUMENTS: '4',
        DOCENT_BATCH_INLINE_BYTES: '0',
        DOCENT_RECONCILE_INTERVAL_MS: '2000',
        // Longer than every outage below: each must be ridden out, not failed.
        DOCENT_OUTAGE_LIMIT_MS: '600000',
        // What an operator reads: outages, reconciler actions, cancels.
        DOCENT_LOG_LEVEL: 'info',
      };
      // The api's /metrics is on its operator port too, never the public one.
      apiMetricsPort = await freePort();
      api = await spawnDocent(dataDir, await freePort(), {
        ...env,
        DOCENT_ROLE: 'api',
        DOCENT_METRICS_PORT: String(apiMetricsPort),
      });
      processes.push(api);
      for (let i = 0; i < 2; i++) {
        const metricsPort = await freePort();
        metricsPorts.push(metricsPort);
        processes.push(
          await spawnDocent(
            dataDir,
            0,
            { ...env, DOCENT_METRICS_PORT: String(metricsPort) },
            'worker',
          ),
        );
      }
    });

    afterAll(async () => {
      for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
      await Promise.all(processes.map((p) => p.exited));
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      processes.forEach((p, i) =>
        writeFileSync(join(ARTIFACTS_DIR, i === 0 ? 'api.log' : `worker-${i}.log`), p.output()),
      );
      writeFileSync(join(ARTIFACTS_DIR, 'figures.json'), JSON.stringify(figures, null, 2) + '\n');
      await wiki?.close();
      await Promise.all([postgres?.destroy(), redis?.destroy(), elasticsearch?.destroy()]);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (figures.length > 0) {
        console.log(`fault suite figures (${pages.length} pages per ingestion):`);
        console.table(figures);
      }
    });

    // ---------------------------------------------------------------------------------------
    // The faults

    it('an undisturbed ingestion ends exactly (the baseline the faults are measured against)', async () => {
      const run = await startIngestion('baseline');
      const done = await untilTerminal(run, 300_000);
      baselineMs = Date.now() - run.createdAt;
      expect(done.status).toBe('succeeded');
      const counts = await checkInvariants(run, done);
      figures.push({
        fault: 'none (baseline)',
        outageSeconds: 0,
        resumedAfterSeconds: null,
        ingestionSeconds: seconds(baselineMs),
        addedSeconds: null,
        status: done.status,
        ...counts,
        samples: 0,
        unavailable: 0,
        firstRefusedAskMs: null,
        slowestKnownOutageAskMs: null,
      });
    });

    it('PostgreSQL stopped for 20 s and restarted: the ingestion waits, then ends exactly', async () => {
      const run = await startIngestion('pg-outage');
      await untilProcessed(run, 8);
      const figuresOf = await duringFault(run, 'PostgreSQL stopped 20 s', async () => {
        await postgres.stop('fast');
        await sleep(20_000);
        await postgres.start();
      });
      expect(figuresOf.status).toBe('succeeded');
      expectLogged('dependency lost', { dependency: 'database' });
      expectLogged('dependency regained', { dependency: 'database' });
    });

    it('Redis restarted without persistence: the reconciler enqueues what it lost', async () => {
      const run = await startIngestion('redis-restart');
      await untilProcessed(run, 8);
      const figuresOf = await duringFault(run, 'Redis killed, restarted empty', async () => {
        await redis.kill();
        await sleep(5_000);
        await redis.start();
      });
      expect(figuresOf.status).toBe('succeeded');
      expectLogged('dependency lost', { dependency: 'queue' });
      expectLogged('reconciler: job missing from the queue, enqueued', {
        ingestionId: run.ingestionId,
      });
    });

    it('Elasticsearch stopped for 30 s: asks fail fast with 503, the ingestion waits, then ends exactly', async () => {
      const run = await startIngestion('es-outage');
      await untilProcessed(run, 8);
      const figuresOf = await duringFault(run, 'Elasticsearch stopped 30 s', async () => {
        await elasticsearch.stop();
        await sleep(30_000);
        await elasticsearch.start();
      });
      expect(figuresOf.status).toBe('succeeded');
      expect(figuresOf.unavailable).toBeGreaterThan(0);
      // Once the outage is known, an ask is refused at once.
      expect(figuresOf.slowestKnownOutageAskMs).not.toBeNull();
      expect(figuresOf.slowestKnownOutageAskMs!).toBeLessThanOrEqual(1_000);
      expectLogged('dependency lost', { dependency: 'index' });
      expectLogged('dependency regained', { dependency: 'index' });
    });

    it('cancel during a slow batch: the batch in flight writes nothing after the cancel', async () => {
      wiki.latencyMs = 1_500;
      try {
        const run = await startIngestion('cancel-slow');
        await untilProcessed(run, 4);
        const canceled = await call<IngestionWire>('/docs/cancel_ingestion', run.locator);
        const canceledAt = Date.now();
        expect(canceled.status).toBe(200);
        expect(canceled.body.status).toBe('canceled');
        const atCancel = canceled.body.progress;
        // Batches were fetching (or writing to the index) when the cancel came; give them time
        // to try to commit.
        await sleep(10_000);
        const after = await ingestion(run);
        expect(after.status).toBe('canceled');
        expect(after.progress).toEqual(atCancel);
        // A write to the index under way at the cancel ends when it ends (a slow node): then
        // its commit is refused and it removes what it wrote.
        const settled = await indexSettled(run, after.progress.chunks_indexed, 60_000);
        const counts = await checkInvariants(run, after);
        expect(counts.documents).toBeLessThan(pages.length);
        expectLogged('ingestion canceled', {
          ingestionId: run.ingestionId,
          by: 'api_key',
          keyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        });
        figures.push({
          fault: 'cancel during a slow batch',
          outageSeconds: 0,
          resumedAfterSeconds: null,
          ingestionSeconds: seconds(canceledAt - run.createdAt),
          // Here: how long after the cancel the index held only what the catalog lists.
          addedSeconds: seconds(settled - canceledAt),
          status: after.status,
          ...counts,
          samples: 0,
          unavailable: 0,
          firstRefusedAskMs: null,
          slowestKnownOutageAskMs: null,
        });
      } finally {
        wiki.latencyMs = 0;
      }
    });

    it('create while Redis is down: answered at once, once, and ingested when Redis is back', async () => {
      const locator = { namespace_name: 'acme', collection_name: 'create-redis-down' };
      const key = randomUUID();
      await redis.kill();
      const downAt = Date.now();
      let created: { status: number; body: { ingestion_id: string } };
      try {
        const started = Date.now();
        created = await call<{ ingestion_id: string }>(
          '/docs/create_ingestion',
          createBody(locator),
          {
            'idempotency-key': key,
          },
        );
        expect(created.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(10_000);
        // The client did not see the answer and sends it again: the same ingestion.
        const again = await call<{ ingestion_id: string }>(
          '/docs/create_ingestion',
          createBody(locator),
          { 'idempotency-key': key },
        );
        expect(again.body.ingestion_id).toBe(created.body.ingestion_id);
        const listed = await call<{ ingestions: IngestionWire[] }>(
          '/docs/list_ingestions',
          locator,
        );
        expect(listed.body.ingestions.map((i) => i.ingestion_id)).toEqual([
          created.body.ingestion_id,
        ]);
        expect(listed.body.ingestions[0]!.status).toBe('queued');
        await sleep(5_000);
      } finally {
        await redis.start();
      }
      const upAt = Date.now();
      const run: Run = {
        ...locator,
        ingestionId: created.body.ingestion_id,
        locator: { ...locator, ingestion_id: created.body.ingestion_id },
        createdAt: downAt,
      };
      const allowedMs = upAt - downAt + baselineMs + RECOVERY_BUDGET_MS;
      const done = await untilTerminal(run, allowedMs);
      const ingestionMs = Date.now() - downAt;
      expect(done.status).toBe('succeeded');
      const counts = await checkInvariants(run, done);
      figures.push({
        fault: 'create while Redis is down',
        outageSeconds: seconds(upAt - downAt),
        resumedAfterSeconds: null,
        ingestionSeconds: seconds(ingestionMs),
        addedSeconds: seconds(ingestionMs - (upAt - downAt) - baselineMs),
        status: done.status,
        ...counts,
        samples: 0,
        unavailable: 0,
        firstRefusedAskMs: null,
        slowestKnownOutageAskMs: null,
      });
      expect(ingestionMs).toBeLessThanOrEqual(allowedMs);
    });

    it('counts the outages and the reconciler actions at /metrics', async () => {
      const apiMetrics = await (await fetch(`http://127.0.0.1:${apiMetricsPort}/metrics`)).text();
      for (const dependency of ['database', 'queue', 'index']) {
        expect(apiMetrics).toMatch(
          new RegExp(`^docent_dependency_outages_total\\{dependency="${dependency}"\\} [1-9]`, 'm'),
        );
      }
      expect(apiMetrics).toMatch(/^docent_dependency_up\{dependency="index"\} 1$/m);
      const workers = await Promise.all(
        metricsPorts.map(async (port) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text()),
      );
      const enqueued = workers.map((text) =>
        Number(
          /^docent_reconciler_actions_total\{action="enqueued_missing"\} (\d+)/m.exec(text)?.[1],
        ),
      );
      expect(enqueued.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(workers.join('\n')).toMatch(/^docent_ingestion_fenced_writes_total \d+/m);
    });

    it('spent no attempt on an outage, and logs no secret, in any process', () => {
      // A job that met an unavailable dependency went back to the queue: none failed.
      expect(logLines().filter((line) => line.message === 'ingestion job failed')).toEqual([]);
      expect(logLines().filter((line) => line.message === 'unexpected error')).toEqual([]);
      const secrets = [USER.password, env.DOCENT_SECRET_KEY!, TEST_KEYS.acme, TEST_KEYS.beta];
      for (const p of processes) {
        for (const secret of secrets) expect(p.output()).not.toContain(secret);
      }
    });

    // ---------------------------------------------------------------------------------------
    // Helpers

    interface Run {
      namespace_name: string;
      collection_name: string;
      ingestionId: string;
      locator: { namespace_name: string; collection_name: string; ingestion_id: string };
      /** When the create was sent (epoch ms). */
      createdAt: number;
    }

    function createBody(locator: { namespace_name: string; collection_name: string }) {
      return {
        ...locator,
        type: 'WIKI',
        spec: { url: wiki.url, space: 'KB', username: USER.username, token: USER.password },
      };
    }

    async function startIngestion(collection: string): Promise<Run> {
      const locator = { namespace_name: 'acme', collection_name: collection };
      const createdAt = Date.now();
      const created = await call<{ ingestion_id: string }>(
        '/docs/create_ingestion',
        createBody(locator),
      );
      expect(created.status).toBe(200);
      const ingestionId = created.body.ingestion_id;
      return {
        ...locator,
        ingestionId,
        locator: { ...locator, ingestion_id: ingestionId },
        createdAt,
      };
    }

    /**
     * Runs the fault while a prober asks the api what a client would (the ingestion, asks,
     * the documents), then waits for the ingestion's end and checks the invariants.
     */
    async function duringFault(
      run: Run,
      fault: string,
      inject: () => Promise<void>,
    ): Promise<FaultFigures> {
      const samples: Sample[] = [];
      let probing = true;
      const prober = (async () => {
        let tick = 0;
        while (probing) {
          samples.push(await sample('get_ingestion', '/docs/get_ingestion', run.locator));
          if (tick % 3 === 0) {
            samples.push(
              await sample('ask', '/docs/ask', {
                namespace_name: run.namespace_name,
                collection_name: run.collection_name,
                question: QUESTION.question,
              }),
            );
          }
          if (tick % 10 === 0) {
            samples.push(
              await sample('list', '/docs/list', {
                namespace_name: run.namespace_name,
                collection_name: run.collection_name,
              }),
            );
          }
          tick++;
          await sleep(300);
        }
      })();
      const before = await ingestion(run);
      const faultAt = Date.now();
      await inject();
      const backAt = Date.now();
      const resumed = await firstProgressAfter(run, before.progress.documents_processed);
      const allowedMs = backAt - faultAt + baselineMs + RECOVERY_BUDGET_MS;
      const done = await untilTerminal(run, allowedMs);
      probing = false;
      await prober;
      const ingestionMs = Date.now() - run.createdAt;

      // Nothing but 200, or a 503 that says when to come back.
      for (const s of samples) {
        expect([200, 503]).toContain(s.status);
        if (s.status === 503) {
          expect(s.code).toBe('unavailable');
          expect(Number(s.retryAfter)).toBeGreaterThanOrEqual(1);
        }
      }
      const counts = await checkInvariants(run, done);
      const asksRefused = samples.filter((s) => s.what === 'ask' && s.status === 503);
      const figuresOf: FaultFigures = {
        fault,
        outageSeconds: seconds(backAt - faultAt),
        resumedAfterSeconds: resumed === null ? null : seconds(resumed - backAt),
        ingestionSeconds: seconds(ingestionMs),
        addedSeconds: seconds(ingestionMs - (backAt - faultAt) - baselineMs),
        status: done.status,
        ...counts,
        samples: samples.length,
        unavailable: samples.filter((s) => s.status === 503).length,
        firstRefusedAskMs: asksRefused[0]?.ms ?? null,
        slowestKnownOutageAskMs:
          asksRefused.length > 1 ? Math.max(...asksRefused.slice(1).map((s) => s.ms)) : null,
      };
      figures.push(figuresOf);
      // Terminal within the outage + 60 s of when an undisturbed ingestion would have ended.
      expect(ingestionMs).toBeLessThanOrEqual(allowedMs);
      return figuresOf;
    }

    /**
     * Every document listed once, counters equal to the listing, the index's documents and
     * chunks equal to the catalog's, and (after a success) the question answered.
     */
    async function checkInvariants(
      run: Run,
      done: IngestionWire,
    ): Promise<{ documents: number; chunks: number; indexChunks: number }> {
      const listed = await call<{ documents: Array<{ doc_name: string; chunk_count: number }> }>(
        '/docs/list',
        { namespace_name: run.namespace_name, collection_name: run.collection_name, limit: 1000 },
      );
      expect(listed.status).toBe(200);
      const names = listed.body.documents.map((d) => d.doc_name);
      expect(new Set(names).size).toBe(names.length);
      const chunks = listed.body.documents.reduce((sum, d) => sum + d.chunk_count, 0);
      expect(done.progress.documents_processed).toBe(names.length);
      expect(done.progress.chunks_indexed).toBe(chunks);
      expect(done.progress.documents_failed).toBe(0);
      if (done.status === 'succeeded') {
        expect(names.sort()).toEqual(pages.map((p) => p.title).sort());
        const asked = await call<{ refs: Array<{ doc_name: string }> }>('/docs/ask', {
          namespace_name: run.namespace_name,
          collection_name: run.collection_name,
          question: QUESTION.question,
        });
        expect(asked.status).toBe(200);
        expect(asked.body.refs.map((r) => r.doc_name)).toContain(QUESTION.pageTitle);
      }
      const index = await indexCounts(run.collection_name);
      expect(index).toEqual({ documents: names.length, chunks });
      return { documents: names.length, chunks, indexChunks: index.chunks };
    }

    /** When the collection's index holds `chunks` chunks (epoch ms), polled up to `timeoutMs`. */
    async function indexSettled(run: Run, chunks: number, timeoutMs: number): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      while ((await indexCounts(run.collection_name)).chunks !== chunks) {
        if (Date.now() > deadline) break;
        await sleep(500);
      }
      return Date.now();
    }

    /** The collection's chunks and distinct documents in Elasticsearch. */
    async function indexCounts(collection: string): Promise<{ documents: number; chunks: number }> {
      const [row] = await sql<{ id: string }>(
        databaseUrl,
        'SELECT id FROM collections WHERE name = $1',
        [collection],
      );
      await fetch(`${elasticsearch.url}/${indexPrefix}-*/_refresh?allow_no_indices=true`, {
        method: 'POST',
      });
      const response = await fetch(
        `${elasticsearch.url}/${indexPrefix}-*/_search?allow_no_indices=true`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            size: 0,
            track_total_hits: true,
            query: {
              bool: {
                filter: [{ term: { kind: 'chunk' } }, { term: { collection_id: row!.id } }],
              },
            },
            aggs: { documents: { cardinality: { field: 'document_id' } } },
          }),
        },
      );
      const body = (await response.json()) as {
        hits: { total: { value: number } };
        aggregations: { documents: { value: number } };
      };
      return { documents: body.aggregations.documents.value, chunks: body.hits.total.value };
    }

    async function sample(what: Sample['what'], path: string, body: unknown): Promise<Sample> {
      const started = Date.now();
      try {
        const response = await fetch(api.client.baseUrl + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'api-key': TEST_KEYS.acme },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        let code: string | null = null;
        try {
          code = (JSON.parse(text) as { code?: string }).code ?? null;
        } catch {
          code = null;
        }
        return {
          at: started,
          what,
          status: response.status,
          ms: Date.now() - started,
          retryAfter: response.headers.get('retry-after'),
          code,
        };
      } catch {
        // No answer within 30 s: as bad as a 5xx.
        return {
          at: started,
          what,
          status: 0,
          ms: Date.now() - started,
          retryAfter: null,
          code: null,
        };
      }
    }

    async function call<T>(
      path: string,
      body: unknown,
      headers: Record<string, string> = {},
    ): Promise<{ status: number; body: T }> {
      const response = await fetch(api.client.baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-key': TEST_KEYS.acme, ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      return { status: response.status, body: (await response.json()) as T };
    }

    async function ingestion(run: Run): Promise<IngestionWire> {
      // Through the api, which may answer 503 while the database is away.
      for (;;) {
        const got = await call<IngestionWire>('/docs/get_ingestion', run.locator).catch(() => null);
        if (got?.status === 200) return got.body;
        await sleep(250);
      }
    }

    async function untilProcessed(run: Run, documents: number): Promise<IngestionWire> {
      const deadline = Date.now() + 300_000;
      for (;;) {
        const current = await ingestion(run);
        if (current.progress.documents_processed >= documents) {
          expect(current.status).toBe('running');
          return current;
        }
        if (Date.now() > deadline) throw new Error(`${run.ingestionId} did not reach ${documents}`);
        await sleep(100);
      }
    }

    async function firstProgressAfter(run: Run, processed: number): Promise<number | null> {
      const deadline = Date.now() + RECOVERY_BUDGET_MS;
      while (Date.now() < deadline) {
        const current = await ingestion(run);
        if (current.progress.documents_processed > processed) return Date.now();
        if (!['queued', 'running'].includes(current.status)) return null;
        await sleep(200);
      }
      return null;
    }

    async function untilTerminal(run: Run, timeoutMs: number): Promise<IngestionWire> {
      const deadline = Date.now() + timeoutMs + 30_000;
      for (;;) {
        const current = await ingestion(run);
        if (!['queued', 'running'].includes(current.status)) return current;
        if (Date.now() > deadline) {
          throw new Error(`${run.ingestionId} still ${current.status}: ${JSON.stringify(current)}`);
        }
        await sleep(250);
      }
    }

    /** The JSON log lines of every process. */
    function logLines(): Array<Record<string, unknown>> {
      return processes
        .flatMap((p) => p.output().split('\n'))
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return {};
          }
        });
    }

    /** A JSON log line of any process with this message and these fields. */
    function expectLogged(message: string, fields: Record<string, unknown>): void {
      expect(logLines()).toContainEqual(expect.objectContaining({ message, ...fields }));
    }
  },
);

async function sql<T = unknown>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}
