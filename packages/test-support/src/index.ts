import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * Scaled-mode suites run when these point at real servers (`.ci/run` starts both):
 * `DOCENT_TEST_DATABASE_URL` (a PostgreSQL user that may create databases) and
 * `DOCENT_TEST_REDIS_URL`.
 */
export function scaledInfrastructure(): { databaseUrl: string; redisUrl: string } | null {
  const databaseUrl = process.env.DOCENT_TEST_DATABASE_URL;
  const redisUrl = process.env.DOCENT_TEST_REDIS_URL;
  return databaseUrl && redisUrl ? { databaseUrl, redisUrl } : null;
}

/** Whether the e2e suites should run the service on PostgreSQL + Redis instead of embedded. */
export function testMode(): 'embedded' | 'scaled' {
  return process.env.DOCENT_TEST_MODE === 'scaled' ? 'scaled' : 'embedded';
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const DROP_ATTEMPTS = 5;

/** A database of its own for one test, dropped afterwards. */
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `docent_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // FORCE cannot end a session of another role — an autovacuum worker that has just
      // connected to the new database — so wait for it to leave and try again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
          return;
        } catch (error) {
          const insufficientPrivilege = (error as { code?: string }).code === '42501';
          if (!insufficientPrivilege || attempt === DROP_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
        }
      }
    },
  };
}

/** A BullMQ key prefix of its own, so tests sharing one Redis never see each other's jobs. */
export function uniqueQueuePrefix(): string {
  return `t${randomBytes(5).toString('hex')}`;
}

/** A valid DOCENT_SECRET_KEY for a test deployment. */
export function testSecretKey(): string {
  return randomBytes(32).toString('hex');
}
export { freePort, startDocentProcess, type DocentProcess } from './docent-process';
export { withDeclaredSize, zipOf } from './documents/zip-writer';
export {
  passwordProtectedPdf,
  pdfOf,
  scannedTypedBlankPdf,
  streamObject,
} from './documents/pdf-writer';
export { xlsxOf } from './documents/xlsx-writer';
export { docxOf, type DocxBlock } from './documents/docx-writer';
export { pptxOf, type SlideSpec } from './documents/pptx-writer';
export { textPdfOf, type PdfTextBlock } from './documents/text-pdf-writer';
export {
  createTestIndexPrefix,
  testElasticsearchUrl,
  testSearchIndex,
  type TestIndexPrefix,
} from './elasticsearch';
export { startTcpProxy, type TcpProxy } from './tcp-proxy';
export {
  canRunPrivatePostgres,
  startPrivatePostgres,
  type PrivatePostgres,
} from './private-servers/private-postgres';
export {
  canRunPrivateRedis,
  startPrivateRedis,
  type PrivateRedis,
} from './private-servers/private-redis';
export {
  canRunPrivateElasticsearch,
  startPrivateElasticsearch,
  type PrivateElasticsearch,
} from './private-servers/private-elasticsearch';
