import { RetryLaterError } from '@docent/job-queue';
import { DocumentRequestError, SourceError } from '@docent/connector-sdk';
import {
  ingestionFixture,
  SimulatedCrash,
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

describe('IngestionRunner', () => {
  let f: IngestionFixture;
  beforeEach(async () => {
    f = await ingestionFixture();
  });
  afterEach(() => f.close());

  async function collectionId(name = 'kb'): Promise<string> {
    const ns = await f.store.catalog.findNamespace(f.accountId, 'docs');
    return (await f.store.catalog.findCollection(ns!.id, name))!.id;
  }

  it('indexes every listed document, then forgets the secrets and the bookkeeping', async () => {
    f.source.pages = pages(7);
    const id = await f.create();
    expect((await f.store.ingestions.getIngestion(id))?.secrets).toMatch(/^v1:/);
    await f.run(id);
    const done = await f.store.ingestions.getIngestion(id);
    expect(done).toMatchObject({
      status: 'succeeded',
      secrets: null,
      checkpoint: null,
      errorCode: null,
    });
    expect(done?.progress).toEqual({
      documentsDiscovered: 7,
      documentsProcessed: 7,
      documentsSkipped: 0,
      documentsFailed: 0,
      chunksIndexed: 7,
    });
    expect(await f.index.countChunks(await collectionId())).toBe(7);
    // Documents were embedded in shared batches, not one call each.
    expect(f.embedder.calls).toBeLessThan(7);
  });

  it('re-syncs incrementally: unchanged skipped, changed replaced, vanished removed', async () => {
    f.source.pages = pages(6);
    await f.run(await f.create());
    f.source.pages = pages(6).filter((p) => p.id !== 'p2');
    f.source.pages[0] = {
      ...f.source.pages[0]!,
      version: '2',
      text: 'Page 1 now says the number is 4242.',
    };
    f.source.pages.push({ id: 'p9', title: 'Page 9', version: '1', text: 'A new page.' });
    const second = await f.create();
    await f.run(second);
    expect((await f.store.ingestions.getIngestion(second))?.progress).toMatchObject({
      documentsDiscovered: 6,
      documentsProcessed: 2,
      documentsSkipped: 4,
    });
    const cid = await collectionId();
    const names = (await f.store.catalog.listDocuments(cid, { limit: 100 })).items.map(
      (d) => d.name,
    );
    expect(names).toEqual(['Page 1', 'Page 3', 'Page 4', 'Page 5', 'Page 6', 'Page 9']);
    const hits = await f.index.search({
      collectionId: cid,
      text: 'number',
      vector: await f.embedder.embedQuery('number'),
      limit: 10,
      mode: 'bm25',
    });
    expect(hits.map((h) => h.text).join(' ')).toContain('4242');
    expect(hits.map((h) => h.text).join(' ')).not.toContain('1000.');
  });

  it("stores web links only, and takes a moved page's link even at the same version", async () => {
    f.source.pages = pages(3);
    f.source.pages[1] = {
      ...f.source.pages[1]!,
      url: 'https://wiki.test/files/guide',
      pageUrlTemplate: 'https://wiki.test/files/guide.pdf#page={page}',
    };
    // A link a user must never be handed, and a template without a page placeholder.
    f.source.pages[2] = {
      ...f.source.pages[2]!,
      url: 'javascript:alert(1)',
      pageUrlTemplate: 'https://wiki.test/files/p3.pdf',
    };
    await f.run(await f.create());
    const cid = await collectionId();
    const links = async () =>
      (await f.store.catalog.listDocuments(cid, { limit: 10 })).items.map((d) => [
        d.sourceId,
        d.sourceUrl,
        d.pageUrlTemplate,
      ]);
    expect(await links()).toEqual([
      ['p1', 'https://wiki.test/p1', null],
      ['p2', 'https://wiki.test/files/guide', 'https://wiki.test/files/guide.pdf#page={page}'],
      ['p3', null, null],
    ]);
    // Moved, same version: skipped, but the link follows.
    f.source.pages[0] = { ...f.source.pages[0]!, url: 'https://wiki.test/archive/p1' };
    const second = await f.create();
    await f.run(second);
    expect((await f.store.ingestions.getIngestion(second))?.progress).toMatchObject({
      documentsProcessed: 0,
      documentsSkipped: 3,
    });
    expect((await links())[0]).toEqual(['p1', 'https://wiki.test/archive/p1', null]);
  });

  it('never deletes after a listing that was cut short', async () => {
    f.source.pages = pages(9);
    await f.run(await f.create());
    f.source.failAfterBatches = {
      batches: 1,
      error: new SourceError('source_unreachable', 'the wiki went away'),
    };
    const second = await f.create();
    await f.run(second);
    expect(await f.store.ingestions.getIngestion(second)).toMatchObject({
      status: 'failed',
      errorCode: 'source_unreachable',
      errorMessage: 'the wiki went away',
      secrets: null,
    });
    expect(
      (await f.store.catalog.listDocuments(await collectionId(), { limit: 100 })).items,
    ).toHaveLength(9);
  });

  it('deletes nothing after a listing that says it could not see everything', async () => {
    f.source.pages = pages(6);
    await f.run(await f.create());
    f.source.pages = pages(6).slice(0, 3);
    f.source.listingEnd = { complete: false, reason: 'a page hid its children' };
    const second = await f.create();
    await f.run(second);
    expect((await f.store.ingestions.getIngestion(second))?.status).toBe('succeeded');
    expect(
      (await f.store.catalog.listDocuments(await collectionId(), { limit: 100 })).items,
    ).toHaveLength(6);
    f.source.listingEnd = undefined;
    await f.run(await f.create());
    expect(
      (await f.store.catalog.listDocuments(await collectionId(), { limit: 100 })).items,
    ).toHaveLength(3);
  });

  it('fails a document whose request failed after retries alone, keeping its indexed copy', async () => {
    f.source.pages = pages(4);
    await f.run(await f.create());
    f.source.pages = pages(4, '2');
    f.source.pages[2]!.fetchError = new DocumentRequestError(
      'source_unreachable',
      'Google Drive answered HTTP 500 backendError after retries',
      { status: 500 },
    );
    const second = await f.create();
    await f.run(second);
    const done = await f.service.get(f.accountId, 'docs', 'kb', second);
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(done.failures).toEqual([
      {
        docName: 'Page 3',
        sourceId: 'p3',
        message: 'Google Drive answered HTTP 500 backendError after retries',
      },
    ]);
    expect(await f.store.ingestions.getIngestion(second)).toMatchObject({
      errorCode: null,
      progress: { documentsProcessed: 3, documentsFailed: 1 },
    });
    // The failed document is not removed: its last good copy stays searchable.
    expect(
      (await f.store.catalog.listDocuments(await collectionId(), { limit: 100 })).items,
    ).toHaveLength(4);
  });

  it('fails the ingestion on a SourceError from fetch: the source, not the document', async () => {
    f.source.pages = pages(3);
    f.source.pages[1]!.fetchError = new SourceError(
      'source_unreachable',
      'Google Drive failed to serve 10 documents in a row, so the ingestion stopped',
    );
    const id = await f.create();
    await f.run(id);
    expect(await f.store.ingestions.getIngestion(id)).toMatchObject({
      status: 'failed',
      errorCode: 'source_unreachable',
      errorMessage: 'Google Drive failed to serve 10 documents in a row, so the ingestion stopped',
    });
  });

  it('resumes from the checkpoint after a crash, counting every document once', async () => {
    f.source.pages = pages(10);
    f.source.crashAfterDocuments = 7;
    const id = await f.create();
    await expect(f.run(id)).rejects.toBeInstanceOf(SimulatedCrash);
    const midway = await f.store.ingestions.getIngestion(id);
    expect(midway?.status).toBe('running');
    expect(midway?.checkpoint).toBe('2');
    f.source.crashAfterDocuments = null;
    await f.run(id, { attempt: 2 });
    expect(f.source.discoverCalls).toEqual([null, '2']);
    const done = await f.store.ingestions.getIngestion(id);
    expect(done?.status).toBe('succeeded');
    expect(done?.progress).toMatchObject({
      documentsDiscovered: 10,
      documentsProcessed: 10,
      chunksIndexed: 10,
    });
    expect(await f.index.countChunks(await collectionId())).toBe(10);
  });

  it('lists unreadable documents in failures and goes on', async () => {
    f.source.pages = pages(4);
    f.source.pages[1] = { ...f.source.pages[1]!, broken: true };
    const id = await f.create();
    await f.run(id);
    expect((await f.service.get(f.accountId, 'docs', 'kb', id)).failures).toEqual([
      { docName: 'Page 2', sourceId: 'p2', message: 'the page body could not be parsed' },
    ]);
    expect((await f.store.ingestions.getIngestion(id))?.progress).toMatchObject({
      documentsProcessed: 3,
      documentsFailed: 1,
    });
  });

  it('does not count a document whose fetch the stopping worker interrupted as failed', async () => {
    f.source.pages = pages(4);
    const stopping = new AbortController();
    f.source.abortOnFetch = { pageId: 'p2', controller: stopping };
    const id = await f.create();
    await expect(f.run(id, { signal: stopping.signal })).rejects.toThrow();
    expect((await f.service.get(f.accountId, 'docs', 'kb', id)).failures).toEqual([]);

    f.source.abortOnFetch = null;
    await f.run(id, { attempt: 2 });
    expect((await f.store.ingestions.getIngestion(id))?.progress).toMatchObject({
      documentsProcessed: 4,
      documentsFailed: 0,
    });
    expect(await f.index.countChunks(await collectionId())).toBe(4);
  });

  it.each([
    ['title', ['report.pdf', 'report.pdf (2)']],
    ['file', ['report (2).pdf', 'report.pdf']],
  ] as const)(
    'names duplicates as the connector declares its titles (%s)',
    async (style, expected) => {
      f.source.documentNameStyle = style;
      f.source.pages = pages(2).map((p) => ({ ...p, title: 'report.pdf' }));
      await f.run(await f.create());
      const documents = await f.store.catalog.listDocuments(await collectionId(), { limit: 10 });
      expect(documents.items.map((d) => d.name)).toEqual(expected);
    },
  );

  it('handles a document listed twice once', async () => {
    f.source.pages = [...pages(3), pages(3)[0]!];
    const id = await f.create();
    await f.run(id);
    expect((await f.store.ingestions.getIngestion(id))?.progress).toMatchObject({
      documentsDiscovered: 3,
      documentsProcessed: 3,
    });
  });

  it('waits while another ingestion holds the collection', async () => {
    f.source.pages = pages(2);
    const id = await f.create();
    await f.store.collectionLock.tryLock(await collectionId(), 'someone-else', 60_000, new Date());
    await expect(f.run(id)).rejects.toBeInstanceOf(RetryLaterError);
    expect((await f.store.ingestions.getIngestion(id))?.status).toBe('queued');
  });

  it('ends canceled when canceled before it ran', async () => {
    f.source.pages = pages(2);
    const id = await f.create();
    const view = await f.service.cancel(f.accountId, 'docs', 'kb', id);
    expect(view).toMatchObject({ status: 'canceled', secrets: null });
    await f.run(id);
    expect(
      (await f.store.catalog.listDocuments(await collectionId(), { limit: 10 })).items,
    ).toEqual([]);
  });

  it('waits out an index outage mid-ingestion, then indexes every document once', async () => {
    f.source.pages = pages(7);
    f.indexOutage = { afterWrites: 3, failures: 5, refused: 0 };
    const id = await f.create();
    // One attempt: the outage neither fails the ingestion nor uses up an attempt.
    await f.run(id, { attempt: 3 });
    expect(f.indexOutage.refused).toBe(5);
    const done = await f.store.ingestions.getIngestion(id);
    expect(done).toMatchObject({ status: 'succeeded', errorCode: null });
    expect(done?.progress).toEqual({
      documentsDiscovered: 7,
      documentsProcessed: 7,
      documentsSkipped: 0,
      documentsFailed: 0,
      chunksIndexed: 7,
    });
    expect(await f.index.countChunks(await collectionId())).toBe(7);
  });

  it('stops waiting for the index when the ingestion is canceled', async () => {
    f.source.pages = pages(4);
    f.indexOutage = { afterWrites: 1, failures: Infinity, refused: 0 };
    const id = await f.create();
    const running = f.run(id);
    while (f.indexOutage.refused < 3) await new Promise((resolve) => setTimeout(resolve, 1));
    await f.service.cancel(f.accountId, 'docs', 'kb', id);
    await running;
    expect((await f.store.ingestions.getIngestion(id))?.status).toBe('canceled');
  });

  it('hands the job back when the worker stops during an index outage', async () => {
    f.source.pages = pages(4);
    f.indexOutage = { afterWrites: 1, failures: Infinity, refused: 0 };
    const stopping = new AbortController();
    const id = await f.create();
    const running = f.run(id, { signal: stopping.signal });
    while (f.indexOutage.refused < 3) await new Promise((resolve) => setTimeout(resolve, 1));
    stopping.abort();
    await expect(running).rejects.toThrow();
    expect((await f.store.ingestions.getIngestion(id))?.status).toBe('running');

    f.indexOutage = null;
    await f.run(id, { attempt: 2 });
    expect((await f.store.ingestions.getIngestion(id))?.progress).toMatchObject({
      documentsProcessed: 4,
      documentsFailed: 0,
      chunksIndexed: 4,
    });
    expect(await f.index.countChunks(await collectionId())).toBe(4);
  });

  it('fails with internal after the last attempt of an unexpected error, hiding its details', async () => {
    f.source.pages = pages(2);
    f.source.failAfterBatches = {
      batches: 0,
      error: new Error('TypeError deep inside with /etc/secret path'),
    };
    const id = await f.create();
    await f.run(id, { attempt: 3 });
    const done = await f.store.ingestions.getIngestion(id);
    expect(done).toMatchObject({ status: 'failed', errorCode: 'internal' });
    expect(done?.errorMessage).not.toContain('/etc/secret');
  });
});
