import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { MetadataStoreLocation } from '@docent/metadata-store';
import {
  createTestDatabase,
  createTestIndexPrefix,
  freePort,
  scaledInfrastructure,
  startDocentProcess,
  type DocentProcess,
  type TestIndexPrefix,
  testElasticsearchUrl,
  testMode,
  testSearchIndex,
  testSecretKey,
  uniqueQueuePrefix,
} from '@docent/test-support';
import { createApiApp } from '../../../src/create-api-app';
import { DocentClient } from './docent-client';

export const TEST_KEYS = { acme: 'acme-test-key-0001', beta: 'beta-test-key-0002' };

/** The environment of a test server: embedded mode, private network allowed for the fakes. */
export function testEnvironment(
  dataDir: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DOCENT_DATA_DIR: dataDir,
    DOCENT_MODELS_DIR: process.env.DOCENT_MODELS_DIR!,
    DOCENT_EMBEDDING_MODEL: process.env.DOCENT_EMBEDDING_MODEL!,
    DOCENT_EMBEDDING_DTYPE: process.env.DOCENT_EMBEDDING_DTYPE ?? '',
    DOCENT_BOOTSTRAP_API_KEYS: `acme:${TEST_KEYS.acme},beta:${TEST_KEYS.beta}`,
    DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
    DOCENT_LOG_LEVEL: process.env.DOCENT_TEST_LOG_LEVEL ?? 'warn',
    ...extra,
  };
}

/**
 * Where one test deployment keeps its state. Embedded: only the data directory. Scaled
 * (DOCENT_TEST_MODE=scaled): a fresh PostgreSQL database and Redis prefix as well, with api and
 * worker in one process unless a test starts them apart; with DOCENT_TEST_SEARCH_INDEX=
 * elasticsearch, an index prefix of its own on the test Elasticsearch too.
 */
export interface TestDeployment {
  env: Record<string, string>;
  metadata: MetadataStoreLocation;
  /** The deployment's indices on the test Elasticsearch, when it runs on one. */
  elasticsearch: TestIndexPrefix | null;
  cleanup(): Promise<void>;
}

/** ELASTICSEARCH_URL and an index prefix of its own, in the Elasticsearch pass; else nothing. */
export function testElasticsearch(): {
  env: Record<string, string>;
  indices: TestIndexPrefix;
} | null {
  if (testSearchIndex() !== 'elasticsearch') return null;
  const url = testElasticsearchUrl()!;
  const indices = createTestIndexPrefix(url);
  return { env: { ELASTICSEARCH_URL: url, DOCENT_ES_INDEX_PREFIX: indices.prefix }, indices };
}

export async function createTestDeployment(dataDir: string): Promise<TestDeployment> {
  if (testMode() !== 'scaled') {
    return {
      env: {},
      metadata: { kind: 'sqlite', path: join(dataDir, 'docent.sqlite') },
      elasticsearch: null,
      cleanup: async () => {},
    };
  }
  const infrastructure = scaledInfrastructure();
  if (!infrastructure) {
    throw new Error(
      'DOCENT_TEST_MODE=scaled needs DOCENT_TEST_DATABASE_URL and DOCENT_TEST_REDIS_URL',
    );
  }
  const database = await createTestDatabase(infrastructure.databaseUrl);
  const elasticsearch = testElasticsearch();
  return {
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: infrastructure.redisUrl,
      DOCENT_QUEUE_PREFIX: uniqueQueuePrefix(),
      DOCENT_QUEUE_LOCK_MS: '5000',
      DOCENT_SECRET_KEY: testSecretKey(),
      DOCENT_ROLE: 'all',
      ...elasticsearch?.env,
    },
    metadata: { kind: 'postgres', url: database.url },
    elasticsearch: elasticsearch?.indices ?? null,
    cleanup: async () => {
      await database.drop();
      await elasticsearch?.indices.drop();
    },
  };
}

export interface InProcessDocent {
  app: INestApplication;
  client: DocentClient;
  dataDir: string;
  deployment: TestDeployment;
  close(): Promise<void>;
}

/**
 * The real app (api + worker, embedded mode) in this process, on a free port (or `port`, for
 * tests that must know the URL up front, e.g. as DOCENT_PUBLIC_URL).
 */
export async function startDocent(
  extraEnv: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<InProcessDocent> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-e2e-'));
  const deployment = await createTestDeployment(dataDir);
  const { app } = await createApiApp({
    env: testEnvironment(dataDir, { ...deployment.env, ...extraEnv }),
  });
  await app.listen(options.port ?? 0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    dataDir,
    deployment,
    client: new DocentClient(`http://127.0.0.1:${address.port}`, TEST_KEYS.acme),
    async close() {
      await app.close();
      await deployment.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SpawnedDocent extends DocentProcess {
  client: DocentClient;
}

/**
 * The built server (`pnpm start`'s entry point) as a separate process, so a test can kill -9
 * it for real.
 */
export async function spawnDocent(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
  entry: 'api' | 'worker' = 'api',
): Promise<SpawnedDocent> {
  const main = resolve(__dirname, `../../../../${entry}/dist/main.js`);
  const env = testEnvironment(dataDir, {
    ...(entry === 'api' ? { PORT: String(port) } : {}),
    ...extraEnv,
  });
  const started = await startDocentProcess(
    main,
    env,
    entry === 'api' ? `http://127.0.0.1:${port}/readyz` : undefined,
  );
  return { ...started, client: new DocentClient(`http://127.0.0.1:${port}`, TEST_KEYS.acme) };
}

export { freePort };
