import { DocumentRequestError, SourceError } from '@docent/connector-sdk';
import { RetryLaterError } from '@docent/job-queue';
import { finalizeJobId, ingestBatchJobId, ingestJobId, INGEST_BATCH_JOB, INGEST_JOB } from '../src';
import {
  ingestionFixture,
  type IngestionFixture,
  type ScriptedPage,
} from './support/ingestion-fixture';
import * as secondCopy from './support/second-sdk-copy';

function pages(count: number, version = '1'): ScriptedPage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    title: `Page ${i + 1}`,
    version,
    text: `Page ${i + 1} says the secret number is ${1000 + i}. It also has filler words to make a chunk.`,
  }));
}

const unreachable = (i: number) =>
  new DocumentRequestError('source_unreachable', `Feed at feed.test answered HTTP 503 for ${i}`, {
    status: 503,
    source: 'Feed',
  });

describe('IngestionRunner', () => {
  let f: IngestionFixture;
  afterEach(() => f?.close());

  async function setUp(options: Parameters<typeof ingestionFixture>[0] = {}) {
    f = await ingestionFixture(options);
  }

  async function collectionId(name = 'kb'): Promise<string> {
    const ns = await f.store.catalog.findNamespace(f.accountId, 'docs');
    return (await f.store.catalog.findCollection(ns!.id, name))!.id;
  }

  const ingestion = (id: string) => f.store.ingestions.getIngestion(id);
  const documentNames = async () =>
    (await f.store.catalog.listDocuments(await collectionId(), { limit: 100 })).items.map(
      (d) => d.name,
    );

  describe('one ingestion in batch jobs', () => {
    beforeEach(() => setUp());

    it('indexes every listed document, then forgets the secrets and the bookkeeping', async () => {
      f.source.pages = pages(7);
      const id = await f.create();
      expect((await ingestion(id))?.secrets).toMatch(/^v1:/);
      await f.run();
      const done = await ingestion(id);
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
        documentsUnsupported: 0,
        chunksIndexed: 7,
      });
      expect(await f.index.countChunks(await collectionId())).toBe(7);
      // Batches of at most two documents, each its own job with a deterministic id: a listing
      // page (three documents) is recorded with its checkpoint, so its last batch is partial.
      for (const seq of [1, 2, 3, 4, 5]) {
        expect(await f.queue.getJob(ingestBatchJobId(id, seq))).toMatchObject({
          name: INGEST_BATCH_JOB.name,
          state: 'completed',
          attempts: 1,
        });
      }
      expect(await f.queue.getJob(ingestBatchJobId(id, 6))).toBeNull();
      expect(await f.queue.getJob(finalizeJobId(id))).toMatchObject({ state: 'completed' });
      expect(await f.store.ledger.listPendingBatches(id)).toEqual([]);
      // Each batch's documents shared one embedding call.
      expect(f.embedder.calls).toBe(5);
    });

    it('re-syncs incrementally: unchanged skipped, changed replaced, vanished removed', async () => {
      f.source.pages = pages(6);
      await f.create();
      await f.run();
      f.source.pages = pages(6).filter((p) => p.id !== 'p2');
      f.source.pages[0] = {
        ...f.source.pages[0]!,
        version: '2',
        text: 'Page 1 now says the number is 4242.',
      };
      f.source.pages.push({ id: 'p9', title: 'Page 9', version: '1', text: 'A new page.' });
      const second = await f.create();
      await f.run();
      expect((await ingestion(second))?.progress).toMatchObject({
        documentsDiscovered: 6,
        documentsProcessed: 2,
        documentsSkipped: 4,
      });
      expect(await documentNames()).toEqual([
        'Page 1',
        'Page 3',
        'Page 4',
        'Page 5',
        'Page 6',
        'Page 9',
      ]);
      const hits = await f.index.search({
        collectionId: await collectionId(),
        text: 'number',
        vector: await f.embedder.embedQuery('number'),
        limit: 10,
        mode: 'bm25',
      });
      expect(hits.map((h) => h.text).join(' ')).toContain('4242');
      expect(hits.map((h) => h.text).join(' ')).not.toContain('1000.');
    });

    it('never deletes after a listing that was cut short', async () => {
      f.source.pages = pages(9);
      await f.create();
      await f.run();
      f.source.failAfterBatches = {
        batches: 1,
        error: new SourceError('source_unreachable', 'the wiki went away'),
      };
      const second = await f.create();
      await f.run();
      expect(await ingestion(second)).toMatchObject({
        status: 'failed',
        errorCode: 'source_unreachable',
        errorMessage: 'the wiki went away',
        secrets: null,
      });
      expect(await documentNames()).toHaveLength(9);
    });

    it('deletes nothing after a listing that says it could not see everything', async () => {
      f.source.pages = pages(6);
      await f.create();
      await f.run();
      f.source.pages = pages(6).slice(0, 3);
      f.source.listingEnd = { complete: false, reason: 'a page hid its children' };
      const second = await f.create();
      await f.run();
      expect((await ingestion(second))?.status).toBe('succeeded');
      expect(await documentNames()).toHaveLength(6);
      f.source.listingEnd = undefined;
      await f.create();
      await f.run();
      expect(await documentNames()).toHaveLength(3);
    });

    it('fails a document whose request failed after retries alone, keeping its indexed copy', async () => {
      f.source.pages = pages(4);
      await f.create();
      await f.run();
      f.source.pages = pages(4, '2');
      f.source.pages[2]!.fetchError = new DocumentRequestError(
        'source_unreachable',
        'Google Drive answered HTTP 500 backendError after retries',
        { status: 500 },
      );
      const second = await f.create();
      await f.run();
      const done = await f.service.get(f.accountId, 'docs', 'kb', second);
      expect(done).toMatchObject({ status: 'succeeded' });
      expect(done.failures).toEqual([
        {
          docName: 'Page 3',
          sourceId: 'p3',
          message: 'Google Drive answered HTTP 500 backendError after retries',
        },
      ]);
      expect(await ingestion(second)).toMatchObject({
        errorCode: null,
        progress: { documentsProcessed: 3, documentsFailed: 1 },
      });
      // The failed document is not removed: its last good copy stays searchable.
      expect(await documentNames()).toHaveLength(4);
    });

    it('fails the ingestion on a SourceError from fetch: the source, not the document', async () => {
      f.source.pages = pages(3);
      f.source.pages[1]!.fetchError = new SourceError(
        'source_unreachable',
        'Google Drive failed to serve 10 documents in a row, so the ingestion stopped',
      );
      const id = await f.create();
      await f.run();
      expect(await ingestion(id)).toMatchObject({
        status: 'failed',
        errorCode: 'source_unreachable',
        errorMessage:
          'Google Drive failed to serve 10 documents in a row, so the ingestion stopped',
      });
    });

    it("recognises a connector's errors thrown from its own copy of the SDK", async () => {
      f.source.pages = pages(3);
      f.source.pages[0]!.fetchError = new secondCopy.UnsupportedDocumentError('too large');
      f.source.pages[1]!.fetchError = new secondCopy.SourceError(
        'source_auth_failed',
        'Feed rejected the token',
      );
      // Another copy's classes indeed: the service's `instanceof` does not know them.
      expect(f.source.pages[1]!.fetchError).not.toBeInstanceOf(SourceError);
      const id = await f.create();
      await f.run();
      expect(await ingestion(id)).toMatchObject({
        status: 'failed',
        errorCode: 'source_auth_failed',
        errorMessage: 'Feed rejected the token',
        progress: { documentsUnsupported: 1 },
      });
    });

    it('resumes the listing from its checkpoint after a crash, counting every document once', async () => {
      f.source.pages = pages(10);
      // The listing job dies after 7 documents (checkpoint "2" was saved after the 6th), once.
      f.source.crashAfterDocuments = 7;
      const id = await f.create();
      await f.run();
      expect(f.source.discoverCalls).toEqual([null, '2']);
      expect(await f.queue.getJob(ingestJobId(id))).toMatchObject({
        state: 'completed',
        attempts: 2,
      });
      const done = await ingestion(id);
      expect(done?.status).toBe('succeeded');
      expect(done?.progress).toMatchObject({
        documentsDiscovered: 10,
        documentsProcessed: 10,
        chunksIndexed: 10,
      });
      expect(await f.index.countChunks(await collectionId())).toBe(10);
      // Nothing fetched twice: the batches recorded before the crash were not recorded again.
      expect([...f.source.fetches].sort()).toEqual(
        pages(10)
          .map((p) => p.id)
          .sort(),
      );
    });

    it('re-runs a batch interrupted mid-way without redoing the documents it committed', async () => {
      await f.close();
      await setUp({ batchDocuments: 4, embeddingBatch: 2 });
      f.source.pages = pages(4);
      f.source.batchSize = 4; // one listing page: one batch
      const embedded: string[] = [];
      const embed = f.embedder.embedDocuments.bind(f.embedder);
      let calls = 0;
      f.embedder.embedDocuments = async (texts) => {
        // The second call of the first attempt dies, after the first call's documents committed.
        if (++calls === 2) throw new Error('the worker died');
        embedded.push(...texts);
        return embed(texts);
      };
      const id = await f.create();
      await f.run();
      expect(await f.queue.getJob(ingestBatchJobId(id, 1))).toMatchObject({
        state: 'completed',
        attempts: 2,
      });
      expect((await ingestion(id))?.progress).toMatchObject({
        documentsDiscovered: 4,
        documentsProcessed: 4,
        documentsFailed: 0,
        documentsUnsupported: 0,
        chunksIndexed: 4,
      });
      // Pages 1 and 2 were committed by the first attempt: embedded once.
      expect(embedded.map((text) => text.split('\n')[0])).toEqual([
        'Page 1',
        'Page 2',
        'Page 3',
        'Page 4',
      ]);
      expect(await f.index.countChunks(await collectionId())).toBe(4);
    });

    it('lists unreadable documents in failures, in listing order, and goes on', async () => {
      f.source.pages = pages(4);
      f.source.pages[1] = { ...f.source.pages[1]!, broken: true };
      f.source.pages[2] = { ...f.source.pages[2]!, fetchError: new Error('ignored') };
      f.source.pages[2]!.broken = true;
      f.source.pages[2]!.fetchError = undefined;
      const id = await f.create();
      await f.run();
      expect((await f.service.get(f.accountId, 'docs', 'kb', id)).failures).toEqual([
        { docName: 'Page 2', sourceId: 'p2', message: 'the page body could not be parsed' },
        { docName: 'Page 3', sourceId: 'p3', message: 'the page body could not be parsed' },
      ]);
      expect((await ingestion(id))?.progress).toMatchObject({
        documentsProcessed: 2,
        documentsFailed: 2,
        documentsUnsupported: 0,
      });
    });

    it('hands a batch back when the worker stops, and does not count the interrupted fetch as failed', async () => {
      f.source.pages = pages(4);
      let stopped: Promise<void> | undefined;
      f.source.onFetch = {
        pageId: 'p2',
        run: async () => {
          if (stopped) return;
          stopped = f.stop();
          await new Promise((resolve) => setTimeout(resolve, 10));
          throw new DOMException('The operation was aborted.', 'AbortError');
        },
      };
      const id = await f.create();
      // Idle only once the worker runs again below.
      const firstRun = f.run();
      while (!stopped) await new Promise((resolve) => setTimeout(resolve, 5));
      await stopped;
      expect((await f.service.get(f.accountId, 'docs', 'kb', id)).failures).toEqual([]);
      expect(await f.queue.getJob(ingestBatchJobId(id, 1))).toMatchObject({
        state: 'waiting',
        attempts: 0,
      });

      await f.run();
      await firstRun;
      expect(await ingestion(id)).toMatchObject({
        status: 'succeeded',
        progress: { documentsProcessed: 4, documentsFailed: 0 },
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
        await f.create();
        await f.run();
        expect(await documentNames()).toEqual(expected);
      },
    );

    it('keeps no page links from a connector whose descriptor does not give them', async () => {
      f.source.pageLinks = false;
      f.source.pages = pages(1).map((p) => ({
        ...p,
        url: 'https://wiki.test/files/guide',
        pageUrlTemplate: 'https://wiki.test/files/guide.pdf#page={page}',
      }));
      await f.create();
      await f.run();
      const cid = await collectionId();
      const [document] = (await f.store.catalog.listDocuments(cid, { limit: 10 })).items;
      expect([document?.sourceUrl, document?.pageUrlTemplate]).toEqual([
        'https://wiki.test/files/guide',
        null,
      ]);
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
      await f.create();
      await f.run();
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
      await f.run();
      expect((await ingestion(second))?.progress).toMatchObject({
        documentsProcessed: 0,
        documentsSkipped: 3,
      });
      expect((await links())[0]).toEqual(['p1', 'https://wiki.test/archive/p1', null]);
    });

    it('waits out an index outage mid-ingestion, then indexes every document once', async () => {
      f.source.pages = pages(7);
      f.indexOutage = { afterWrites: 3, failures: 5, refused: 0 };
      const id = await f.create();
      await f.run();
      expect(f.indexOutage.refused).toBe(5);
      const done = await ingestion(id);
      expect(done).toMatchObject({ status: 'succeeded', errorCode: null });
      expect(done?.progress).toEqual({
        documentsDiscovered: 7,
        documentsProcessed: 7,
        documentsSkipped: 0,
        documentsFailed: 0,
        documentsUnsupported: 0,
        chunksIndexed: 7,
      });
      // The outage used up no attempt of any job.
      for (const seq of [1, 2, 3, 4]) {
        expect(await f.queue.getJob(ingestBatchJobId(id, seq))).toMatchObject({ attempts: 1 });
      }
      expect(await f.index.countChunks(await collectionId())).toBe(7);
    });

    it('fails with a clear message when the index stays unavailable past the limit', async () => {
      await setUp({ outageLimitMs: 30 });
      f.source.pages = pages(4);
      f.indexOutage = { afterWrites: 1, failures: Infinity, refused: 0 };
      const id = await f.create();
      await f.run();
      const done = await ingestion(id);
      expect(done).toMatchObject({ status: 'failed', errorCode: 'internal', secrets: null });
      expect(done?.errorMessage).toMatch(
        /^The search index stayed unavailable for \d+ s \(Elasticsearch bulk write: ConnectionError\); the documents indexed so far are kept/,
      );
      expect(done?.errorMessage).not.toContain('ECONNREFUSED');
    });

    it('stops waiting for the index when the ingestion is canceled', async () => {
      f.source.pages = pages(4);
      f.indexOutage = { afterWrites: 1, failures: Infinity, refused: 0 };
      const id = await f.create();
      const running = f.run();
      while (f.indexOutage.refused < 3) await new Promise((resolve) => setTimeout(resolve, 1));
      await f.service.cancel(f.accountId, 'docs', 'kb', id);
      await running;
      expect((await ingestion(id))?.status).toBe('canceled');
    });

    it('hands the batch back when the worker stops during an index outage', async () => {
      f.source.pages = pages(4);
      f.indexOutage = { afterWrites: 1, failures: Infinity, refused: 0 };
      const id = await f.create();
      const firstRun = f.run();
      while (f.indexOutage.refused < 3) await new Promise((resolve) => setTimeout(resolve, 1));
      await f.stop();
      expect((await ingestion(id))?.status).toBe('running');

      f.indexOutage = null;
      await f.run();
      await firstRun;
      expect((await ingestion(id))?.progress).toMatchObject({
        documentsProcessed: 4,
        documentsFailed: 0,
        documentsUnsupported: 0,
        chunksIndexed: 4,
      });
      expect(await f.index.countChunks(await collectionId())).toBe(4);
    });

    it('handles a document listed twice once', async () => {
      f.source.pages = [...pages(3), pages(3)[0]!];
      const id = await f.create();
      await f.run();
      expect((await ingestion(id))?.progress).toMatchObject({
        documentsDiscovered: 3,
        documentsProcessed: 3,
      });
      expect(f.source.fetches).toEqual(['p1', 'p2', 'p3']);
    });

    it('waits while another ingestion holds the collection, and takes over from its own jobs', async () => {
      f.source.pages = pages(2);
      const id = await f.create();
      const cid = await collectionId();
      await f.store.collectionLock.tryLock(cid, 'someone-else', 60_000, new Date());
      await expect(f.runJobOnce(INGEST_JOB.name, { ingestionId: id })).rejects.toBeInstanceOf(
        RetryLaterError,
      );
      expect((await ingestion(id))?.status).toBe('queued');
      await f.store.collectionLock.unlock(cid, 'someone-else');
      await f.run();
      expect((await ingestion(id))?.status).toBe('succeeded');
      // The end of the ingestion freed the collection.
      expect(await f.store.collectionLock.tryLock(cid, 'next', 60_000, new Date())).toBe(true);
    });

    it('ends canceled when canceled before it ran', async () => {
      f.source.pages = pages(2);
      const id = await f.create();
      const view = await f.service.cancel(f.accountId, 'docs', 'kb', id);
      expect(view).toMatchObject({ status: 'canceled', secrets: null });
      await f.run();
      expect(await documentNames()).toEqual([]);
      expect(await f.queue.getJob(ingestJobId(id))).toMatchObject({ state: 'canceled' });
    });

    it('fails with internal after the last attempt of an unexpected error, hiding its details', async () => {
      f.source.pages = pages(2);
      f.source.failAfterBatches = {
        batches: 0,
        error: new Error('TypeError deep inside with /etc/secret path'),
      };
      const id = await f.create();
      await f.run();
      const done = await ingestion(id);
      expect(done).toMatchObject({ status: 'failed', errorCode: 'internal' });
      expect(done?.errorMessage).not.toContain('/etc/secret');
      expect(await f.queue.getJob(ingestJobId(id))).toMatchObject({ attempts: 3 });
    });
  });

  describe('spread over concurrent jobs', () => {
    it('runs batches at the same time and commits every document once', async () => {
      await setUp({ concurrency: 3 });
      f.source.pages = pages(12);
      f.source.inlineContent = true;
      const id = await f.create();
      await f.run();
      expect(await ingestion(id)).toMatchObject({
        status: 'succeeded',
        progress: { documentsDiscovered: 12, documentsProcessed: 12, chunksIndexed: 12 },
      });
      // The listing carried the content: no batch fetched anything.
      expect(f.source.fetches).toEqual([]);
      expect(await f.index.countChunks(await collectionId())).toBe(12);
      expect(
        (await f.store.catalog.listDocuments(await collectionId(), { limit: 100 })).items,
      ).toHaveLength(12);
    });

    it("queues every job of an ingestion in its account's fairness group", async () => {
      await setUp({ concurrency: 2 });
      f.source.pages = pages(6);
      const enqueued: Array<{ name: string; group: string | undefined }> = [];
      const enqueue = f.queue.enqueue.bind(f.queue);
      jest.spyOn(f.queue, 'enqueue').mockImplementation((job, payload, options) => {
        enqueued.push({ name: job.name, group: options.group });
        return enqueue(job, payload, options);
      });
      const id = await f.create();
      await f.runJobOnce(INGEST_JOB.name, { ingestionId: id });
      await f.run();
      expect(await ingestion(id)).toMatchObject({ status: 'succeeded' });
      const names = enqueued.map(({ name }) => name);
      expect(new Set(names)).toEqual(new Set(['ingest', 'ingest-batch', 'ingest-finalize']));
      expect(enqueued.filter(({ group }) => group !== f.accountId)).toEqual([]);
    });

    it('hands the listing back when it is far enough ahead, and resumes it from its checkpoint', async () => {
      await setUp({ listingAheadBatches: 2, listingHandBackMs: 250 });
      f.source.pages = pages(12);
      f.source.batchSize = 2;
      const id = await f.create();
      await f.run();
      expect(await ingestion(id)).toMatchObject({
        status: 'succeeded',
        progress: { documentsDiscovered: 12, documentsProcessed: 12 },
      });
      // Handed back with two batches ahead, then resumed where it stopped: four turns.
      expect(f.source.discoverCalls).toEqual([null, '2', '4', '6']);
      expect(f.delays.filter((ms) => ms === 250)).toHaveLength(3);
      expect(await f.queue.getJob(ingestJobId(id))).toMatchObject({
        state: 'completed',
        attempts: 1,
      });
    });

    it('cancels within the running batch: waiting batches removed, nothing written after', async () => {
      await setUp({ concurrency: 2, listingAheadBatches: 100 });
      f.source.pages = pages(10);
      let id = '';
      f.source.onFetch = {
        pageId: 'p3',
        run: async () => {
          await f.service.cancel(f.accountId, 'docs', 'kb', id);
        },
      };
      id = await f.create();
      await f.run();
      const done = await ingestion(id);
      expect(done?.status).toBe('canceled');
      expect(done!.progress.documentsProcessed).toBeLessThan(10);
      // Documents committed before the cancel stay; none after it.
      expect(await f.index.countChunks(await collectionId())).toBe(done!.progress.chunksIndexed);
      const states = await Promise.all(
        [1, 2, 3, 4, 5].map(
          async (seq) => (await f.queue.getJob(ingestBatchJobId(id, seq)))?.state,
        ),
      );
      expect(states.filter((state) => state === 'canceled').length).toBeGreaterThanOrEqual(2);
      expect(await f.queue.getJob(finalizeJobId(id))).toBeNull();
      // The collection is free for the next ingestion at once.
      expect(
        await f.store.collectionLock.tryLock(await collectionId(), 'next', 60_000, new Date()),
      ).toBe(true);
    });

    it('stops a source whose documents keep failing across batches at the tenth in a row', async () => {
      // Batches of two: no session ever sees ten failures; the ledger's tally does.
      await setUp({ concurrency: 2 });
      f.source.pages = pages(30).map((p, i) => ({ ...p, fetchError: unreachable(i) }));
      const id = await f.create();
      await f.run();
      const done = await f.service.get(f.accountId, 'docs', 'kb', id);
      expect(done).toMatchObject({ status: 'failed', errorCode: 'source_unreachable' });
      expect(done.errorMessage).toMatch(
        /^Feed failed to serve 10 documents in a row, so the ingestion stopped: the source looks unavailable, try again later\. The last, "Page \d+": Feed at feed\.test answered HTTP 503/,
      );
      expect(done.failures.length).toBeLessThan(12);
      expect(f.source.fetches.length).toBeLessThan(14);
    });

    it("counts a second SDK copy's request failures toward the source-outage rule", async () => {
      await setUp({ concurrency: 2 });
      f.source.pages = pages(30).map((p, i) => ({
        ...p,
        fetchError: new secondCopy.DocumentRequestError(
          'source_unreachable',
          `Feed at feed.test answered HTTP 503 for ${i}`,
          { status: 503, source: 'Feed' },
        ),
      }));
      const id = await f.create();
      await f.run();
      const done = await f.service.get(f.accountId, 'docs', 'kb', id);
      expect(done).toMatchObject({ status: 'failed', errorCode: 'source_unreachable' });
      expect(done.errorMessage).toMatch(/^Feed failed to serve 10 documents in a row/);
    });

    it('does not stop a source whose failures are scattered', async () => {
      await setUp({ concurrency: 2 });
      f.source.pages = pages(30).map((p, i) =>
        i % 4 === 0 ? { ...p, fetchError: unreachable(i) } : p,
      );
      const id = await f.create();
      await f.run();
      expect(await ingestion(id)).toMatchObject({
        status: 'succeeded',
        progress: { documentsProcessed: 22, documentsFailed: 8 },
      });
    });

    it('keeps a second ingestion into the collection waiting until the first ended', async () => {
      await setUp({ concurrency: 3 });
      f.source.pages = pages(8);
      const first = await f.create();
      const second = await f.create();
      await f.run();
      const [a, b] = [await ingestion(first), await ingestion(second)];
      expect(a?.status).toBe('succeeded');
      expect(b?.status).toBe('succeeded');
      // The second started after the first finished, and found everything unchanged.
      expect(b!.startedAt!.getTime()).toBeGreaterThanOrEqual(a!.finishedAt!.getTime());
      expect(b?.progress).toMatchObject({ documentsSkipped: 8, documentsProcessed: 0 });
    });
  });
});
