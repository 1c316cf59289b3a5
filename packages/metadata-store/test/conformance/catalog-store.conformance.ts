import {
  freshStore,
  listed,
  processed,
  seedCollection,
  seedIngestion,
  t0,
  type OpenMetadataStore,
} from './fixture';

/** CollectionDirectory, CatalogStore and DocumentLookup: what every catalog adapter must do. */
export function describeCatalogStoreConformance(adapterName: string, open: OpenMetadataStore) {
  describe(`Catalog store conformance: ${adapterName}`, () => {
    const store = freshStore(open);
    const catalog = () => store().catalog;

    it('ensures namespaces and collections idempotently', async () => {
      const a = await store().accounts.ensureAccount('acme');
      const n1 = await catalog().ensureNamespace(a.id, 'docs', t0);
      expect((await catalog().ensureNamespace(a.id, 'docs', t0)).id).toBe(n1.id);
      const c1 = await catalog().ensureCollection(n1.id, 'handbook', t0);
      expect((await catalog().ensureCollection(n1.id, 'handbook', t0)).id).toBe(c1.id);
      const found = await catalog().findCollection(n1.id, 'handbook');
      expect(found).toMatchObject({ id: c1.id });
      expect(found?.createdAt.toISOString()).toBe(t0.toISOString());
      expect(await catalog().findCollection(n1.id, 'nope')).toBeNull();
    });

    it('keeps namespaces of different accounts apart', async () => {
      const a = await store().accounts.ensureAccount('a');
      const b = await store().accounts.ensureAccount('b');
      const na = await catalog().ensureNamespace(a.id, 'docs', t0);
      const nb = await catalog().ensureNamespace(b.id, 'docs', t0);
      expect(na.id).not.toBe(nb.id);
      expect(await catalog().findNamespace(b.id, 'docs')).toMatchObject({ id: nb.id });
      expect(await catalog().findNamespace(a.id, 'nope')).toBeNull();
    });

    it('pages documents and collections by name', async () => {
      const { account, namespace, collection: c } = await seedCollection(store());
      const ing = await seedIngestion(store(), c.id, account.id);
      for (const id of ['c', 'a', 'e', 'b', 'd']) {
        await store().ledger.commitProcessed(
          processed(ing.id, c.id, id, { desiredName: id.toUpperCase() }),
        );
      }
      const p1 = await catalog().listDocuments(c.id, { limit: 2 });
      expect(p1.items.map((d) => d.name)).toEqual(['A', 'B']);
      const p2 = await catalog().listDocuments(c.id, { limit: 2, after: p1.nextAfter! });
      expect(p2.items.map((d) => d.name)).toEqual(['C', 'D']);
      const p3 = await catalog().listDocuments(c.id, { limit: 2, after: p2.nextAfter! });
      expect(p3.items.map((d) => d.name)).toEqual(['E']);
      expect(p3.nextAfter).toBeNull();

      await catalog().ensureCollection(namespace.id, 'zeta', t0);
      await catalog().ensureCollection(namespace.id, 'alpha', t0);
      const cols = await catalog().listCollections(namespace.id, { limit: 10 });
      expect(cols.items.map((x) => [x.name, x.documentCount, x.chunkCount])).toEqual([
        ['alpha', 0, 0],
        ['handbook', 5, 15],
        ['zeta', 0, 0],
      ]);
      const firstPage = await catalog().listCollections(namespace.id, { limit: 1 });
      expect(firstPage.nextAfter).toBe('alpha');
    });

    it('leaves out a collection whose every ingestion failed or was canceled before it held a document', async () => {
      const { account, namespace } = await seedCollection(store());
      const ingestionInto = async (name: string) => {
        const c = await catalog().ensureCollection(namespace.id, name, t0);
        return { c, ing: await seedIngestion(store(), c.id, account.id) };
      };
      const fail = (id: string) =>
        store().ledger.endIngestion(id, ['queued', 'running'], 'failed', {
          at: t0,
          error: { code: 'source_auth_failed', message: 'refused' },
        });
      const failed = await ingestionInto('failed-first');
      await fail(failed.ing.id);
      const canceled = await ingestionInto('canceled-first');
      await store().ingestions.cancelIngestion(canceled.ing.id, t0);
      // Failed again, then under way: listed while it runs.
      const retried = await ingestionInto('retried');
      await fail(retried.ing.id);
      await seedIngestion(store(), retried.c.id, account.id);
      // Failed after indexing some: what it holds is listed.
      const partial = await ingestionInto('partial');
      await store().ledger.commitProcessed(processed(partial.ing.id, partial.c.id, 'a'));
      await fail(partial.ing.id);
      // An empty source, ingested: listed (empty, and it says so).
      const empty = await ingestionInto('empty-source');
      await store().ledger.endIngestion(empty.ing.id, ['queued'], 'succeeded', {
        at: t0,
        error: null,
      });

      const listed = await catalog().listCollections(namespace.id, { limit: 10 });
      expect(listed.items.map((x) => [x.name, x.documentCount])).toEqual([
        ['empty-source', 0],
        ['handbook', 0],
        ['partial', 1],
        ['retried', 0],
      ]);
      // Paging skips them too.
      const first = await catalog().listCollections(namespace.id, { limit: 1 });
      const second = await catalog().listCollections(namespace.id, {
        limit: 1,
        after: first.nextAfter!,
      });
      expect([...first.items, ...second.items].map((x) => x.name)).toEqual([
        'empty-source',
        'handbook',
      ]);
      // Still there for its ingestions: found by name.
      expect(await catalog().findCollection(namespace.id, 'failed-first')).not.toBeNull();
    });

    it('finds documents by name and by id, and deletes them', async () => {
      const { account, collection: c } = await seedCollection(store());
      const ing = await seedIngestion(store(), c.id, account.id);
      const a = await store().ledger.commitProcessed(
        processed(ing.id, c.id, 'a', { desiredName: 'Runbook' }),
      );
      const b = await store().ledger.commitProcessed(processed(ing.id, c.id, 'b'));
      expect(await catalog().findDocumentByName(c.id, 'Runbook')).toMatchObject({
        id: a.id,
        sourceId: 'a',
        sourceUrl: 'https://x.example/a',
      });
      expect(await catalog().findDocumentByName(c.id, 'Nope')).toBeNull();
      const byId = await catalog().getDocumentsByIds([b.id, a.id, 'missing']);
      expect(byId.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
      expect(await catalog().getDocumentsByIds([])).toEqual([]);
      await catalog().deleteDocument(a.id);
      expect(await catalog().findDocumentByName(c.id, 'Runbook')).toBeNull();
      expect((await catalog().listDocuments(c.id, { limit: 10 })).items).toHaveLength(1);
    });

    it('deletes a collection with everything in it', async () => {
      const { account, namespace, collection: c } = await seedCollection(store());
      const ing = await seedIngestion(store(), c.id, account.id);
      await store().ledger.admitDocument(listed(ing.id, c.id, 'a'));
      await store().ledger.commitProcessed(processed(ing.id, c.id, 'a'));
      await store().ledger.recordFailure({
        ingestionId: ing.id,
        sourceId: 'b',
        docName: null,
        message: 'x',
      });
      await store().collectionLock.tryLock(c.id, 'w', 1000, new Date());
      await catalog().deleteCollection(c.id);
      expect(await catalog().findCollection(namespace.id, 'handbook')).toBeNull();
      expect(await store().ingestions.getIngestion(ing.id)).toBeNull();
      expect(await store().ingestions.listFailures(ing.id, 10)).toEqual([]);
      expect(await catalog().findDocumentByName(c.id, 'Page a')).toBeNull();
      // The name is free again, as a new collection.
      const again = await catalog().ensureCollection(namespace.id, 'handbook', t0);
      expect(again.id).not.toBe(c.id);
      expect((await catalog().listDocuments(again.id, { limit: 10 })).items).toEqual([]);
      // Its lock went with it.
      expect(await store().collectionLock.tryLock(c.id, 'other', 1000, new Date())).toBe(true);
    });
  });
}
