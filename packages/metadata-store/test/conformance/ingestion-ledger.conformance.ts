import { IngestionFencedError, ingestionLeaseHolder } from '../../src';
import {
  freshStore,
  listed,
  processed,
  seedCollection,
  seedIngestion,
  t0,
  type OpenMetadataStore,
} from './fixture';

/** IngestionLedger: what every adapter of the runner's ledger must do. */
export function describeIngestionLedgerConformance(adapterName: string, open: OpenMetadataStore) {
  describe(`IngestionLedger conformance: ${adapterName}`, () => {
    const store = freshStore(open);
    const ledger = () => store().ledger;
    const progressOf = async (id: string) => (await ledger().getIngestion(id))?.progress;

    async function seed() {
      const { account, collection } = await seedCollection(store());
      const ingestion = await seedIngestion(store(), collection.id, account.id);
      return { account, c: collection, ing: ingestion };
    }

    it('counts each listed document once, whatever the number of retries', async () => {
      const { account, c, ing: earlier } = await seed();
      // s2 was indexed at version 1 by an earlier ingestion.
      await ledger().commitProcessed(processed(earlier.id, c.id, 's2'));
      const ing = await seedIngestion(store(), c.id, account.id);
      expect(await ledger().admitDocument(listed(ing.id, c.id, 's1'))).toBe('index');
      // Listed again before it was settled (a crash in between): still to index.
      expect(await ledger().admitDocument(listed(ing.id, c.id, 's1'))).toBe('index');
      await ledger().commitProcessed(processed(ing.id, c.id, 's1'));
      await ledger().commitProcessed(processed(ing.id, c.id, 's1'));
      expect(await ledger().admitDocument(listed(ing.id, c.id, 's1'))).toBe('settled');
      expect(await ledger().admitDocument(listed(ing.id, c.id, 's2'))).toBe('unchanged');
      expect(await ledger().admitDocument(listed(ing.id, c.id, 's2'))).toBe('settled');
      await ledger().admitDocument(listed(ing.id, c.id, 's3'));
      const failure = {
        ingestionId: ing.id,
        sourceId: 's3',
        docName: 'Bad',
        message: 'unparseable',
      };
      await ledger().recordFailure(failure);
      await ledger().recordFailure(failure);
      expect(await ledger().admitDocument(listed(ing.id, c.id, 's3'))).toBe('settled');
      // A failure reported by the listing itself, never admitted.
      await ledger().recordFailure({
        ingestionId: ing.id,
        sourceId: 's4',
        docName: null,
        message: 'gone',
      });
      // Skipped by rule (a type Docent does not read), twice: counted once, apart.
      const unsupported = {
        ingestionId: ing.id,
        sourceId: 's5',
        docName: 'map.png',
        message: 'unsupported file type (image/png)',
        unsupported: true,
      };
      await ledger().recordFailure(unsupported);
      await ledger().recordFailure(unsupported);
      expect(await progressOf(ing.id)).toEqual({
        documentsDiscovered: 5,
        documentsProcessed: 1,
        documentsSkipped: 1,
        documentsFailed: 2,
        documentsUnsupported: 1,
        chunksIndexed: 3,
      });
      expect(await store().ingestions.listFailures(ing.id, 10)).toEqual([
        { docName: 'Bad', sourceId: 's3', message: 'unparseable' },
        { docName: null, sourceId: 's4', message: 'gone' },
      ]);
      expect(await store().ingestions.listUnsupported(ing.id, 10)).toEqual([
        { docName: 'map.png', sourceId: 's5', message: 'unsupported file type (image/png)' },
      ]);
    });

    it('indexes a document again when its version changed', async () => {
      const { account, c, ing: earlier } = await seed();
      await ledger().commitProcessed(processed(earlier.id, c.id, 'a'));
      const ing = await seedIngestion(store(), c.id, account.id);
      expect(await ledger().admitDocument(listed(ing.id, c.id, 'a', '2'))).toBe('index');
      // Same source id under another source key: another document.
      expect(await ledger().admitDocument({ ...listed(ing.id, c.id, 'b'), sourceKey: 'k2' })).toBe(
        'index',
      );
    });

    it('gives the version a source document was indexed at, for conditional requests', async () => {
      const { c, ing } = await seed();
      await ledger().commitProcessed(processed(ing.id, c.id, 'a', { version: 'etag:"v7"' }));
      expect(await ledger().indexedVersion(c.id, 'k1', 'a')).toBe('etag:"v7"');
      expect(await ledger().indexedVersion(c.id, 'k2', 'a')).toBeNull();
      expect(await ledger().indexedVersion(c.id, 'k1', 'b')).toBeNull();
    });

    it('stores document links, and takes new ones even when the version is unchanged', async () => {
      const { account, c, ing: earlier } = await seed();
      const template = 'https://wiki.example/download/a.pdf?version=1#page={page}';
      await ledger().commitProcessed(
        processed(earlier.id, c.id, 'a', {
          desiredName: 'Guide',
          sourceUrl: 'https://wiki.example/a',
          pageUrlTemplate: template,
        }),
      );
      const find = () => store().catalog.findDocumentByName(c.id, 'Guide');
      expect(await find()).toMatchObject({
        sourceUrl: 'https://wiki.example/a',
        pageUrlTemplate: template,
      });
      // Moved without a new version: the listing's links replace the stored ones.
      const ing = await seedIngestion(store(), c.id, account.id);
      const moved = { sourceUrl: 'https://wiki.example/moved/a', pageUrlTemplate: null };
      expect(await ledger().admitDocument({ ...listed(ing.id, c.id, 'a'), links: moved })).toBe(
        'unchanged',
      );
      expect(await find()).toMatchObject(moved);
      // A listing that says nothing about links leaves them alone.
      const third = await seedIngestion(store(), c.id, account.id);
      expect(await ledger().admitDocument(listed(third.id, c.id, 'a'))).toBe('unchanged');
      expect(await find()).toMatchObject(moved);
    });

    it('keeps warnings apart from failures, and they change no counter', async () => {
      const { c, ing } = await seed();
      await ledger().admitDocument(listed(ing.id, c.id, 'scan'));
      await ledger().commitProcessed(
        processed(ing.id, c.id, 'scan', { desiredName: 'Scan', warning: 'page 2 has no text' }),
      );
      expect(await store().ingestions.listWarnings(ing.id, 10)).toEqual([
        { docName: 'Scan', sourceId: 'scan', message: 'page 2 has no text' },
      ]);
      expect(await store().ingestions.listFailures(ing.id, 10)).toEqual([]);
      expect(await progressOf(ing.id)).toMatchObject({
        documentsProcessed: 1,
        documentsFailed: 0,
        documentsUnsupported: 0,
      });
    });

    it('creates documents with unique names and keeps a name across updates', async () => {
      const { c, ing } = await seed();
      const commit = (sourceId: string, overrides: Parameters<typeof processed>[3]) =>
        ledger().commitProcessed(processed(ing.id, c.id, sourceId, overrides));
      const d1 = await commit('a', { desiredName: 'Runbook' });
      const d2 = await commit('b', { desiredName: 'Runbook' });
      const d3 = await commit('c', { desiredName: 'Runbook' });
      expect([d1.name, d2.name, d3.name]).toEqual(['Runbook', 'Runbook (2)', 'Runbook (3)']);
      const updated = await commit('b', {
        desiredName: 'Something else',
        version: '2',
        chunkCount: 7,
      });
      expect(updated).toMatchObject({ name: 'Runbook (2)', version: '2', chunkCount: 7 });
      // File names keep their extension last; titles that merely contain a dot do not.
      const f1 = await commit('f1', { desiredName: 'report.pdf', nameStyle: 'file' });
      const f2 = await commit('f2', { desiredName: 'report.pdf', nameStyle: 'file' });
      const t2 = await commit('t2', { desiredName: 'report.pdf', nameStyle: 'title' });
      expect([f1.name, f2.name, t2.name]).toEqual([
        'report.pdf',
        'report (2).pdf',
        'report.pdf (2)',
      ]);
      // A freed name goes to the next new document.
      await store().catalog.deleteDocument(d1.id);
      const d4 = await commit('d', { desiredName: 'Runbook' });
      expect(d4.name).toBe('Runbook');
      expect(await store().catalog.findDocumentByName(c.id, 'Runbook (3)')).toMatchObject({
        sourceId: 'c',
      });
      expect(await store().catalog.findDocumentByName(c.id, 'Runbook (2)')).toMatchObject({
        sourceId: 'b',
      });
    });

    it('names documents without the bidi controls that spoof titles', async () => {
      const { c, ing } = await seed();
      const commit = (sourceId: string, desiredName: string) =>
        ledger().commitProcessed(processed(ing.id, c.id, sourceId, { desiredName }));
      // Shown raw, "Invoice \u202Efdp.exe" reads "Invoice exe.pdf".
      expect((await commit('a', 'Invoice \u202Efdp.exe')).name).toBe('Invoice fdp.exe');
      // Two titles that differ only by invisible controls still get distinct names.
      expect((await commit('b', 'Invoice \u2066fdp.exe\u2069')).name).toBe('Invoice fdp.exe (2)');
      expect((await commit('c', 'Tabs\tand\u0007 bells')).name).toBe('Tabs and bells');
    });

    it('treats names that only look alike as distinct', async () => {
      const { c, ing } = await seed();
      const a = await ledger().commitProcessed(
        processed(ing.id, c.id, 'a', { desiredName: '100% done_x' }),
      );
      const b = await ledger().commitProcessed(
        processed(ing.id, c.id, 'b', { desiredName: '100x done_x' }),
      );
      expect([a.name, b.name]).toEqual(['100% done_x', '100x done_x']);
    });

    it('lists the documents a complete listing did not see', async () => {
      const { account, c, ing: first } = await seed();
      for (const id of ['a', 'b', 'c']) {
        await ledger().admitDocument(listed(first.id, c.id, id));
        await ledger().commitProcessed(processed(first.id, c.id, id));
      }
      // Another source's document in the same collection is never a candidate.
      await ledger().commitProcessed(processed(first.id, c.id, 'x', { sourceKey: 'k2' }));
      const second = await seedIngestion(store(), c.id, account.id);
      await ledger().admitDocument(listed(second.id, c.id, 'a'));
      await ledger().admitDocument(listed(second.id, c.id, 'c'));
      const gone = await ledger().listDocumentsNotSeen(c.id, 'k1', second.id);
      expect(gone.map((d) => d.sourceId)).toEqual(['b']);
      await ledger().deleteDocument(gone[0]!.id);
      expect(await ledger().listDocumentsNotSeen(c.id, 'k1', second.id)).toEqual([]);
    });

    it('starts and ends an ingestion only from the expected statuses', async () => {
      const { c, ing } = await seed();
      const started = new Date('2026-01-02T04:00:00Z');
      expect(await ledger().startIngestion(ing.id, started)).toBe(true);
      // A resumed ingestion keeps its first start time.
      expect(await ledger().startIngestion(ing.id, new Date())).toBe(true);
      expect((await ledger().getIngestion(ing.id))?.startedAt?.toISOString()).toBe(
        started.toISOString(),
      );
      await ledger().recordListing({ ingestionId: ing.id, batches: [], checkpoint: 'page-2' });
      expect((await ledger().getIngestion(ing.id))?.checkpoint).toBe('page-2');
      await ledger().admitDocument(listed(ing.id, c.id, 'a'));
      await ledger().commitProcessed(processed(ing.id, c.id, 'a'));
      const error = { code: 'source_auth_failed' as const, message: 'HTTP 401' };
      expect(
        await ledger().endIngestion(ing.id, ['queued'], 'failed', { at: t0, error }),
      ).toBeNull();
      expect((await ledger().getIngestion(ing.id))?.checkpoint).toBe('page-2');
      const progress = await ledger().endIngestion(ing.id, ['queued', 'running'], 'failed', {
        at: t0,
        error,
      });
      expect(progress).toMatchObject({ documentsDiscovered: 1, documentsProcessed: 1 });
      expect(
        await ledger().endIngestion(ing.id, ['queued', 'running'], 'canceled', {
          at: t0,
          error: null,
        }),
      ).toBeNull();
      expect(await ledger().startIngestion(ing.id, new Date())).toBe(false);
      const done = await ledger().getIngestion(ing.id);
      expect(done).toMatchObject({
        status: 'failed',
        errorCode: 'source_auth_failed',
        errorMessage: 'HTTP 401',
        secrets: null,
        checkpoint: null,
        // The counters stay; the per-document bookkeeping went.
        progress: { documentsDiscovered: 1, documentsProcessed: 1 },
      });
      expect(done?.finishedAt?.toISOString()).toBe(t0.toISOString());
      expect(
        (await ledger().listDocumentsNotSeen(c.id, 'k1', ing.id)).map((d) => d.sourceId),
      ).toEqual(['a']);
    });

    it('drops the bookkeeping of an ingestion someone else ended', async () => {
      const { c, ing } = await seed();
      await ledger().startIngestion(ing.id, t0);
      await ledger().recordListing({ ingestionId: ing.id, batches: [], checkpoint: 'page-2' });
      await ledger().admitDocument(listed(ing.id, c.id, 'a'));
      await store().ingestions.cancelIngestion(ing.id, t0);
      expect(
        await ledger().endIngestion(ing.id, ['queued', 'running'], 'canceled', {
          at: new Date(),
          error: null,
        }),
      ).toBeNull();
      expect(await ledger().getIngestion(ing.id)).toMatchObject({
        status: 'canceled',
        checkpoint: null,
        finishedAt: t0,
      });
      expect(await ledger().listDocumentsNotSeen(c.id, 'k1', ing.id)).toEqual([]);
      await expect(ledger().admitDocument(listed(ing.id, c.id, 'a'))).rejects.toBeInstanceOf(
        IngestionFencedError,
      );
    });

    it('records nothing a batch commits after its ingestion was canceled', async () => {
      const { account, c, ing: earlier } = await seed();
      // 'old' was indexed at version 1 by an earlier ingestion.
      await ledger().commitProcessed(processed(earlier.id, c.id, 'old'));
      const ing = await seedIngestion(store(), c.id, account.id);
      await ledger().startIngestion(ing.id, t0);
      for (const id of ['a', 'b', 'old']) await ledger().admitDocument(listed(ing.id, c.id, id));
      await ledger().commitProcessed(processed(ing.id, c.id, 'a'));
      await store().ingestions.cancelIngestion(ing.id, t0);
      const before = await progressOf(ing.id);
      // The batch was indexing 'b' when the cancel came: nothing of it is recorded (the batch
      // removes it from the index).
      const fenced = await ledger()
        .commitProcessed(processed(ing.id, c.id, 'b'))
        .catch((error: unknown) => error);
      expect(fenced).toBeInstanceOf(IngestionFencedError);
      expect(fenced).toMatchObject({ why: 'ended', adopted: false });
      // A document the catalog lists already takes the version the index now holds; the
      // canceled ingestion's counters do not move.
      const adopted = await ledger()
        .commitProcessed(processed(ing.id, c.id, 'old', { version: '2', chunkCount: 7 }))
        .catch((error: unknown) => error);
      expect(adopted).toMatchObject({ why: 'ended', adopted: true });
      await expect(
        ledger().recordFailure({ ingestionId: ing.id, sourceId: 'c', docName: 'C', message: 'x' }),
      ).rejects.toBeInstanceOf(IngestionFencedError);
      await expect(ledger().admitDocument(listed(ing.id, c.id, 'd'))).rejects.toBeInstanceOf(
        IngestionFencedError,
      );
      expect(await progressOf(ing.id)).toEqual(before);
      expect(before).toMatchObject({ documentsProcessed: 1, documentsFailed: 0 });
      const documents = (await store().catalog.listDocuments(c.id, { limit: 10 })).items;
      expect(documents.map((d) => [d.sourceId, d.version, d.chunkCount]).sort()).toEqual([
        ['a', '1', 3],
        ['old', '2', 7],
      ]);
    });

    it('records nothing for an ingestion whose collection another holder took', async () => {
      const { c, ing } = await seed();
      await ledger().startIngestion(ing.id, t0);
      await ledger().admitDocument(listed(ing.id, c.id, 'a'));
      // Its own lease, even lapsed, is no obstacle.
      await store().collectionLock.tryLock(c.id, ingestionLeaseHolder(ing.id), 1, t0);
      await ledger().commitProcessed(processed(ing.id, c.id, 'a'));
      // A newer ingestion took the collection over after the lease lapsed.
      expect(
        await store().collectionLock.tryLock(c.id, 'ingestion:newer', 60_000, new Date()),
      ).toBe(true);
      await ledger()
        .admitDocument(listed(ing.id, c.id, 'b'))
        .catch(() => undefined);
      await expect(ledger().commitProcessed(processed(ing.id, c.id, 'b'))).rejects.toMatchObject({
        name: 'IngestionFencedError',
        why: 'superseded',
      });
      await expect(
        ledger().recordListing({ ingestionId: ing.id, batches: [] }),
      ).rejects.toBeInstanceOf(IngestionFencedError);
      expect(await progressOf(ing.id)).toMatchObject({ documentsProcessed: 1 });
    });

    it('notes when an ingestion last moved on', async () => {
      const { c, ing } = await seed();
      expect((await ledger().getIngestion(ing.id))?.progressAt).toBeNull();
      await ledger().startIngestion(ing.id, t0);
      expect((await ledger().getIngestion(ing.id))?.progressAt?.toISOString()).toBe(
        t0.toISOString(),
      );
      const before = Date.now();
      await ledger().admitDocument(listed(ing.id, c.id, 'a'));
      const after = (await ledger().getIngestion(ing.id))?.progressAt?.getTime() ?? 0;
      expect(after).toBeGreaterThanOrEqual(before - 1_000);
    });

    it('serialises concurrent writers without losing counts', async () => {
      const { account, c, ing: earlier } = await seed();
      // The odd documents were indexed before, at the version listed now.
      for (let i = 1; i < 40; i += 2) {
        await ledger().commitProcessed(processed(earlier.id, c.id, `s${i}`));
      }
      const ing = await seedIngestion(store(), c.id, account.id);
      await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const action = await ledger().admitDocument(listed(ing.id, c.id, `s${i}`));
          if (action === 'index') {
            await ledger().commitProcessed(
              processed(ing.id, c.id, `s${i}`, { desiredName: 'Same' }),
            );
          }
        }),
      );
      expect(await progressOf(ing.id)).toMatchObject({
        documentsDiscovered: 40,
        documentsProcessed: 20,
        documentsSkipped: 20,
        chunksIndexed: 60,
      });
      const names = (await store().catalog.listDocuments(c.id, { limit: 100 })).items
        .map((d) => d.name)
        .filter((name) => name.startsWith('Same'));
      expect(new Set(names).size).toBe(20);
    });

    describe('batches', () => {
      const batch = (...sourceIds: string[]) => ({
        sourceIds,
        payload: JSON.stringify({ refs: sourceIds }),
      });

      async function listedIngestion(...sourceIds: string[]) {
        const { c, ing } = await seed();
        await ledger().startIngestion(ing.id, t0);
        for (const id of sourceIds) await ledger().admitDocument(listed(ing.id, c.id, id));
        return { c, ing };
      }

      it('records batches with the checkpoint, and a re-listing settles nothing twice', async () => {
        const { c, ing } = await listedIngestion('a', 'b', 'c');
        const first = await ledger().recordListing({
          ingestionId: ing.id,
          batches: [batch('a', 'b'), batch('c')],
          checkpoint: 'page-2',
        });
        expect(first).toEqual({
          seqs: [1, 2],
          progress: {
            listingEnd: null,
            batchesRecorded: 2,
            batchesCommitted: 0,
            finalizeDue: false,
            finalizeGeneration: 0,
          },
        });
        expect((await ledger().getIngestion(ing.id))?.checkpoint).toBe('page-2');
        // A listing resumed before this checkpoint lists them again: they are in a batch already.
        expect(await ledger().admitDocument(listed(ing.id, c.id, 'a'))).toBe('settled');
        const second = await ledger().recordListing({ ingestionId: ing.id, batches: [] });
        expect(second.seqs).toEqual([]);
        expect(await ledger().getBatch(ing.id, 1)).toEqual({
          seq: 1,
          committed: false,
          payload: JSON.stringify({ refs: ['a', 'b'] }),
          unsettled: ['a', 'b'],
        });
        expect(await ledger().getBatch(ing.id, 3)).toBeNull();
        expect(await ledger().listPendingBatches(ing.id)).toEqual([
          { seq: 1, generation: 0 },
          { seq: 2, generation: 0 },
        ]);
        expect(await progressOf(ing.id)).toMatchObject({ documentsDiscovered: 3 });
      });

      it('tells the settled documents of a batch a crashed attempt left', async () => {
        const { c, ing } = await listedIngestion('a', 'b', 'c');
        await ledger().recordListing({ ingestionId: ing.id, batches: [batch('a', 'b', 'c')] });
        await ledger().commitProcessed(processed(ing.id, c.id, 'a'));
        await ledger().recordFailure({
          ingestionId: ing.id,
          sourceId: 'c',
          docName: 'C',
          message: 'unreadable',
        });
        expect((await ledger().getBatch(ing.id, 1))?.unsettled).toEqual(['b']);
        expect(await progressOf(ing.id)).toMatchObject({
          documentsDiscovered: 3,
          documentsProcessed: 1,
          documentsFailed: 1,
          documentsUnsupported: 0,
        });
      });

      it('commits a batch once, naming its worker, and drops its payload', async () => {
        const { ing } = await listedIngestion('a', 'b');
        await ledger().recordListing({ ingestionId: ing.id, batches: [batch('a'), batch('b')] });
        const once = await ledger().commitBatch(ing.id, 1, 'worker-1', t0);
        const twice = await ledger().commitBatch(ing.id, 1, 'worker-2', t0);
        expect(once).toMatchObject({ committedNow: true, progress: { batchesCommitted: 1 } });
        expect(twice).toMatchObject({ committedNow: false, progress: { batchesCommitted: 1 } });
        expect(await ledger().getBatch(ing.id, 1)).toMatchObject({
          committed: true,
          payload: null,
        });
        expect(await ledger().listPendingBatches(ing.id)).toEqual([{ seq: 2, generation: 0 }]);
      });

      it('makes the finalize step due once the listing ended and every batch committed', async () => {
        const { ing } = await listedIngestion('a', 'b');
        await ledger().recordListing({ ingestionId: ing.id, batches: [batch('a')] });
        // The last batch commits before the listing ends: not due yet.
        expect((await ledger().commitBatch(ing.id, 1, 'w', t0)).progress.finalizeDue).toBe(false);
        const end = await ledger().recordListing({
          ingestionId: ing.id,
          batches: [batch('b')],
          end: 'complete',
        });
        expect(end.progress).toMatchObject({ listingEnd: 'complete', finalizeDue: false });
        expect((await ledger().commitBatch(ing.id, 2, 'w', t0)).progress.finalizeDue).toBe(true);
        // The end is set once.
        await ledger().recordListing({ ingestionId: ing.id, batches: [], end: 'incomplete' });
        expect(await ledger().batchProgress(ing.id)).toEqual({
          listingEnd: 'complete',
          batchesRecorded: 2,
          batchesCommitted: 2,
          finalizeDue: true,
          finalizeGeneration: 0,
        });
      });

      it('lets the last of concurrent commits and the listing end see it due', async () => {
        const ids = Array.from({ length: 12 }, (_, i) => `s${i}`);
        const { ing } = await listedIngestion(...ids);
        await ledger().recordListing({
          ingestionId: ing.id,
          batches: ids.map((id) => batch(id)),
        });
        // Whichever of them comes last, and only it, sees the others: the step is enqueued.
        const outcomes = await Promise.all([
          ...ids.map((_, i) =>
            ledger()
              .commitBatch(ing.id, i + 1, `w${i % 2}`, t0)
              .then((r) => r.progress.finalizeDue),
          ),
          ledger()
            .recordListing({ ingestionId: ing.id, batches: [], end: 'complete' })
            .then((r) => r.progress.finalizeDue),
        ]);
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        expect(await ledger().batchProgress(ing.id)).toMatchObject({
          batchesCommitted: 12,
          finalizeDue: true,
        });
      });

      it('records nothing for an ingestion that ended, and keeps its pending batches to clean up', async () => {
        const { c, ing } = await listedIngestion('a', 'b', 'c');
        await ledger().recordListing({
          ingestionId: ing.id,
          batches: [batch('a', 'b'), batch('c')],
        });
        await ledger().commitProcessed(processed(ing.id, c.id, 'a'));
        await ledger()
          .commitBatch(ing.id, 2, 'w', t0)
          .catch(() => undefined);
        await store().ingestions.cancelIngestion(ing.id, t0);
        await expect(
          ledger().recordListing({ ingestionId: ing.id, batches: [], checkpoint: 'late' }),
        ).rejects.toBeInstanceOf(IngestionFencedError);
        await expect(ledger().commitBatch(ing.id, 1, 'w', t0)).rejects.toBeInstanceOf(
          IngestionFencedError,
        );
        expect((await ledger().getIngestion(ing.id))?.checkpoint).toBeNull();
        await ledger().endIngestion(ing.id, ['queued', 'running'], 'canceled', {
          at: t0,
          error: null,
        });
        expect(await ledger().getBatch(ing.id, 1)).toBeNull();
        expect(await ledger().listPendingBatches(ing.id)).toEqual([]);
        // The batch left pending is abandoned: its documents the catalog does not list are what
        // an interrupted attempt may have left in the index.
        const abandoned = await store().reconciliation.listAbandonedBatches(10);
        expect(abandoned).toEqual([
          { ingestionId: ing.id, seq: 1, collectionId: c.id, sourceKey: 'k1', unlisted: ['b'] },
        ]);
        await store().reconciliation.forgetAbandonedBatch(ing.id, 1);
        expect(await store().reconciliation.listAbandonedBatches(10)).toEqual([]);
      });
    });

    describe('reconciliation', () => {
      const reconciliation = () => store().reconciliation;

      it('lists the active ingestions with what their jobs should be', async () => {
        const { account, c, ing } = await seed();
        await ledger().startIngestion(ing.id, t0);
        for (const id of ['a', 'b']) await ledger().admitDocument(listed(ing.id, c.id, id));
        await ledger().recordListing({
          ingestionId: ing.id,
          batches: [
            { sourceIds: ['a'], payload: 'a' },
            { sourceIds: ['b'], payload: 'b' },
          ],
          end: 'complete',
        });
        await ledger().commitBatch(ing.id, 1, 'w', t0);
        const queued = await seedIngestion(store(), c.id, account.id);
        const ended = await seedIngestion(store(), c.id, account.id);
        await store().ingestions.cancelIngestion(ended.id, t0);
        const active = await reconciliation().listActiveIngestions();
        expect(active.map((i) => i.id)).toEqual([ing.id, queued.id].sort());
        expect(active.find((i) => i.id === ing.id)).toMatchObject({
          collectionId: c.id,
          sourceKey: 'k1',
          status: 'running',
          listingEnd: 'complete',
          listingGeneration: 0,
          finalizeDue: false,
          finalizeGeneration: 0,
          pendingBatches: [{ seq: 2, generation: 0 }],
        });
        expect(active.find((i) => i.id === queued.id)).toMatchObject({
          status: 'queued',
          progressAt: null,
          listingEnd: null,
          pendingBatches: [],
        });
      });

      it('advances a job generation once, however many reconcilers try', async () => {
        const { c, ing } = await seed();
        await ledger().startIngestion(ing.id, t0);
        await ledger().admitDocument(listed(ing.id, c.id, 'a'));
        await ledger().recordListing({
          ingestionId: ing.id,
          batches: [{ sourceIds: ['a'], payload: 'a' }],
        });
        for (const job of [
          { kind: 'listing' },
          { kind: 'finalize' },
          { kind: 'batch', seq: 1 },
        ] as const) {
          const tries = await Promise.all(
            [0, 0, 0].map((from) => reconciliation().advanceJobGeneration(ing.id, job, from)),
          );
          expect(tries).toEqual([1, 1, 1]);
          expect(await reconciliation().advanceJobGeneration(ing.id, job, 1)).toBe(2);
        }
        expect(await ledger().getIngestion(ing.id)).toMatchObject({
          listingGeneration: 2,
          finalizeGeneration: 2,
        });
        expect(await ledger().listPendingBatches(ing.id)).toEqual([{ seq: 1, generation: 2 }]);
        expect((await ledger().batchProgress(ing.id)).finalizeGeneration).toBe(2);
      });
    });

    it('tallies document fetches across workers: the streak and the window', async () => {
      const { ing } = await seed();
      const note = (failed: boolean, window = 5) =>
        ledger().noteDocumentFetch(ing.id, failed, window);
      expect(await note(true)).toEqual({ streak: 1, failures: 1, window: 1 });
      expect(await note(true)).toEqual({ streak: 2, failures: 2, window: 2 });
      expect(await note(false)).toEqual({ streak: 0, failures: 2, window: 3 });
      await Promise.all([note(true), note(true), note(true)]);
      // The window keeps the last five: 1, 0, 1, 1, 1.
      expect(await note(true)).toEqual({ streak: 4, failures: 4, window: 5 });
    });

    it('lists the documents not seen a page at a time', async () => {
      const { account, c, ing: first } = await seed();
      for (const id of ['a', 'b', 'c']) {
        await ledger().commitProcessed(processed(first.id, c.id, id));
      }
      const second = await seedIngestion(store(), c.id, account.id);
      const page = await ledger().listDocumentsNotSeen(c.id, 'k1', second.id, 2);
      expect(page).toHaveLength(2);
      for (const document of page) await ledger().deleteDocument(document.id);
      expect(await ledger().listDocumentsNotSeen(c.id, 'k1', second.id, 2)).toHaveLength(1);
    });
  });
}
