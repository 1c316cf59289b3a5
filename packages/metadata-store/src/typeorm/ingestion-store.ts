import { In, LessThan } from 'typeorm';
import type {
  IdempotencyKeyRecord,
  IngestionFailureRecord,
  IngestionQuery,
  IngestionRecord,
  IngestionStatus,
  IngestionStore,
  NewIngestion,
  PendingBatch,
} from '../ports/ingestions';
import type { Page } from '../ports/catalog';
import {
  abandonBatches,
  hydrateIngestions,
  listedCollectionIds,
  loadIngestion,
  newIngestionRow,
  pendingBatches,
} from './ingestion-rows';
import { IdempotencyKeys } from './idempotency-keys';
import type { SqlContext } from './sql-context';

/** Ingestions as the API creates, lists and cancels them, on TypeORM. */
export class TypeOrmIngestionStore implements IngestionStore {
  private readonly keys: IdempotencyKeys;

  constructor(private readonly db: SqlContext) {
    this.keys = new IdempotencyKeys(db);
  }

  private get entities() {
    return this.db.entities;
  }

  async createIngestion(input: NewIngestion): Promise<IngestionRecord> {
    // Insert-if-absent: a create retried with its Idempotency-Key records its ingestion once.
    await this.db.run((m) =>
      m
        .createQueryBuilder()
        .insert()
        .into(this.entities.Ingestion)
        .values(newIngestionRow(input))
        .orIgnore()
        .execute(),
    );
    return (await this.getIngestion(input.id))!;
  }

  findIdempotencyKey(
    accountId: string,
    key: string,
    now: Date,
  ): Promise<IdempotencyKeyRecord | null> {
    return this.keys.find(accountId, key, now);
  }

  claimIdempotencyKey(
    record: Omit<IdempotencyKeyRecord, 'scheduleId'>,
  ): Promise<IdempotencyKeyRecord> {
    return this.keys.claim(record);
  }

  setIdempotencyKeySchedule(accountId: string, key: string, scheduleId: string): Promise<void> {
    return this.keys.setSchedule(accountId, key, scheduleId);
  }

  async getIngestion(id: string): Promise<IngestionRecord | null> {
    return this.db.run((m) => loadIngestion(m, this.entities, id));
  }

  async listIngestions(query: IngestionQuery): Promise<Page<IngestionRecord>> {
    return this.db.run(async (m) => {
      const collectionIds = await listedCollectionIds(m, this.entities, query);
      if (collectionIds.length === 0) return { items: [], nextAfter: null };
      // Ingestion ids sort by creation time, so the id alone orders and pages the list.
      const rows = await m.getRepository(this.entities.Ingestion).find({
        where: {
          collection_id: In(collectionIds),
          ...(query.status ? { status: query.status } : {}),
          ...(query.after ? { id: LessThan(query.after) } : {}),
        },
        order: { id: 'DESC' },
        take: query.limit + 1,
      });
      const items = await hydrateIngestions(m, this.entities, rows.slice(0, query.limit));
      return {
        items,
        nextAfter: rows.length > query.limit ? items[items.length - 1]!.id : null,
      };
    });
  }

  async listIngestionsByStatus(
    collectionId: string,
    statuses: IngestionStatus[],
  ): Promise<IngestionRecord[]> {
    return this.db.run(async (m) => {
      const rows = await m.getRepository(this.entities.Ingestion).find({
        where: { collection_id: collectionId, status: In(statuses) },
        order: { id: 'ASC' },
      });
      return hydrateIngestions(m, this.entities, rows);
    });
  }

  async listIngestionIdsByStatus(statuses: IngestionStatus[]): Promise<string[]> {
    return this.db.run(async (m) =>
      (
        await m.getRepository(this.entities.Ingestion).find({
          select: { id: true },
          where: { status: In(statuses) },
          order: { id: 'ASC' },
        })
      ).map((r) => r.id),
    );
  }

  async cancelIngestion(id: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(this.entities.Ingestion);
      await repo.update({ id }, { cancel_requested: true });
      const result = await repo.update(
        { id, status: In(['queued', 'running']) },
        { status: 'canceled', finished_at: at, secrets: null },
      );
      const ended = (result.affected ?? 0) > 0;
      // Its batches will never run: their payloads (content the listing carried) go at once;
      // the pending ones stay, abandoned, until the reconciler has cleaned up after them.
      if (ended) await abandonBatches(m, this.entities, id);
      return ended;
    });
  }

  async listPendingBatches(ingestionId: string): Promise<PendingBatch[]> {
    return this.db.run((m) => pendingBatches(m, this.entities, ingestionId));
  }

  async listFailures(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]> {
    return this.listNotes(ingestionId, 'failure', limit);
  }

  async listWarnings(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]> {
    return this.listNotes(ingestionId, 'warning', limit);
  }

  async listUnsupported(ingestionId: string, limit: number): Promise<IngestionFailureRecord[]> {
    return this.listNotes(ingestionId, 'unsupported', limit);
  }

  private async listNotes(
    ingestionId: string,
    kind: 'failure' | 'warning' | 'unsupported',
    limit: number,
  ): Promise<IngestionFailureRecord[]> {
    return this.db.run(async (m) =>
      (
        await m.getRepository(this.entities.IngestionFailure).find({
          where: { ingestion_id: ingestionId, kind },
          order: { id: 'ASC' },
          take: limit,
        })
      ).map((r) => ({ docName: r.doc_name, sourceId: r.source_id, message: r.message })),
    );
  }
}
