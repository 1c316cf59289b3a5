import { In } from 'typeorm';
import type { ListingEnd } from '../ports/ingestion-ledger';
import type {
  AbandonedBatch,
  ActiveIngestion,
  IngestionJobRef,
  IngestionReconciliation,
} from '../ports/ingestion-reconciliation';
import type { SqlContext } from './sql-context';

/** Source ids checked against the catalog per query. */
const ID_CHUNK = 200;

/** The reconciler's view of the ingestions and their jobs, on TypeORM. */
export class TypeOrmIngestionReconciliation implements IngestionReconciliation {
  constructor(private readonly db: SqlContext) {}

  private get entities() {
    return this.db.entities;
  }

  async listActiveIngestions(): Promise<ActiveIngestion[]> {
    return this.db.run(async (m) => {
      const rows = await m.getRepository(this.entities.Ingestion).find({
        where: { status: In(['queued', 'running']) },
        order: { id: 'ASC' },
      });
      if (rows.length === 0) return [];
      const batches = await m.getRepository(this.entities.IngestionBatch).find({
        select: { ingestion_id: true, seq: true, generation: true },
        where: { ingestion_id: In(rows.map((row) => row.id)), state: 'pending' },
        order: { seq: 'ASC' },
      });
      return rows.map((row) => {
        const listingEnd = row.listing_end as ListingEnd | null;
        return {
          id: row.id,
          accountId: row.account_id,
          collectionId: row.collection_id,
          sourceKey: row.source_key,
          status: row.status as 'queued' | 'running',
          createdAt: row.created_at,
          progressAt: row.progress_at,
          listingEnd,
          listingGeneration: Number(row.listing_generation),
          finalizeDue:
            listingEnd !== null && Number(row.batches_committed) >= Number(row.batches_recorded),
          finalizeGeneration: Number(row.finalize_generation),
          pendingBatches: batches
            .filter((batch) => batch.ingestion_id === row.id)
            .map((batch) => ({ seq: Number(batch.seq), generation: Number(batch.generation) })),
        };
      });
    });
  }

  async advanceJobGeneration(
    ingestionId: string,
    job: IngestionJobRef,
    from: number,
  ): Promise<number> {
    return this.db.transaction(async (_m, sql) => {
      if (job.kind === 'batch') {
        await sql.exec(
          'UPDATE ingestion_batches SET generation = generation + 1 WHERE ingestion_id = ? AND seq = ? AND generation = ?',
          [ingestionId, job.seq, from],
        );
        const [row] = await sql.rows<{ generation: number }>(
          'SELECT generation FROM ingestion_batches WHERE ingestion_id = ? AND seq = ?',
          [ingestionId, job.seq],
        );
        return Number(row?.generation ?? from);
      }
      const column = job.kind === 'listing' ? 'listing_generation' : 'finalize_generation';
      await sql.exec(
        `UPDATE ingestions SET ${column} = ${column} + 1 WHERE id = ? AND ${column} = ?`,
        [ingestionId, from],
      );
      const [row] = await sql.rows<{ generation: number }>(
        `SELECT ${column} AS generation FROM ingestions WHERE id = ?`,
        [ingestionId],
      );
      return Number(row?.generation ?? from);
    });
  }

  async listAbandonedBatches(limit: number): Promise<AbandonedBatch[]> {
    return this.db.run(async (m) => {
      const batches = await m.getRepository(this.entities.IngestionBatch).find({
        select: { ingestion_id: true, seq: true, source_ids: true },
        where: { state: 'abandoned' },
        order: { created_at: 'ASC', seq: 'ASC' },
        take: limit,
      });
      if (batches.length === 0) return [];
      const ingestions = new Map(
        (
          await m.getRepository(this.entities.Ingestion).find({
            select: { id: true, collection_id: true, source_key: true },
            where: { id: In([...new Set(batches.map((batch) => batch.ingestion_id))]) },
          })
        ).map((row) => [row.id, row]),
      );
      const abandoned: AbandonedBatch[] = [];
      for (const batch of batches) {
        const ingestion = ingestions.get(batch.ingestion_id);
        if (!ingestion) continue;
        const sourceIds = JSON.parse(batch.source_ids) as string[];
        const listed = new Set<string>();
        for (let at = 0; at < sourceIds.length; at += ID_CHUNK) {
          const rows = await m.getRepository(this.entities.Document).find({
            select: { source_id: true },
            where: {
              collection_id: ingestion.collection_id,
              source_key: ingestion.source_key,
              source_id: In(sourceIds.slice(at, at + ID_CHUNK)),
            },
          });
          for (const row of rows) listed.add(row.source_id);
        }
        abandoned.push({
          ingestionId: batch.ingestion_id,
          seq: Number(batch.seq),
          collectionId: ingestion.collection_id,
          sourceKey: ingestion.source_key,
          unlisted: sourceIds.filter((id) => !listed.has(id)),
        });
      }
      return abandoned;
    });
  }

  async forgetAbandonedBatch(ingestionId: string, seq: number): Promise<void> {
    await this.db.run((m) =>
      m
        .getRepository(this.entities.IngestionBatch)
        .delete({ ingestion_id: ingestionId, seq, state: 'abandoned' }),
    );
  }
}
