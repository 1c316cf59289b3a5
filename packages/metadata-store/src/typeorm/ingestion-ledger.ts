import { In } from 'typeorm';
import type { DocumentRecord } from '../ports/catalog';
import { ingestionLeaseHolder } from '../ports/collection-lock';
import {
  IngestionFencedError,
  type Admission,
  type BatchProgress,
  type FailedItem,
  type FetchTally,
  type IngestionLedger,
  type ListedDocument,
  type ListingEnd,
  type ListingStep,
  type ProcessedDocument,
  type StoredBatch,
} from '../ports/ingestion-ledger';
import {
  TERMINAL_STATUSES,
  type IngestionErrorCode,
  type IngestionProgress,
  type IngestionRecord,
  type IngestionStatus,
  type PendingBatch,
} from '../ports/ingestions';
import { candidateNames, cleanDocumentName } from './document-names';
import { abandonBatches, loadIngestion, pendingBatches, toProgress } from './ingestion-rows';
import { toDocument } from './record-mappers';
import type { IngestionRow } from './rows';
import type { SqlContext } from './sql-context';
import type { SqlRunner } from './sql-runner';

/** What happened to one listed document in one ingestion, once it is settled. */
type ItemOutcome = 'processed' | 'skipped' | 'failed';
/** Listed and not settled yet: `discovered`, then `batched` once handed to a batch job. */
const UNSETTLED = "('discovered', 'batched')";
/** Statuses in which an ingestion may still write. */
const ACTIVE: readonly string[] = ['queued', 'running'];
/** Most fetch outcomes the tally keeps (the column's width). */
const MAX_FETCH_WINDOW = 1024;

type ProgressColumn =
  | 'documents_discovered'
  | 'documents_processed'
  | 'documents_skipped'
  | 'documents_failed'
  | 'documents_unsupported'
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
      const changes: Partial<IngestionRow> = { status: 'running', progress_at: at };
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
      await abandonBatches(m, this.entities, id);
      await repo.update({ id }, { checkpoint: null });
      return ended ? toProgress(row) : null;
    });
  }

  async admitDocument(listed: ListedDocument): Promise<Admission> {
    return this.db.transaction(async (m, sql) => {
      const { ingestionId, sourceId } = listed;
      await this.fence(sql, ingestionId);
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

  async indexedVersion(
    collectionId: string,
    sourceKey: string,
    sourceId: string,
  ): Promise<string | null> {
    const row = await this.db.run((m) =>
      m.getRepository(this.entities.Document).findOneBy({
        collection_id: collectionId,
        source_key: sourceKey,
        source_id: sourceId,
      }),
    );
    return row?.version ?? null;
  }

  async commitProcessed(input: ProcessedDocument): Promise<DocumentRecord> {
    type Outcome =
      { document: DocumentRecord } | { fenced: 'ended' | 'superseded'; adopted: boolean };
    const outcome = await this.db.transaction(async (m, sql): Promise<Outcome> => {
      const fenced = await this.fencedBecause(sql, input.ingestionId);
      // Name allocation reads then inserts: on PostgreSQL (read committed) concurrent commits
      // into one collection must take turns. SQLite transactions are serialised already.
      if (this.db.dialect === 'postgres') {
        await sql.rows('SELECT pg_advisory_xact_lock(hashtext(?))', [input.collectionId]);
      }
      const docs = m.getRepository(this.entities.Document);
      const existing = await docs.findOneBy({ id: input.documentId });
      if (fenced) {
        // Superseded: the collection's new holder lists and writes this document itself.
        if (fenced === 'superseded' || !existing) return { fenced, adopted: false };
        // Ended: the batch's chunks replaced the listed document's in the index already, and
        // nothing will write it again: the catalog describes them (nothing of the ingestion's
        // own bookkeeping moves).
        await docs.update({ id: input.documentId }, documentVersion(input));
        return { fenced, adopted: true };
      }
      if (existing) {
        await docs.update({ id: input.documentId }, documentVersion(input));
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
      return { document: toDocument(await docs.findOneByOrFail({ id: input.documentId })) };
    });
    if ('fenced' in outcome) {
      throw new IngestionFencedError(input.ingestionId, outcome.fenced, outcome.adopted);
    }
    return outcome.document;
  }

  async recordFailure(input: FailedItem): Promise<void> {
    await this.db.transaction(async (m, sql) => {
      await this.fence(sql, input.ingestionId);
      // A failure straight from the listing was never marked discovered: count it as listed too.
      const inserted = await this.insertItem(sql, input.ingestionId, input.sourceId, 'failed');
      const settled =
        inserted || (await this.settleItem(sql, input.ingestionId, input.sourceId, 'failed'));
      if (!settled) return;
      await this.bump(sql, input.ingestionId, {
        ...(input.unsupported ? { documents_unsupported: 1 } : { documents_failed: 1 }),
        ...(inserted ? { documents_discovered: 1 } : {}),
      });
      await m.getRepository(this.entities.IngestionFailure).insert({
        ingestion_id: input.ingestionId,
        kind: input.unsupported ? 'unsupported' : 'failure',
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
    limit?: number,
  ): Promise<DocumentRecord[]> {
    return this.db.run(async (m) => {
      const query = m
        .getRepository(this.entities.Document)
        .createQueryBuilder('d')
        .where('d.collection_id = :collectionId', { collectionId })
        .andWhere('d.source_key = :sourceKey', { sourceKey })
        .andWhere(
          'NOT EXISTS (SELECT 1 FROM ingestion_items i WHERE i.ingestion_id = :ingestionId AND i.source_id = d.source_id)',
          { ingestionId },
        )
        .orderBy('d.created_at', 'ASC')
        .addOrderBy('d.id', 'ASC');
      if (limit !== undefined) query.limit(limit);
      return (await query.getMany()).map(toDocument);
    });
  }

  async deleteDocument(documentId: string): Promise<void> {
    await this.db.run((m) => m.getRepository(this.entities.Document).delete({ id: documentId }));
  }

  async recordListing(step: ListingStep): Promise<{ seqs: number[]; progress: BatchProgress }> {
    return this.db.transaction(async (m, sql) => {
      const { ingestionId, batches } = step;
      // The ingestion's row first (the fence locks it): the batch commits lock it too, so on
      // PostgreSQL the two take turns and whichever comes second sees what the other did.
      await this.fence(sql, ingestionId);
      const sets = ['batches_recorded = batches_recorded + ?', 'progress_at = ?'];
      const params: Array<string | number | Date> = [batches.length, new Date()];
      if (step.checkpoint !== undefined) {
        sets.push('checkpoint = ?');
        params.push(step.checkpoint);
      }
      if (step.end !== undefined) {
        sets.push('listing_end = COALESCE(listing_end, ?)');
        params.push(step.end);
      }
      await sql.exec(`UPDATE ingestions SET ${sets.join(', ')} WHERE id = ?`, [
        ...params,
        ingestionId,
      ]);
      const row = await m.getRepository(this.entities.Ingestion).findOneBy({ id: ingestionId });
      if (!row) throw new Error(`no ingestion ${ingestionId}`);
      const first = Number(row.batches_recorded) - batches.length + 1;
      const now = new Date();
      const seqs: number[] = [];
      for (const [i, batch] of batches.entries()) {
        const seq = first + i;
        seqs.push(seq);
        await m.getRepository(this.entities.IngestionBatch).insert({
          ingestion_id: ingestionId,
          seq,
          state: 'pending',
          document_count: batch.sourceIds.length,
          source_ids: JSON.stringify(batch.sourceIds),
          payload: batch.payload,
          worker: null,
          created_at: now,
          committed_at: null,
          generation: 0,
        });
        for (let at = 0; at < batch.sourceIds.length; at += 200) {
          const ids = batch.sourceIds.slice(at, at + 200);
          await sql.exec(
            `UPDATE ingestion_items SET outcome = 'batched'
             WHERE ingestion_id = ? AND outcome = 'discovered' AND source_id IN (${ids.map(() => '?').join(', ')})`,
            [ingestionId, ...ids],
          );
        }
      }
      return { seqs, progress: batchProgressOf(row) };
    });
  }

  async getBatch(ingestionId: string, seq: number): Promise<StoredBatch | null> {
    return this.db.run(async (m) => {
      const row = await m
        .getRepository(this.entities.IngestionBatch)
        .findOneBy({ ingestion_id: ingestionId, seq });
      // An abandoned batch belongs to an ingestion that ended: nothing is left to do.
      if (!row || row.state === 'abandoned') return null;
      const sourceIds = JSON.parse(row.source_ids) as string[];
      const unsettled = new Set<string>();
      for (let at = 0; at < sourceIds.length; at += 200) {
        const items = await m.getRepository(this.entities.IngestionItem).find({
          select: { source_id: true },
          where: {
            ingestion_id: ingestionId,
            source_id: In(sourceIds.slice(at, at + 200)),
            outcome: 'batched',
          },
        });
        for (const item of items) unsettled.add(item.source_id);
      }
      return {
        seq: Number(row.seq),
        committed: row.state === 'committed',
        payload: row.payload,
        unsettled: sourceIds.filter((id) => unsettled.has(id)),
      };
    });
  }

  async listPendingBatches(ingestionId: string): Promise<PendingBatch[]> {
    return this.db.run((m) => pendingBatches(m, this.entities, ingestionId));
  }

  async commitBatch(
    ingestionId: string,
    seq: number,
    worker: string,
    at: Date,
  ): Promise<{ committedNow: boolean; progress: BatchProgress }> {
    return this.db.transaction(async (m, sql) => {
      // The ingestion's row first, as every writer takes it (see recordListing).
      await this.fence(sql, ingestionId);
      const committedNow =
        (await sql.exec(
          `UPDATE ingestion_batches SET state = 'committed', worker = ?, committed_at = ?, payload = NULL
           WHERE ingestion_id = ? AND seq = ? AND state = 'pending'`,
          [worker, at, ingestionId, seq],
        )) > 0;
      await sql.exec(
        'UPDATE ingestions SET batches_committed = batches_committed + ?, progress_at = ? WHERE id = ?',
        [committedNow ? 1 : 0, at, ingestionId],
      );
      const row = await m.getRepository(this.entities.Ingestion).findOneBy({ id: ingestionId });
      if (!row) throw new Error(`no ingestion ${ingestionId}`);
      return { committedNow, progress: batchProgressOf(row) };
    });
  }

  async batchProgress(ingestionId: string): Promise<BatchProgress> {
    return this.db.run(async (m) => {
      const row = await m.getRepository(this.entities.Ingestion).findOneBy({ id: ingestionId });
      if (!row) throw new Error(`no ingestion ${ingestionId}`);
      return batchProgressOf(row);
    });
  }

  async noteDocumentFetch(
    ingestionId: string,
    failed: boolean,
    windowSize: number,
  ): Promise<FetchTally> {
    const window = Math.max(1, Math.min(MAX_FETCH_WINDOW, Math.floor(windowSize)));
    return this.db.transaction(async (m, sql) => {
      // The update takes the row's lock before the read: concurrent workers never lose a note.
      await sql.exec(
        `UPDATE ingestions SET fetch_failure_streak = ${failed ? 'fetch_failure_streak + 1' : '0'} WHERE id = ?`,
        [ingestionId],
      );
      const row = await m.getRepository(this.entities.Ingestion).findOneBy({ id: ingestionId });
      if (!row) throw new Error(`no ingestion ${ingestionId}`);
      const outcomes = `${row.fetch_outcomes ?? ''}${failed ? '1' : '0'}`.slice(-window);
      await sql.exec('UPDATE ingestions SET fetch_outcomes = ? WHERE id = ?', [
        outcomes,
        ingestionId,
      ]);
      return {
        streak: Number(row.fetch_failure_streak),
        failures: outcomes.split('').filter((c) => c === '1').length,
        window: outcomes.length,
      };
    });
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

  /** Settles a listed item (discovered or batched); true only the first time. */
  private async settleItem(
    sql: SqlRunner,
    ingestionId: string,
    sourceId: string,
    outcome: ItemOutcome,
  ): Promise<boolean> {
    const changed = await sql.exec(
      `UPDATE ingestion_items SET outcome = ? WHERE ingestion_id = ? AND source_id = ? AND outcome IN ${UNSETTLED}`,
      [outcome, ingestionId, sourceId],
    );
    return changed > 0;
  }

  /**
   * Why the ingestion may no longer write, or null when it may: it ended (or a cancel was
   * asked), or its collection's lease has another holder (a newer ingestion took it after this
   * one's lapsed, a collection is being deleted). On PostgreSQL the ingestion's row stays locked
   * to the end of the transaction, so a cancel either waits for the write or the write sees it.
   */
  private async fencedBecause(
    sql: SqlRunner,
    ingestionId: string,
  ): Promise<'ended' | 'superseded' | null> {
    const lock = this.db.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const [row] = await sql.rows<{
      status: string;
      cancel_requested: boolean | number;
      collection_id: string;
    }>(`SELECT status, cancel_requested, collection_id FROM ingestions WHERE id = ?${lock}`, [
      ingestionId,
    ]);
    if (!row || !ACTIVE.includes(row.status) || Boolean(Number(row.cancel_requested))) {
      return 'ended';
    }
    const [lease] = await sql.rows<{ holder: string }>(
      'SELECT holder FROM collection_locks WHERE collection_id = ?',
      [row.collection_id],
    );
    return lease && lease.holder !== ingestionLeaseHolder(ingestionId) ? 'superseded' : null;
  }

  /** Throws IngestionFencedError unless the ingestion may still write (see fencedBecause). */
  private async fence(sql: SqlRunner, ingestionId: string): Promise<void> {
    const fenced = await this.fencedBecause(sql, ingestionId);
    if (fenced) throw new IngestionFencedError(ingestionId, fenced);
  }

  private async bump(
    sql: SqlRunner,
    ingestionId: string,
    deltas: Partial<Record<ProgressColumn, number>>,
  ): Promise<void> {
    const entries = Object.entries(deltas).filter(([, v]) => v !== 0);
    if (entries.length === 0) return;
    // Any counter that moves is progress: the reconciler tells a stalled run by it.
    await sql.exec(
      `UPDATE ingestions SET ${entries.map(([k]) => `${k} = ${k} + ?`).join(', ')}, progress_at = ? WHERE id = ?`,
      [...entries.map(([, v]) => v as number), new Date(), ingestionId],
    );
  }
}

/** LIKE pattern matching every name `candidateNames` can produce for `desired`. */
function likePrefix(desired: string): string {
  const stem = cleanDocumentName(desired)
    .replace(/\.[A-Za-z][A-Za-z0-9]{0,7}$/, '')
    .slice(0, 200);
  return `${stem.replace(/[%_]/g, '_')}%`;
}

/** What a commit writes of a document's version (new or replaced). */
function documentVersion(input: ProcessedDocument) {
  return {
    version: input.version,
    page_count: input.pageCount,
    chunk_count: input.chunkCount,
    source_url: input.sourceUrl,
    page_url_template: input.pageUrlTemplate,
    updated_at: input.at,
  };
}

function batchProgressOf(row: IngestionRow): BatchProgress {
  const listingEnd = row.listing_end as ListingEnd | null;
  const batchesRecorded = Number(row.batches_recorded);
  const batchesCommitted = Number(row.batches_committed);
  return {
    listingEnd,
    batchesRecorded,
    batchesCommitted,
    finalizeDue: listingEnd !== null && batchesCommitted >= batchesRecorded,
    finalizeGeneration: Number(row.finalize_generation),
  };
}
