import { In, type EntityManager } from 'typeorm';
import type {
  IngestionErrorCode,
  IngestionProgress,
  IngestionRecord,
  IngestionStatus,
  NewIngestion,
  PendingBatch,
} from '../ports/ingestions';
import type { IngestionRow } from './rows';
import type { Entities } from './schema';

/** The names of collections and of their namespaces, by collection id. */
export async function collectionNames(
  m: EntityManager,
  entities: Entities,
  collectionIds: string[],
): Promise<Map<string, { namespaceName: string; collectionName: string }>> {
  const collections = await m
    .getRepository(entities.Collection)
    .findBy({ id: In([...new Set(collectionIds)]) });
  const namespaces = await m
    .getRepository(entities.Namespace)
    .findBy({ id: In([...new Set(collections.map((c) => c.namespace_id))]) });
  const namespaceById = new Map(namespaces.map((n) => [n.id, n]));
  return new Map(
    collections.map((c) => [
      c.id,
      { namespaceName: namespaceById.get(c.namespace_id)?.name ?? '', collectionName: c.name },
    ]),
  );
}

/** The collections a list covers: the one asked for, or every collection of the namespace. */
export async function listedCollectionIds(
  m: EntityManager,
  entities: Entities,
  query: { namespaceId: string; collectionId?: string },
): Promise<string[]> {
  if (query.collectionId) return [query.collectionId];
  const rows = await m.getRepository(entities.Collection).find({
    select: { id: true },
    where: { namespace_id: query.namespaceId },
  });
  return rows.map((c) => c.id);
}

/** A new ingestion's row: queued, nothing counted yet. */
export function newIngestionRow(input: NewIngestion): IngestionRow {
  return {
    id: input.id,
    account_id: input.accountId,
    collection_id: input.collectionId,
    type: input.type,
    spec_json: JSON.stringify(input.spec),
    secrets: input.secrets,
    source_key: input.sourceKey,
    status: 'queued',
    cancel_requested: false,
    created_at: input.createdAt,
    started_at: null,
    finished_at: null,
    documents_discovered: 0,
    documents_processed: 0,
    documents_skipped: 0,
    documents_failed: 0,
    documents_unsupported: 0,
    chunks_indexed: 0,
    error_code: null,
    error_message: null,
    checkpoint: null,
    listing_end: null,
    batches_recorded: 0,
    batches_committed: 0,
    fetch_failure_streak: 0,
    fetch_outcomes: '',
    progress_at: null,
    listing_generation: 0,
    finalize_generation: 0,
  };
}

/** Ingestion rows with their collection's and namespace's names, in the order given. */
export async function hydrateIngestions(
  m: EntityManager,
  entities: Entities,
  rows: IngestionRow[],
): Promise<IngestionRecord[]> {
  if (rows.length === 0) return [];
  const names = await collectionNames(
    m,
    entities,
    rows.map((r) => r.collection_id),
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    collectionId: row.collection_id,
    namespaceName: names.get(row.collection_id)?.namespaceName ?? '',
    collectionName: names.get(row.collection_id)?.collectionName ?? '',
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
    progressAt: row.progress_at,
    listingGeneration: Number(row.listing_generation),
    finalizeGeneration: Number(row.finalize_generation),
  }));
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
    documentsUnsupported: Number(row.documents_unsupported),
    chunksIndexed: Number(row.chunks_indexed),
  };
}

/** An ingestion's batches not committed yet, in order. */
export async function pendingBatches(
  m: EntityManager,
  entities: Entities,
  ingestionId: string,
): Promise<PendingBatch[]> {
  const rows = await m.getRepository(entities.IngestionBatch).find({
    select: { seq: true, generation: true },
    where: { ingestion_id: ingestionId, state: 'pending' },
    order: { seq: 'ASC' },
  });
  return rows.map((row) => ({ seq: Number(row.seq), generation: Number(row.generation) }));
}

/**
 * The batches of an ingestion that ended: committed ones are forgotten, pending ones kept as
 * `abandoned` (payload dropped) so the reconciler can remove from the index what an
 * interrupted attempt wrote and never committed.
 */
export async function abandonBatches(
  m: EntityManager,
  entities: Entities,
  ingestionId: string,
): Promise<void> {
  const batches = m.getRepository(entities.IngestionBatch);
  await batches.update(
    { ingestion_id: ingestionId, state: 'pending' },
    { state: 'abandoned', payload: null },
  );
  await batches.delete({ ingestion_id: ingestionId, state: 'committed' });
}
