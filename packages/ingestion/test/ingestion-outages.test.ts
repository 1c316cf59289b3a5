import type { SearchIndex } from '@docent/search-index';
import { ingestBatchJobId } from '../src';
import {
  ingestionFixture,
  type IngestionFixture,
  type ScriptedPage,
} from './support/ingestion-fixture';

function pages(count: number, version = '1'): ScriptedPage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    title: `Page ${i + 1}`,
    version,
    text: `Page ${i + 1} says the secret number is ${1000 + i}. It also has filler words to make a chunk.`,
  }));
}

/** Dependencies going away under a running ingestion, and the ledger's fence. */
describe('IngestionRunner under outages', () => {
  let f: IngestionFixture;
  afterEach(() => f?.close());

  async function collectionId(name = 'kb'): Promise<string> {
    const ns = await f.store.catalog.findNamespace(f.accountId, 'docs');
    return (await f.store.catalog.findCollection(ns!.id, name))!.id;
  }
  const ingestion = (id: string) => f.store.ingestions.getIngestion(id);
  const catalog = async () =>
    (await f.store.catalog.listDocuments(await collectionId(), { limit: 100 })).items;
  const catalogChunks = async () =>
    (await catalog()).reduce((sum, document) => sum + document.chunkCount, 0);

  it('waits out a database outage without spending attempts, then indexes every document once', async () => {
    f = await ingestionFixture();
    f.source.pages = pages(8);
    f.source.onFetch = {
      pageId: 'p3',
      run: () => {
        f.source.onFetch = null;
        f.databaseDown = true;
        setTimeout(() => (f.databaseDown = false), 150);
      },
    };
    const id = await f.create();
    await f.run();
    const done = await ingestion(id);
    expect(done).toMatchObject({ status: 'succeeded', errorCode: null });
    expect(done?.progress).toEqual({
      documentsDiscovered: 8,
      documentsProcessed: 8,
      documentsSkipped: 0,
      documentsFailed: 0,
      documentsUnsupported: 0,
      chunksIndexed: 8,
    });
    expect((await catalog()).map((d) => d.name).sort()).toEqual(
      pages(8)
        .map((p) => p.title)
        .sort(),
    );
    expect(await f.index.countChunks(await collectionId())).toBe(8);
    // Handed back to the queue, again and again, without using an attempt.
    for (const seq of [1, 2, 3, 4]) {
      expect(await f.queue.getJob(ingestBatchJobId(id, seq))).toMatchObject({
        state: 'completed',
        attempts: 1,
      });
    }
    expect(f.delays.length).toBeGreaterThan(3);
    // One outage, seen once from its start to its end.
    expect(f.dependencies.outages()).toEqual([
      expect.objectContaining({ dependency: 'database', to: expect.any(Number) }),
    ]);
  });

  it('fails a started ingestion that waited on the database past the budget, once that can be recorded', async () => {
    f = await ingestionFixture({ outageLimitMs: 100 });
    f.source.pages = pages(6);
    f.source.onFetch = {
      pageId: 'p3',
      run: () => {
        f.source.onFetch = null;
        f.databaseDown = true;
        setTimeout(() => (f.databaseDown = false), 300);
      },
    };
    const id = await f.create();
    await f.run();
    const done = await ingestion(id);
    expect(done).toMatchObject({ status: 'failed', errorCode: 'internal', secrets: null });
    expect(done?.errorMessage).toMatch(
      /^The metadata database stayed unavailable for \d+ s; the documents indexed so far are kept: run the ingestion again once it is back\.$/,
    );
    // What was committed stays, and the index holds exactly that.
    expect(done?.progress.documentsProcessed).toBe((await catalog()).length);
    expect(await f.index.countChunks(await collectionId())).toBe(await catalogChunks());
  });

  it('writes nothing for a batch whose ingestion is canceled while it writes to the index', async () => {
    f = await ingestionFixture();
    f.source.pages = pages(8);
    const id = await f.create();
    let atCancel: unknown;
    let writes = 0;
    const cancelOnSecondWrite = async (): Promise<void> => {
      writes++;
      if (writes < 2) {
        f.beforeIndexWrite = cancelOnSecondWrite;
        return;
      }
      await f.service.cancel(f.accountId, 'docs', 'kb', id);
      atCancel = (await ingestion(id))?.progress;
    };
    f.beforeIndexWrite = cancelOnSecondWrite;
    const deletes = jest.spyOn(f.index as SearchIndex, 'deleteDocument');
    await f.run();
    const done = await ingestion(id);
    expect(done?.status).toBe('canceled');
    // The batch's write went to the index after the cancel; its commit was refused and what
    // it wrote removed: the counters did not move, catalog and index agree.
    // Each document it removed is named with the chunk ids this write gave it, so a cleanup
    // that took the index's record of it meanwhile (Elasticsearch's manifest) leaves nothing.
    expect(deletes.mock.calls.length).toBeGreaterThan(0);
    for (const [, documentId, written] of deletes.mock.calls) {
      expect(written?.length).toBeGreaterThan(0);
      for (const chunkId of written!) expect(chunkId).toMatch(new RegExp(`^${documentId}:\\d+$`));
    }
    expect(done?.progress).toEqual(atCancel);
    expect(done?.progress.documentsProcessed).toBe((await catalog()).length);
    expect(done?.progress.chunksIndexed).toBe(await catalogChunks());
    expect(await f.index.countChunks(await collectionId())).toBe(await catalogChunks());
    expect((await catalog()).length).toBeLessThan(8);
  });

  it('keeps a listed document at the version its fenced batch indexed, so catalog and index agree', async () => {
    f = await ingestionFixture();
    f.source.pages = pages(4);
    await f.create();
    await f.run();
    // A re-sync with every page changed, longer text: two chunks each.
    f.source.pages = pages(4, '2').map((p) => ({
      ...p,
      text: `${p.text} ${'more words '.repeat(30)}`,
    }));
    const id = await f.create();
    f.beforeIndexWrite = async () => {
      await f.service.cancel(f.accountId, 'docs', 'kb', id);
    };
    await f.run();
    const done = await ingestion(id);
    expect(done).toMatchObject({ status: 'canceled', progress: { documentsProcessed: 0 } });
    const documents = await catalog();
    expect(documents).toHaveLength(4);
    // The first batch's two documents were replaced in the index before the cancel reached
    // the commit: the catalog describes what the index holds.
    expect(documents.filter((d) => d.version === '2')).toHaveLength(2);
    expect(await f.index.countChunks(await collectionId())).toBe(await catalogChunks());
  });
});
