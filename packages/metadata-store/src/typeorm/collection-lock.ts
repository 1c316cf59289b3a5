import type { CollectionLock } from '../ports/collection-lock';
import type { SqlContext } from './sql-context';

/** The collection lease as a row per collection (holder, expiry). */
export class TypeOrmCollectionLock implements CollectionLock {
  constructor(private readonly db: SqlContext) {}

  async tryLock(collectionId: string, holder: string, ttlMs: number, now: Date): Promise<boolean> {
    const expires = new Date(now.getTime() + ttlMs);
    return this.db.transaction(async (_m, sql) => {
      const inserted = await sql.exec(
        this.db.insertIgnore('collection_locks', ['collection_id', 'holder', 'expires_at']),
        [collectionId, holder, expires],
      );
      if (inserted > 0) return true;
      const taken = await sql.exec(
        'UPDATE collection_locks SET holder = ?, expires_at = ? WHERE collection_id = ? AND (holder = ? OR expires_at < ?)',
        [holder, expires, collectionId, holder, now],
      );
      return taken > 0;
    });
  }

  async renew(collectionId: string, holder: string, ttlMs: number, now: Date): Promise<boolean> {
    return this.db.run(async (m) => {
      const result = await m
        .getRepository(this.db.entities.CollectionLock)
        .update(
          { collection_id: collectionId, holder },
          { expires_at: new Date(now.getTime() + ttlMs) },
        );
      return (result.affected ?? 0) > 0;
    });
  }

  async unlock(collectionId: string, holder: string): Promise<void> {
    await this.db.run((m) =>
      m
        .getRepository(this.db.entities.CollectionLock)
        .delete({ collection_id: collectionId, holder }),
    );
  }
}
