import { randomUUID } from 'node:crypto';
import { In, MoreThan } from 'typeorm';
import type {
  CatalogStore,
  CollectionDirectory,
  CollectionRecord,
  CollectionSummary,
  DocumentLookup,
  DocumentRecord,
  NamespaceRecord,
  Page,
} from '../ports/catalog';
import { toCollection, toDocument } from './record-mappers';
import type { SqlContext } from './sql-context';

/** Namespaces, collections and documents on TypeORM. */
export class TypeOrmCatalogStore implements CollectionDirectory, CatalogStore, DocumentLookup {
  constructor(private readonly db: SqlContext) {}

  private get entities() {
    return this.db.entities;
  }

  // ---- namespaces and collections

  async findNamespace(accountId: string, name: string): Promise<NamespaceRecord | null> {
    return this.db.run(async (m) => {
      const row = await m
        .getRepository(this.entities.Namespace)
        .findOneBy({ account_id: accountId, name });
      return (
        row && { id: row.id, accountId: row.account_id, name: row.name, createdAt: row.created_at }
      );
    });
  }

  async ensureNamespace(accountId: string, name: string, at: Date): Promise<NamespaceRecord> {
    return this.db.run(async (m) => {
      const repo = m.getRepository(this.entities.Namespace);
      await repo
        .createQueryBuilder()
        .insert()
        .values({ id: randomUUID(), account_id: accountId, name, created_at: at })
        .orIgnore()
        .execute();
      const row = await repo.findOneByOrFail({ account_id: accountId, name });
      return { id: row.id, accountId: row.account_id, name: row.name, createdAt: row.created_at };
    });
  }

  async findCollection(namespaceId: string, name: string): Promise<CollectionRecord | null> {
    return this.db.run(async (m) => {
      const row = await m
        .getRepository(this.entities.Collection)
        .findOneBy({ namespace_id: namespaceId, name });
      return row && toCollection(row);
    });
  }

  async ensureCollection(namespaceId: string, name: string, at: Date): Promise<CollectionRecord> {
    return this.db.run(async (m) => {
      const repo = m.getRepository(this.entities.Collection);
      await repo
        .createQueryBuilder()
        .insert()
        .values({
          id: randomUUID(),
          namespace_id: namespaceId,
          name,
          created_at: at,
          updated_at: at,
        })
        .orIgnore()
        .execute();
      return toCollection(await repo.findOneByOrFail({ namespace_id: namespaceId, name }));
    });
  }

  async listCollections(
    namespaceId: string,
    page: { after?: string; limit: number },
  ): Promise<Page<CollectionSummary>> {
    return this.db.run(async (m) => {
      const query = m
        .getRepository(this.entities.Collection)
        .createQueryBuilder('c')
        .where('c.namespace_id = :namespaceId', { namespaceId })
        // Not a collection whose every ingestion failed or was canceled before it held a
        // document: a bad first try leaves nothing to ask (its ingestions stay listed).
        .andWhere(
          `(EXISTS (SELECT 1 FROM documents d WHERE d.collection_id = c.id)
            OR NOT EXISTS (SELECT 1 FROM ingestions i WHERE i.collection_id = c.id)
            OR EXISTS (SELECT 1 FROM ingestions i WHERE i.collection_id = c.id
                       AND i.status IN ('queued', 'running', 'succeeded')))`,
        )
        .orderBy('c.name', 'ASC')
        .take(page.limit + 1);
      if (page.after) query.andWhere('c.name > :after', { after: page.after });
      const rows = await query.getMany();
      const items = rows.slice(0, page.limit);
      const totals = new Map<string, { documents: number; chunks: number }>();
      if (items.length > 0) {
        const sums = await m
          .getRepository(this.entities.Document)
          .createQueryBuilder('d')
          .select('d.collection_id', 'collection_id')
          .addSelect('COUNT(*)', 'documents')
          .addSelect('COALESCE(SUM(d.chunk_count), 0)', 'chunks')
          .where({ collection_id: In(items.map((c) => c.id)) })
          .groupBy('d.collection_id')
          .getRawMany<{
            collection_id: string;
            documents: string | number;
            chunks: string | number;
          }>();
        for (const s of sums) {
          totals.set(s.collection_id, { documents: Number(s.documents), chunks: Number(s.chunks) });
        }
      }
      return {
        items: items.map((row) => ({
          ...toCollection(row),
          documentCount: totals.get(row.id)?.documents ?? 0,
          chunkCount: totals.get(row.id)?.chunks ?? 0,
        })),
        nextAfter: rows.length > page.limit ? items[items.length - 1]!.name : null,
      };
    });
  }

  async deleteCollection(collectionId: string): Promise<void> {
    // Explicit deletes rather than relying on FK cascades, which SQLite can have disabled.
    await this.db.transaction(async (m) => {
      const ingestionIds = (
        await m.getRepository(this.entities.Ingestion).find({
          select: { id: true },
          where: { collection_id: collectionId },
        })
      ).map((r) => r.id);
      if (ingestionIds.length > 0) {
        await m
          .getRepository(this.entities.IngestionItem)
          .delete({ ingestion_id: In(ingestionIds) });
        await m
          .getRepository(this.entities.IngestionFailure)
          .delete({ ingestion_id: In(ingestionIds) });
        await m.getRepository(this.entities.Ingestion).delete({ collection_id: collectionId });
      }
      await m.getRepository(this.entities.Schedule).delete({ collection_id: collectionId });
      await m.getRepository(this.entities.Document).delete({ collection_id: collectionId });
      await m.getRepository(this.entities.CollectionLock).delete({ collection_id: collectionId });
      await m.getRepository(this.entities.Collection).delete({ id: collectionId });
    });
  }

  // ---- documents

  async listDocuments(
    collectionId: string,
    page: { after?: string; limit: number },
  ): Promise<Page<DocumentRecord>> {
    return this.db.run(async (m) => {
      const rows = await m.getRepository(this.entities.Document).find({
        where: {
          collection_id: collectionId,
          ...(page.after ? { name: MoreThan(page.after) } : {}),
        },
        order: { name: 'ASC' },
        take: page.limit + 1,
      });
      const items = rows.slice(0, page.limit).map(toDocument);
      return {
        items,
        nextAfter: rows.length > page.limit ? items[items.length - 1]!.name : null,
      };
    });
  }

  async findDocumentByName(collectionId: string, name: string): Promise<DocumentRecord | null> {
    return this.db.run(async (m) => {
      const row = await m
        .getRepository(this.entities.Document)
        .findOneBy({ collection_id: collectionId, name });
      return row && toDocument(row);
    });
  }

  async getDocumentsByIds(ids: string[]): Promise<DocumentRecord[]> {
    if (ids.length === 0) return [];
    return this.db.run(async (m) =>
      (await m.getRepository(this.entities.Document).findBy({ id: In(ids) })).map(toDocument),
    );
  }

  async deleteDocument(documentId: string): Promise<void> {
    await this.db.run((m) => m.getRepository(this.entities.Document).delete({ id: documentId }));
  }
}
