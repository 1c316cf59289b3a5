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
      expect(await progressOf(ing.id)).toEqual({
        documentsDiscovered: 4,
        documentsProcessed: 1,
        documentsSkipped: 1,
        documentsFailed: 2,
        chunksIndexed: 3,
      });
      expect(await store().ingestions.listFailures(ing.id, 10)).toEqual([
        { docName: 'Bad', sourceId: 's3', message: 'unparseable' },
        { docName: null, sourceId: 's4', message: 'gone' },
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
      await ledger().saveCheckpoint(ing.id, 'page-2');
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
      await ledger().saveCheckpoint(ing.id, 'page-2');
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
      expect(await ledger().admitDocument(listed(ing.id, c.id, 'a'))).toBe('index');
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
  });
}
