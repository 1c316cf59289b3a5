import { freshStore, seedCollection, seedIngestion, t0, type OpenMetadataStore } from './fixture';

/** IngestionStore: what every adapter of the ingestion records must do. */
export function describeIngestionStoreConformance(adapterName: string, open: OpenMetadataStore) {
  describe(`IngestionStore conformance: ${adapterName}`, () => {
    const store = freshStore(open);
    const ingestions = () => store().ingestions;

    it('creates an ingestion queued, with its names and sealed secrets', async () => {
      const { account, collection: c } = await seedCollection(store());
      const ing = await seedIngestion(store(), c.id, account.id);
      expect(ing).toMatchObject({
        status: 'queued',
        namespaceName: 'docs',
        collectionName: 'handbook',
        secrets: 'sealed',
        spec: { url: 'https://x.example', space: 'ENG', token: '***' },
        cancelRequested: false,
        startedAt: null,
        finishedAt: null,
        checkpoint: null,
        progress: {
          documentsDiscovered: 0,
          documentsProcessed: 0,
          documentsSkipped: 0,
          documentsFailed: 0,
          documentsUnsupported: 0,
          chunksIndexed: 0,
        },
      });
      expect(await ingestions().getIngestion(ing.id)).toEqual(ing);
      expect(await ingestions().getIngestion('ing_missing')).toBeNull();
    });

    it('pages ingestions newest first and filters them', async () => {
      const { account, namespace, collection: c } = await seedCollection(store());
      const other = await store().catalog.ensureCollection(namespace.id, 'other', t0);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const id = `ing_${String(i).padStart(4, '0')}`;
        ids.push(id);
        await ingestions().createIngestion({
          id,
          accountId: account.id,
          collectionId: i % 2 === 0 ? c.id : other.id,
          type: 'WIKI',
          spec: {},
          secrets: null,
          sourceKey: 'k',
          createdAt: t0,
        });
      }
      const page1 = await ingestions().listIngestions({ namespaceId: namespace.id, limit: 3 });
      expect(page1.items.map((i) => i.id)).toEqual([ids[4], ids[3], ids[2]]);
      const page2 = await ingestions().listIngestions({
        namespaceId: namespace.id,
        limit: 3,
        after: page1.nextAfter!,
      });
      expect(page2.items.map((i) => i.id)).toEqual([ids[1], ids[0]]);
      expect(page2.nextAfter).toBeNull();
      const onlyC = await ingestions().listIngestions({
        namespaceId: namespace.id,
        collectionId: c.id,
        limit: 10,
      });
      expect(onlyC.items.map((i) => i.collectionName)).toEqual([
        'handbook',
        'handbook',
        'handbook',
      ]);
      await store().ledger.startIngestion(ids[0]!, t0);
      const running = await ingestions().listIngestions({
        namespaceId: namespace.id,
        status: 'running',
        limit: 10,
      });
      expect(running.items.map((i) => i.id)).toEqual([ids[0]]);
      expect(
        (await ingestions().listIngestionsByStatus(c.id, ['queued'])).map((i) => i.id),
      ).toEqual([ids[2], ids[4]]);
      expect(await ingestions().listIngestionIdsByStatus(['queued', 'running'])).toEqual(ids);
      expect(await ingestions().listIngestionIdsByStatus(['running'])).toEqual([ids[0]]);
      const empty = await store().catalog.ensureNamespace(account.id, 'empty', t0);
      expect(await ingestions().listIngestions({ namespaceId: empty.id, limit: 10 })).toEqual({
        items: [],
        nextAfter: null,
      });
    });

    it('cancels a queued or running ingestion once, deleting its secrets', async () => {
      const { account, collection: c } = await seedCollection(store());
      const queued = await seedIngestion(store(), c.id, account.id);
      const at = new Date('2026-01-02T05:00:00Z');
      expect(await ingestions().cancelIngestion(queued.id, at)).toBe(true);
      expect(await ingestions().getIngestion(queued.id)).toMatchObject({
        status: 'canceled',
        cancelRequested: true,
        secrets: null,
        finishedAt: at,
        errorCode: null,
      });
      expect(await ingestions().cancelIngestion(queued.id, new Date())).toBe(false);

      const running = await seedIngestion(store(), c.id, account.id);
      await store().ledger.startIngestion(running.id, t0);
      expect(await ingestions().cancelIngestion(running.id, at)).toBe(true);
      expect((await ingestions().getIngestion(running.id))?.status).toBe('canceled');

      // An ingestion that already ended keeps its status; the request is still noted.
      const done = await seedIngestion(store(), c.id, account.id);
      await store().ledger.startIngestion(done.id, t0);
      await store().ledger.endIngestion(done.id, ['running'], 'succeeded', { at, error: null });
      expect(await ingestions().cancelIngestion(done.id, new Date())).toBe(false);
      expect(await ingestions().getIngestion(done.id)).toMatchObject({
        status: 'succeeded',
        cancelRequested: true,
      });
    });

    it('lists the batches whose jobs may still be waiting, for a cancel to remove them', async () => {
      const { account, collection: c } = await seedCollection(store());
      const ing = await seedIngestion(store(), c.id, account.id);
      expect(await ingestions().listPendingBatches(ing.id)).toEqual([]);
      const batch = (id: string) => ({ sourceIds: [id], payload: id });
      await store().ledger.recordListing({
        ingestionId: ing.id,
        batches: [batch('a'), batch('b'), batch('c')],
      });
      await store().ledger.commitBatch(ing.id, 2, 'w1', t0);
      expect(await ingestions().listPendingBatches(ing.id)).toEqual([
        { seq: 1, generation: 0 },
        { seq: 3, generation: 0 },
      ]);
      // Canceled: its batches will never run, their payloads go.
      await ingestions().cancelIngestion(ing.id, t0);
      expect(await ingestions().listPendingBatches(ing.id)).toEqual([]);
      expect(await store().ledger.getBatch(ing.id, 1)).toBeNull();
    });

    it('records an ingestion once under its id', async () => {
      const { account, collection: c } = await seedCollection(store());
      const first = await seedIngestion(store(), c.id, account.id);
      await store().ledger.startIngestion(first.id, t0);
      const again = await ingestions().createIngestion({
        id: first.id,
        accountId: account.id,
        collectionId: c.id,
        type: 'WIKI',
        spec: {},
        secrets: null,
        sourceKey: 'other',
        createdAt: new Date(),
      });
      expect(again).toMatchObject({ id: first.id, status: 'running', sourceKey: 'k1' });
    });

    it('keeps an idempotency key: one ingestion per key, until it expires', async () => {
      const { account } = await seedCollection(store());
      const at = new Date('2026-01-02T05:00:00Z');
      const expiresAt = new Date('2026-01-03T05:00:00Z');
      const claim = (ingestionId: string, createdAt = at, until = expiresAt) =>
        ingestions().claimIdempotencyKey({
          accountId: account.id,
          key: 'retry-1',
          fingerprint: 'f1',
          ingestionId,
          createdAt,
          expiresAt: until,
        });
      expect(await ingestions().findIdempotencyKey(account.id, 'retry-1', at)).toBeNull();
      // Racing requests with one key share the ingestion id the first one claimed.
      const raced = await Promise.all(['ing_a', 'ing_b', 'ing_c'].map((id) => claim(id)));
      expect(new Set(raced.map((r) => r.ingestionId)).size).toBe(1);
      const stored = raced[0]!;
      expect(stored).toMatchObject({
        accountId: account.id,
        key: 'retry-1',
        fingerprint: 'f1',
        scheduleId: null,
      });
      expect(stored.createdAt.toISOString()).toBe(at.toISOString());
      expect(stored.expiresAt.toISOString()).toBe(expiresAt.toISOString());
      await ingestions().setIdempotencyKeySchedule(account.id, 'retry-1', 'sch_1');
      expect(await ingestions().findIdempotencyKey(account.id, 'retry-1', at)).toMatchObject({
        ingestionId: stored.ingestionId,
        scheduleId: 'sch_1',
      });
      // Another account's key of the same text is another key.
      const other = await store().accounts.ensureAccount('beta');
      expect(await ingestions().findIdempotencyKey(other.id, 'retry-1', at)).toBeNull();
      // Expired: the key is free again.
      const later = new Date('2026-01-04T05:00:00Z');
      expect(await ingestions().findIdempotencyKey(account.id, 'retry-1', later)).toBeNull();
      expect((await claim('ing_d', later, new Date('2026-01-05T05:00:00Z'))).ingestionId).toBe(
        'ing_d',
      );
    });
  });
}
