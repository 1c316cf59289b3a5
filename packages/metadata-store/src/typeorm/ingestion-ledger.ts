import { In } from 'typeorm';
import type { DocumentRecord } from '../ports/catalog';
import type {
  Admission,
  FailedItem,
  IngestionLedger,
  ListedDocument,
  ProcessedDocument,
} from '../ports/ingestion-ledger';
import {
  TERMINAL_STATUSES,
  type IngestionErrorCode,
  type IngestionProgress,
  type IngestionRecord,
  type IngestionStatus,
} from '../ports/ingestions';
import { candidateNames } from './document-names';
import { loadIngestion, toProgress } from './ingestion-rows';
import { toDocument } from './record-mappers';
import type { IngestionRow } from './rows';
import type { SqlContext } from './sql-context';
import type { SqlRunner } from './sql-runner';

/** What happened to one listed document in one ingestion, once it is settled. */
type ItemOutcome = 'processed' | 'skipped' | 'failed';

type ProgressColumn =
  | 'documents_discovered'
  | 'documents_processed'
  | 'documents_skipped'
  | 'documents_failed'
  | 'chunks_indexed';

/**
 * The ingestion ledger on TypeORM: `ingestion_items` holds one row per listed document and
 * ingestion, and a counter moves only with the row that first settles it, so retries never
 * count twice.
 */
export class TypeOrmIngestionLedger implements IngestionLedger {
  constructor(private readonly db: SqlContext) {}

  private get entities() {
    return this.db.entities;
  }

  async getIngestion(id: string): Promise<IngestionRecord | null> {
    return this.db.run((m) => loadIngestion(m, this.entities, id));
  }

  async startIngestion(id: string, at: Date): Promise<boolean> {
    return this.db.run(async (m) => {
      const repo = m.getRepository(this.entities.Ingestion);
      const changes: Partial<IngestionRow> = { status: 'running' };
      // A resumed ingestion keeps its first start time.
      if (!(await repo.findOneBy({ id }))?.started_at) changes.started_at = at;
      const result = await repo.update({ id, status: In(['queued', 'running']) }, changes);
      return (result.affected ?? 0) > 0;
    });
  }

  async endIngestion(
    id: string,
    from: IngestionStatus[],
    to: 'succeeded' | 'failed' | 'canceled',
    patch: { at: Date; error: { code: IngestionErrorCode; message: string } | null },
  ): Promise<IngestionProgress | null> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(this.entities.Ingestion);
      const result = await repo.update(
        { id, status: In(from) },
        {
          status: to,
          finished_at: patch.at,
          error_code: patch.error?.code ?? null,
          error_message: patch.error?.message ?? null,
          secrets: null,
        },
      );
      const ended = (result.affected ?? 0) > 0;
      const row = await repo.findOneBy({ id });
      if (!row || !TERMINAL_STATUSES.includes(row.status as IngestionStatus)) return null;
      await m.getRepository(this.entities.IngestionItem).delete({ ingestion_id: id });
      await repo.update({ id }, { checkpoint: null });
      return ended ? toProgress(row) : null;
    });
  }

  async saveCheckpoint(id: string, checkpoint: string): Promise<void> {
    await this.db.run((m) =>
      m.getRepository(this.entities.Ingestion).update({ id }, { checkpoint }),
    );
  }

  async admitDocument(listed: ListedDocument): Promise<Admission> {
    return this.db.transaction(async (m, sql) => {
      const { ingestionId, sourceId } = listed;
      if (await this.insertItem(sql, ingestionId, sourceId, 'discovered')) {
        await this.bump(sql, ingestionId, { documents_discovered: 1 });
      } else {
        // Listed twice, or already handled before a restart.
        const item = await m
          .getRepository(this.entities.IngestionItem)
          .findOneBy({ ingestion_id: ingestionId, source_id: sourceId });
        if (item && item.outcome !== 'discovered') return 'settled';
      }
      const existing = await m.getRepository(this.entities.Document).findOneBy({
        collection_id: listed.collectionId,
        source_key: listed.sourceKey,
        source_id: sourceId,
      });
      if (!existing || existing.version !== listed.version) return 'index';
      const { links } = listed;
      if (
        links &&
        (existing.source_url !== links.sourceUrl ||
          (existing.page_url_template ?? null) !== links.pageUrlTemplate)
      ) {
        await m
          .getRepository(this.entities.Document)
          .update(
            { id: existing.id },
            { source_url: links.sourceUrl, page_url_template: links.pageUrlTemplate },
          );
      }
      if (await this.settleItem(sql, ingestionId, sourceId, 'skipped')) {
        await this.bump(sql, ingestionId, { documents_skipped: 1 });
      }
      return 'unchanged';
    });
  }

  async commitProcessed(input: ProcessedDocument): Promise<DocumentRecord> {
    return this.db.transaction(async (m, sql) => {
      // Name allocation reads then inserts: on PostgreSQL (read committed) concurrent commits
      // into one collection must take turns. SQLite transactions are serialised already.
      if (this.db.dialect === 'postgres') {
        await sql.rows('SELECT pg_advisory_xact_lock(hashtext(?))', [input.collectionId]);
      }
      const docs = m.getRepository(this.entities.Document);
      const existing = await docs.findOneBy({ id: input.documentId });
      if (existing) {
        await docs.update(
          { id: input.documentId },
          {
            version: input.version,
            page_count: input.pageCount,
            chunk_count: input.chunkCount,
            source_url: input.sourceUrl,
            page_url_template: input.pageUrlTemplate,
            updated_at: input.at,
          },
        );
      } else {
        const taken = new Set(
          (
            await docs
              .createQueryBuilder('d')
              .select('d.name', 'name')
              .where('d.collection_id = :c', { c: input.collectionId })
              .andWhere('d.name LIKE :prefix', { prefix: likePrefix(input.desiredName) })
              .getRawMany<{ name: string }>()
          ).map((r) => r.name),
        );
        let name = '';
        for (name of candidateNames(input.desiredName, input.nameStyle === 'file')) {
          if (!taken.has(name)) break;
        }
        await docs.insert({
          id: input.documentId,
          collection_id: input.collectionId,
          name,
          source_type: input.sourceType,
          source_key: input.sourceKey,
          source_id: input.sourceId,
          source_url: input.sourceUrl,
          page_url_template: input.pageUrlTemplate,
          version: input.version,
          page_count: input.pageCount,
          chunk_count: input.chunkCount,
          created_at: input.at,
          updated_at: input.at,
        });
      }
      if (await this.settleItem(sql, input.ingestionId, input.sourceId, 'processed')) {
        await this.bump(sql, input.ingestionId, {
          documents_processed: 1,
          chunks_indexed: input.chunkCount,
        });
      }
      if (input.warning !== undefined) {
        await m.getRepository(this.entities.IngestionFailure).insert({
          ingestion_id: input.ingestionId,
          kind: 'warning',
          source_id: input.sourceId,
          doc_name: input.desiredName,
          message: input.warning,
          created_at: new Date(),
        });
      }
      await m
        .getRepository(this.entities.Collection)
        .update({ id: input.collectionId }, { updated_at: input.at });
      return toDocument(await docs.findOneByOrFail({ id: input.documentId }));
    });
  }

  async recordFailure(input: FailedItem): Promise<void> {
    await this.db.transaction(async (m, sql) => {
      // A failure straight from the listing was never marked discovered: count it as listed too.
      const inserted = await this.insertItem(sql, input.ingestionId, input.sourceId, 'failed');
      const settled =
        inserted || (await this.settleItem(sql, input.ingestionId, input.sourceId, 'failed'));
      if (!settled) return;
      await this.bump(sql, input.ingestionId, {
        documents_failed: 1,
        ...(inserted ? { documents_discovered: 1 } : {}),
      });
      await m.getRepository(this.entities.IngestionFailure).insert({
        ingestion_id: input.ingestionId,
        kind: 'failure',
        source_id: input.sourceId,
        doc_name: input.docName,
        message: input.message,
        created_at: new Date(),
      });
    });
  }

  async listDocumentsNotSeen(
    collectionId: string,
    sourceKey: string,
    ingestionId: string,
  ): Promise<DocumentRecord[]> {
    return this.db.run(async (m) => {
      const rows = await m
        .getRepository(this.entities.Document)
        .createQueryBuilder('d')
        .where('d.collection_id = :collectionId', { collectionId })
        .andWhere('d.source_key = :sourceKey', { sourceKey })
        .andWhere(
          'NOT EXISTS (SELECT 1 FROM ingestion_items i WHERE i.ingestion_id = :ingestionId AND i.source_id = d.source_id)',
          { ingestionId },
        )
        .getMany();
      return rows.map(toDocument);
    });
  }

  async deleteDocument(documentId: string): Promise<void> {
    await this.db.run((m) => m.getRepository(this.entities.Document).delete({ id: documentId }));
  }

  /** Adds the item row; false when this ingestion already has it. */
  private async insertItem(
    sql: SqlRunner,
    ingestionId: string,
    sourceId: string,
    outcome: ItemOutcome | 'discovered',
  ): Promise<boolean> {
    const inserted = await sql.exec(
      this.db.insertIgnore('ingestion_items', ['ingestion_id', 'source_id', 'outcome']),
      [ingestionId, sourceId, outcome],
    );
    return inserted > 0;
  }

  /** Moves a listed item out of `discovered`; true only the first time. */
  private async settleItem(
    sql: SqlRunner,
    ingestionId: string,
    sourceId: string,
    outcome: ItemOutcome,
  ): Promise<boolean> {
    const changed = await sql.exec(
      "UPDATE ingestion_items SET outcome = ? WHERE ingestion_id = ? AND source_id = ? AND outcome = 'discovered'",
      [outcome, ingestionId, sourceId],
    );
    return changed > 0;
  }

  private async bump(
    sql: SqlRunner,
    ingestionId: string,
    deltas: Partial<Record<ProgressColumn, number>>,
  ): Promise<void> {
    const entries = Object.entries(deltas).filter(([, v]) => v !== 0);
    if (entries.length === 0) return;
    await sql.exec(
      `UPDATE ingestions SET ${entries.map(([k]) => `${k} = ${k} + ?`).join(', ')} WHERE id = ?`,
      [...entries.map(([, v]) => v as number), ingestionId],
    );
  }
}

/** LIKE pattern matching every name `candidateNames` can produce for `desired`. */
function likePrefix(desired: string): string {
  const stem = desired.replace(/\.[A-Za-z][A-Za-z0-9]{0,7}$/, '').slice(0, 200);
  return `${stem.replace(/[%_]/g, '_')}%`;
}
