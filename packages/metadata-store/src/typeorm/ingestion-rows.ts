import { In, type EntityManager } from 'typeorm';
import type {
  IngestionErrorCode,
  IngestionProgress,
  IngestionRecord,
  IngestionStatus,
} from '../ports/ingestions';
import type { IngestionRow } from './rows';
import type { Entities } from './schema';

/** Ingestion rows with their collection's and namespace's names, in the order given. */
export async function hydrateIngestions(
  m: EntityManager,
  entities: Entities,
  rows: IngestionRow[],
): Promise<IngestionRecord[]> {
  if (rows.length === 0) return [];
  const collections = await m
    .getRepository(entities.Collection)
    .findBy({ id: In([...new Set(rows.map((r) => r.collection_id))]) });
  const namespaces = await m
    .getRepository(entities.Namespace)
    .findBy({ id: In([...new Set(collections.map((c) => c.namespace_id))]) });
  const collectionById = new Map(collections.map((c) => [c.id, c]));
  const namespaceById = new Map(namespaces.map((n) => [n.id, n]));
  return rows.map((row) => {
    const collection = collectionById.get(row.collection_id);
    const namespace = collection && namespaceById.get(collection.namespace_id);
    return {
      id: row.id,
      accountId: row.account_id,
      collectionId: row.collection_id,
      namespaceName: namespace?.name ?? '',
      collectionName: collection?.name ?? '',
      type: row.type,
      spec: JSON.parse(row.spec_json) as Record<string, unknown>,
      secrets: row.secrets,
      sourceKey: row.source_key,
      status: row.status as IngestionStatus,
      cancelRequested: Boolean(row.cancel_requested),
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      progress: toProgress(row),
      errorCode: row.error_code as IngestionErrorCode | null,
      errorMessage: row.error_message,
      checkpoint: row.checkpoint,
    };
  });
}

export async function loadIngestion(
  m: EntityManager,
  entities: Entities,
  id: string,
): Promise<IngestionRecord | null> {
  const row = await m.getRepository(entities.Ingestion).findOneBy({ id });
  if (!row) return null;
  return (await hydrateIngestions(m, entities, [row]))[0] ?? null;
}

export function toProgress(row: IngestionRow): IngestionProgress {
  return {
    documentsDiscovered: Number(row.documents_discovered),
    documentsProcessed: Number(row.documents_processed),
    documentsSkipped: Number(row.documents_skipped),
    documentsFailed: Number(row.documents_failed),
    chunksIndexed: Number(row.chunks_indexed),
  };
}

/** Seqs of an ingestion's batches not committed yet, in order. */
export async function pendingBatchSeqs(
  m: EntityManager,
  entities: Entities,
  ingestionId: string,
): Promise<number[]> {
  const rows = await m.getRepository(entities.IngestionBatch).find({
    select: { seq: true },
    where: { ingestion_id: ingestionId, state: 'pending' },
    order: { seq: 'ASC' },
  });
  return rows.map((row) => Number(row.seq));
}
