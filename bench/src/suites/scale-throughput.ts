import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  HANDBOOK_PAGES,
  squadWikiPages,
  startFakeConfluence,
  type WikiCorpusPage,
} from '@docent/source-fakes';
import {
  createTestDatabase,
  freePort,
  scaledInfrastructure,
  startDocentProcess,
  testSecretKey,
  uniqueQueuePrefix,
  type DocentProcess,
} from '@docent/test-support';
import type { BenchRow } from '../support/report';
import { postJson } from '../support/http-json';
import { modelEnvironment, squadPath } from '../support/shared-data';
import { percentile, round } from '../support/stats';
import {
  BENCH_KEY as KEY,
  BENCH_WIKI_USER as USER,
  ingestWikiSpace,
} from '../support/source-ingestion';

const API_MAIN = resolve(__dirname, '../../../apps/api/dist/main.js');
const WORKER_MAIN = resolve(__dirname, '../../../apps/worker/dist/main.js');

interface Deployment {
  base: string;
  stop(): Promise<void>;
}

/**
 * Issue 3's figures: ingestion with 1 and 2 worker processes on PostgreSQL + Redis (one
 * collection; two collections at once), and ask latency on PostgreSQL vs SQLite, every
 * process separate as deployed.
 */
export async function scaleThroughput(options: { limit?: number }): Promise<BenchRow[]> {
  const infrastructure = scaledInfrastructure();
  if (!infrastructure) {
    throw new Error('the scale suite needs DOCENT_TEST_DATABASE_URL and DOCENT_TEST_REDIS_URL');
  }
  const squad = squadWikiPages({ squadPath: squadPath(), articles: 8, paragraphsPerPage: 4 });
  const all = [...HANDBOOK_PAGES, ...squad.pages];
  const half = Math.ceil(all.length / 2);
  const toFake = (pages: WikiCorpusPage[]) =>
    pages.map((p) => ({ id: p.id, title: p.title, body: p.body }));
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [
      { key: 'KB', pages: toFake(all) },
      { key: 'A', pages: toFake(all.slice(0, half)).map((p) => ({ ...p, id: `1${p.id}` })) },
      { key: 'B', pages: toFake(all.slice(half)).map((p) => ({ ...p, id: `2${p.id}` })) },
    ],
  });
  const questions = squad.questions.filter((_, i) => i % 5 === 0).slice(0, options.limit ?? 300);
  const rows: BenchRow[] = [];
  try {
    for (const workers of [1, 2]) {
      const deployment = await scaledDeployment(infrastructure, workers);
      try {
        const one = await timeIngestions(deployment.base, wiki.url, [['KB', 'one']]);
        const two = await timeIngestions(deployment.base, wiki.url, [
          ['A', 'a'],
          ['B', 'b'],
        ]);
        rows.push(
          {
            metric: `${workers} worker(s): one collection`,
            value: round(all.length / one, 1),
            unit: 'pages/s',
            note: `${all.length} pages in ${round(one, 2)} s`,
          },
          {
            metric: `${workers} worker(s): two collections at once`,
            value: round(all.length / two, 1),
            unit: 'pages/s',
            note: `${all.length} pages in ${round(two, 2)} s`,
          },
        );
        if (workers === 1)
          rows.push(...(await askLatency(deployment.base, 'one', questions, 'PostgreSQL + Redis')));
      } finally {
        await deployment.stop();
      }
    }
    const embedded = await embeddedDeployment();
    try {
      const seconds = await timeIngestions(embedded.base, wiki.url, [['KB', 'one']]);
      rows.push(
        {
          metric: 'embedded (one process): one collection',
          value: round(all.length / seconds, 1),
          unit: 'pages/s',
          note: `${all.length} pages in ${round(seconds, 2)} s`,
        },
        ...(await askLatency(embedded.base, 'one', questions, 'SQLite (embedded)')),
      );
    } finally {
      await embedded.stop();
    }
    return rows;
  } finally {
    await wiki.close();
  }
}

function baseEnv(dataDir: string): Record<string, string> {
  return {
    ...modelEnvironment(),
    DOCENT_DATA_DIR: dataDir,
    DOCENT_BOOTSTRAP_API_KEYS: `bench:${KEY}`,
    DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
    DOCENT_LOG_LEVEL: 'warn',
    DOCENT_RATE_LIMIT_PER_MINUTE: '1000000',
  };
}

async function scaledDeployment(
  infrastructure: { databaseUrl: string; redisUrl: string },
  workers: number,
): Promise<Deployment> {
  const database = await createTestDatabase(infrastructure.databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-scale-'));
  const env = {
    ...baseEnv(dataDir),
    DATABASE_URL: database.url,
    REDIS_URL: infrastructure.redisUrl,
    DOCENT_QUEUE_PREFIX: uniqueQueuePrefix(),
    DOCENT_SECRET_KEY: testSecretKey(),
  };
  const port = await freePort();
  const processes: DocentProcess[] = [
    await startDocentProcess(
      API_MAIN,
      { ...env, PORT: String(port), DOCENT_ROLE: 'api' },
      `http://127.0.0.1:${port}/readyz`,
    ),
  ];
  // The host's cores are shared out between its workers' inference threads.
  const threads = String(Math.max(1, Math.floor(cpus().length / workers)));
  for (let i = 0; i < workers; i++) {
    processes.push(
      await startDocentProcess(WORKER_MAIN, { ...env, DOCENT_EMBEDDING_THREADS: threads }),
    );
  }
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      for (const p of processes) p.child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function embeddedDeployment(): Promise<Deployment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-embedded-'));
  const port = await freePort();
  const server = await startDocentProcess(
    API_MAIN,
    { ...baseEnv(dataDir), PORT: String(port) },
    `http://127.0.0.1:${port}/readyz`,
  );
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the ingestions together; returns the seconds until the last one succeeded. */
async function timeIngestions(
  base: string,
  wikiUrl: string,
  jobs: Array<[space: string, collection: string]>,
): Promise<number> {
  const started = performance.now();
  await Promise.all(
    jobs.map(([space, collection]) => ingestWikiSpace(base, wikiUrl, space, collection)),
  );
  return (performance.now() - started) / 1000;
}

async function askLatency(
  base: string,
  collection: string,
  questions: Array<{ question: string }>,
  engines: string,
): Promise<BenchRow[]> {
  const latencies: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    await postJson(base, '/docs/ask', KEY, {
      namespace_name: 'bench',
      collection_name: collection,
      question: q.question,
    });
    latencies.push(performance.now() - t);
  }
  return [
    {
      metric: `ask p50, ${engines}`,
      value: round(percentile(latencies, 50), 1),
      unit: 'ms',
      note: `${questions.length} questions, separate api process`,
    },
    { metric: `ask p95, ${engines}`, value: round(percentile(latencies, 95), 1), unit: 'ms' },
  ];
}
