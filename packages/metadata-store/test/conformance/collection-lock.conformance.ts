import { freshStore, seedCollection, type OpenMetadataStore } from './fixture';

/** CollectionLock: what every adapter of the collection lease must do. */
export function describeCollectionLockConformance(adapterName: string, open: OpenMetadataStore) {
  describe(`CollectionLock conformance: ${adapterName}`, () => {
    const store = freshStore(open);

    it('grants the collection lock to one holder at a time, with expiry', async () => {
      const { collection: c } = await seedCollection(store());
      const lock = store().collectionLock;
      const now = new Date('2026-01-01T00:00:00Z');
      expect(await lock.tryLock(c.id, 'w1', 1000, now)).toBe(true);
      expect(await lock.tryLock(c.id, 'w2', 1000, now)).toBe(false);
      expect(await lock.tryLock(c.id, 'w1', 1000, now)).toBe(true);
      expect(await lock.renew(c.id, 'w2', 1000, now)).toBe(false);
      expect(await lock.renew(c.id, 'w1', 1000, now)).toBe(true);
      const later = new Date(now.getTime() + 5000);
      expect(await lock.tryLock(c.id, 'w2', 1000, later)).toBe(true);
      expect(await lock.renew(c.id, 'w1', 1000, later)).toBe(false);
      await lock.unlock(c.id, 'w1');
      expect(await lock.tryLock(c.id, 'w3', 1000, later)).toBe(false);
      await lock.unlock(c.id, 'w2');
      expect(await lock.tryLock(c.id, 'w3', 1000, later)).toBe(true);
    });

    it('holds each collection apart', async () => {
      const { namespace, collection: c } = await seedCollection(store());
      const other = await store().catalog.ensureCollection(namespace.id, 'other', new Date());
      const now = new Date('2026-01-01T00:00:00Z');
      expect(await store().collectionLock.tryLock(c.id, 'w1', 1000, now)).toBe(true);
      expect(await store().collectionLock.tryLock(other.id, 'w2', 1000, now)).toBe(true);
    });
  });
}
