import { mkdtempSync, rmSync } from 'node:fs';
import {
  startFakeConfluence,
  type FakeConfluence,
  HANDBOOK_PAGES,
  squadWikiPages,
} from '@docent/source-fakes';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openMetadataStore } from '@docent/metadata-store';
import { EmbeddedSearchIndex } from '@docent/search-index';
import {
  createTestDeployment,
  freePort,
  spawnDocent,
  type SpawnedDocent,
  type TestDeployment,
} from './support/docent-server';
import { waitForIngestion } from './support/wait-for';

jest.setTimeout(300_000);

const SQUAD = resolve(__dirname, '../../../../../shared/bench/squad-v1.1/dev-v1.1.dev-part.json');
const USER = { username: 'bot@acme.test', password: 'wiki-api-token-1' };

/** On failure, adds what the server process printed: the only witness when it died. */
async function witnessed<T>(server: SpawnedDocent, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const { exitCode, signalCode } = server.child;
    throw new Error(
      `${(error as Error).message}\n--- server (exit ${exitCode}, signal ${signalCode}) printed ---\n${server.output().slice(-6000)}`,
    );
  }
}

/**
 * The durable queue's promise, end to end: the real server process is killed with SIGKILL in
 * the middle of an ingestion; a new process on the same data directory resumes it from its
 * checkpoint and finishes with every document exactly once.
 */
describe('kill -9 in the middle of an ingestion', () => {
  const squad = squadWikiPages({ squadPath: SQUAD, articles: 5, paragraphsPerPage: 4 });
  const pages = [...HANDBOOK_PAGES, ...squad.pages];
  const locator = { namespace_name: 'acme', collection_name: 'crash' };
  let wiki: FakeConfluence;
  let dataDir: string;
  let deployment: TestDeployment;
  let server: SpawnedDocent | undefined;

  beforeAll(async () => {
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [USER],
      limitCaps: { v2: 25 },
      spaces: [
        { key: 'KB', pages: pages.map((p) => ({ id: p.id, title: p.title, body: p.body })) },
      ],
    });
    dataDir = mkdtempSync(join(tmpdir(), 'docent-crash-'));
    deployment = await createTestDeployment(dataDir);
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await wiki?.close();
    await deployment?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes after restart and ends with no duplicate and no lost document', async () => {
    const port = await freePort();
    // Small batches, and a listing never more than two batches ahead at a checkpoint, so the
    // kill lands mid-listing as well as mid-batch.
    const env = {
      ...deployment.env,
      DOCENT_BATCH_DOCUMENTS: '4',
      DOCENT_LISTING_AHEAD_BATCHES: '2',
    };
    server = await spawnDocent(dataDir, port, env);
    const created = await server.client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'WIKI',
      spec: { url: wiki.url, space: 'KB', username: USER.username, token: USER.password },
    });
    expect(created.status).toBe(200);
    const id = { ...locator, ingestion_id: created.body.ingestion_id };

    // Past the first listing page (so a checkpoint exists), well before the end.
    const midway = await witnessed(
      server,
      waitForIngestion(server.client, id, {
        until: (i) =>
          i.progress.documents_processed >= 30 || (i.status !== 'running' && i.status !== 'queued'),
      }),
    );
    expect(midway.status).toBe('running');
    expect(midway.progress.documents_processed).toBeLessThan(pages.length);
    server.child.kill('SIGKILL');
    expect(await server.exited).toBeNull();

    const listingsBefore = wiki.requests.filter((r) => r.route === 'v2.spacePages').length;
    server = await spawnDocent(dataDir, port, env);
    const done = await witnessed(server, waitForIngestion(server.client, id));
    expect(done.status).toBe('succeeded');
    expect(done.progress).toMatchObject({
      documents_discovered: pages.length,
      documents_processed: pages.length,
      documents_skipped: 0,
      documents_failed: 0,
    });

    // The restarted worker resumed the listing at its checkpoint instead of starting over.
    const resumed = wiki.requests.filter((r) => r.route === 'v2.spacePages').slice(listingsBefore);
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed.every((r) => r.query.cursor !== undefined)).toBe(true);

    const list = await server.client.post<{
      documents: Array<{ doc_name: string; chunk_count: number }>;
    }>('/docs/list', { ...locator, limit: 1000 });
    const names = list.body.documents.map((d) => d.doc_name);
    expect(names.sort()).toEqual(pages.map((p) => p.title).sort());
    const chunkTotal = list.body.documents.reduce((sum, d) => sum + d.chunk_count, 0);
    expect(done.progress.chunks_indexed).toBe(chunkTotal);

    server.child.kill('SIGTERM');
    await server.exited;

    // The index holds exactly the chunks the metadata accounts for: nothing written twice.
    if (deployment.elasticsearch) {
      expect(await deployment.elasticsearch.countChunks()).toBe(chunkTotal);
      return;
    }
    const store = await openMetadataStore(deployment.metadata);
    const index = new EmbeddedSearchIndex({ path: join(dataDir, 'index.sqlite') });
    try {
      const account = await store.accounts.ensureAccount('acme');
      const namespace = await store.catalog.findNamespace(account.id, 'acme');
      const collection = await store.catalog.findCollection(namespace!.id, 'crash');
      expect(await index.countChunks(collection!.id)).toBe(chunkTotal);
    } finally {
      await index.close();
      await store.close();
    }
  });
});
