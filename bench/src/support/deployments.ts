import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createTestDatabase,
  freePort,
  startDocentProcess,
  testSecretKey,
  uniqueQueuePrefix,
  type DocentProcess,
  type TestDatabase,
} from '@docent/test-support';
import { modelEnvironment } from './shared-data';
import { BENCH_KEY } from './source-ingestion';

// DOCENT_BENCH_APP_DIR measures another build (e.g. a checkout of an earlier commit) with
// the same suites: the same corpus, questions and measurements, before and after a change.
const APPS = process.env.DOCENT_BENCH_APP_DIR ?? resolve(__dirname, '../../../apps');
const API_MAIN = join(APPS, 'api/dist/main.js');
const WORKER_MAIN = join(APPS, 'worker/dist/main.js');

/** A running deployment: where to send requests and which processes to watch. */
export interface Deployment {
  base: string;
  /** The processes that run ingestion jobs, with their `/metrics`. */
  workers: Array<{ pid: number; metricsUrl: string }>;
  pids(): number[];
  stop(): Promise<void>;
}

export function baseEnv(dataDir: string): Record<string, string> {
  return {
    ...modelEnvironment(),
    DOCENT_DATA_DIR: dataDir,
    DOCENT_BOOTSTRAP_API_KEYS: `bench:${BENCH_KEY}`,
    DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
    DOCENT_LOG_LEVEL: 'warn',
    DOCENT_RATE_LIMIT_PER_MINUTE: '1000000',
    ...passThrough(['DOCENT_WORKER_CONCURRENCY', 'DOCENT_BATCH_DOCUMENTS', 'DOCENT_CHUNK_TOKENS']),
  };
}

function passThrough(names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (process.env[n] ? [[n, process.env[n]!]] : [])));
}

/** One process (api and worker), SQLite, the embedded queue and index, in `dataDir`. */
export async function embeddedDeployment(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<Deployment> {
  const port = await freePort();
  // Metrics are served on the operator port only.
  const metricsPort = await freePort();
  const server = await startDocentProcess(
    API_MAIN,
    {
      ...baseEnv(dataDir),
      ...extraEnv,
      PORT: String(port),
      DOCENT_METRICS_PORT: String(metricsPort),
    },
    `http://127.0.0.1:${port}/readyz`,
  );
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    workers: [{ pid: server.child.pid!, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` }],
    pids: () => [server.child.pid!],
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

/** One api and `workers` worker processes (one ONNX thread each) on PostgreSQL + Redis. */
export async function scaledDeployment(
  infrastructure: { databaseUrl: string; redisUrl: string },
  workers: number,
  extraEnv: Record<string, string> = {},
): Promise<Deployment> {
  const database: TestDatabase = await createTestDatabase(infrastructure.databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-scale-'));
  const env = {
    ...baseEnv(dataDir),
    DATABASE_URL: database.url,
    REDIS_URL: infrastructure.redisUrl,
    DOCENT_QUEUE_PREFIX: uniqueQueuePrefix(),
    DOCENT_SECRET_KEY: testSecretKey(),
    ...extraEnv,
  };
  const port = await freePort();
  const processes: DocentProcess[] = [
    await startDocentProcess(
      API_MAIN,
      { ...env, PORT: String(port), DOCENT_ROLE: 'api' },
      `http://127.0.0.1:${port}/readyz`,
    ),
  ];
  const workerList: Deployment['workers'] = [];
  for (let i = 0; i < workers; i++) {
    const metricsPort = await freePort();
    const worker = await startDocentProcess(WORKER_MAIN, {
      ...env,
      DOCENT_EMBEDDING_THREADS: '1',
      DOCENT_METRICS_PORT: String(metricsPort),
    });
    processes.push(worker);
    workerList.push({
      pid: worker.child.pid!,
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    });
  }
  // A worker is ready once its metrics answer (its model is loaded by then); a build without
  // worker metrics is given the time its model takes to load, and reports no stages.
  const withMetrics: Deployment['workers'] = [];
  for (const worker of workerList) {
    if (await waitForMetrics(worker.metricsUrl)) withMetrics.push(worker);
  }
  if (withMetrics.length < workerList.length) await new Promise((r) => setTimeout(r, 15_000));
  return {
    base: `http://127.0.0.1:${port}`,
    workers: withMetrics,
    pids: () => processes.map((p) => p.child.pid!),
    async stop() {
      for (const p of processes) p.child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForMetrics(url: string): Promise<boolean> {
  const deadline = Date.now() + (process.env.DOCENT_BENCH_APP_DIR ? 5_000 : 120_000);
  for (;;) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}
