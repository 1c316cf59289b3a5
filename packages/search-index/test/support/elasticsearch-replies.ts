// Response bodies shaped like Elasticsearch 9.x writes them (fields the adapter ignores included),
// for the nock tests. Every reply carries the header the client's product check requires.

export const ES_HEADERS = {
  'x-elastic-product': 'Elasticsearch',
  'content-type': 'application/json',
};

const SHARDS = { total: 1, successful: 1, skipped: 0, failed: 0 };

export type Reply = [number, object, Record<string, string>];

export function ok(body: object, status = 200): Reply {
  return [status, body, ES_HEADERS];
}

export function errorReply(
  status: number,
  type: string,
  reason: string,
  extra: Record<string, unknown> = {},
): Reply {
  const cause = { type, reason, ...extra };
  return [status, { error: { root_cause: [cause], ...cause }, status }, ES_HEADERS];
}

export function indexNotFound(index: string): Reply {
  return errorReply(404, 'index_not_found_exception', `no such index [${index}]`, {
    'resource.type': 'index_or_alias',
    'resource.id': index,
    index_uuid: '_na_',
    index,
  });
}

export function mappingReply(
  concreteIndex: string,
  collectionId: string,
  dimensions: number,
  /** False: an index made before sentence vectors and layouts were stored. */
  withStoredOnlyFields = true,
): Reply {
  return ok({
    [concreteIndex]: {
      mappings: {
        dynamic: 'strict',
        _meta: { docent: { schema_version: 1, collection_id: collectionId, dimensions } },
        properties: {
          chunk_id: { type: 'keyword' },
          document_id: { type: 'keyword' },
          vector: {
            type: 'dense_vector',
            dims: dimensions,
            index: true,
            similarity: 'dot_product',
            index_options: { type: 'int8_hnsw', m: 16, ef_construction: 100 },
          },
          ...(withStoredOnlyFields && {
            extras: { type: 'binary' },
            sentence_vectors: { type: 'binary' },
            layout: { type: 'keyword', index: false, doc_values: false },
          }),
        },
      },
    },
  });
}

export function createdIndexReply(concreteIndex: string): Reply {
  return ok({ acknowledged: true, shards_acknowledged: true, index: concreteIndex });
}

export function documentNotFound(concreteIndex: string, id: string): Reply {
  return [404, { _index: concreteIndex, _id: id, found: false }, ES_HEADERS];
}

export function manifestReply(
  concreteIndex: string,
  id: string,
  documentId: string,
  chunkIds: string[],
): Reply {
  return ok({
    _index: concreteIndex,
    _id: id,
    _version: 3,
    _seq_no: 12,
    _primary_term: 1,
    found: true,
    _source: { kind: 'manifest', manifest: { document_id: documentId, chunk_ids: chunkIds } },
  });
}

export function writtenReply(concreteIndex: string, id: string, result = 'created'): Reply {
  return ok(
    {
      _index: concreteIndex,
      _id: id,
      _version: 1,
      result,
      _shards: { total: 2, successful: 1, failed: 0 },
      _seq_no: 0,
      _primary_term: 1,
    },
    result === 'created' ? 201 : 200,
  );
}

type BulkAction = 'index' | 'delete';

/** A bulk item: `status` 429 or 400 makes it a failure with that error. */
export interface BulkItemSpec {
  action: BulkAction;
  id: string;
  status?: number;
  error?: { type: string; reason: string };
}

export function bulkReply(concreteIndex: string, items: BulkItemSpec[]): Reply {
  return ok({
    errors: items.some((item) => item.error !== undefined),
    took: 7,
    items: items.map(({ action, id, status, error }) => ({
      [action]: error
        ? { _index: concreteIndex, _id: id, status: status ?? 400, error }
        : {
            _index: concreteIndex,
            _id: id,
            _version: 2,
            result: action === 'index' ? 'updated' : status === 404 ? 'not_found' : 'deleted',
            _shards: { total: 2, successful: 1, failed: 0 },
            _seq_no: 4,
            _primary_term: 1,
            status: status ?? 200,
          },
    })),
  });
}

export const REJECTED_EXECUTION = {
  type: 'es_rejected_execution_exception',
  reason:
    'rejected execution of coordinating operation [coordinating_and_primary_bytes=0, replica_bytes=0, all_bytes=0, coordinating_operation_bytes=59812, max_coordinating_and_primary_bytes=53687091]',
};

/** Ids and scores of a ranking request (`_source: false`, `track_total_hits: false`). */
export function rankingBody(concreteIndex: string, hits: Array<[id: string, score: number]>) {
  return {
    took: 3,
    timed_out: false,
    _shards: SHARDS,
    hits: {
      max_score: hits[0]?.[1] ?? null,
      hits: hits.map(([id, score]) => ({ _index: concreteIndex, _id: id, _score: score })),
    },
  };
}

export function rankingReply(
  concreteIndex: string,
  hits: Array<[id: string, score: number]>,
): Reply {
  return ok(rankingBody(concreteIndex, hits));
}

export function msearchReply(bodies: object[]): Reply {
  return ok({
    took: 5,
    responses: bodies.map((body) => ('error' in body ? body : { ...body, status: 200 })),
  });
}

export interface StoredChunk {
  chunk_id: string;
  document_id: string;
  ordinal: number;
  page_num: number;
  text: string;
  headings: string;
  title: string;
}

export function storedChunk(documentId: string, ordinal: number, text: string): StoredChunk {
  return {
    chunk_id: `${documentId}:${ordinal}`,
    document_id: documentId,
    ordinal,
    page_num: ordinal + 1,
    text,
    headings: 'Section',
    title: `Title of ${documentId}`,
  };
}

/**
 * Hits with `_source`: the hits' fetch (an `ids` query, every score 1) or, `sorted`, the
 * ordinal-sorted read of `getChunks`.
 */
export function sourcesReply(
  concreteIndex: string,
  hits: Array<{ source: StoredChunk }>,
  { sorted = false }: { sorted?: boolean } = {},
): Reply {
  return ok(
    sourcesBody(
      concreteIndex,
      hits.map((hit) => hit.source),
      { sorted },
    ),
  );
}

export function sourcesBody(
  concreteIndex: string,
  sources: StoredChunk[],
  { sorted = false }: { sorted?: boolean } = {},
) {
  return {
    took: 2,
    timed_out: false,
    _shards: SHARDS,
    hits: {
      max_score: sources.length > 0 && !sorted ? 1 : null,
      hits: sources.map((source) => ({
        _index: concreteIndex,
        _id: source.chunk_id,
        _score: sorted ? null : 1,
        _source: source,
        ...(sorted && { sort: [source.ordinal] }),
      })),
    },
  };
}

export function countReply(count: number): Reply {
  return ok({ count, _shards: SHARDS });
}

export function clusterHealthReply(status: 'green' | 'yellow' | 'red'): Reply {
  return ok({
    cluster_name: 'docker-cluster',
    status,
    timed_out: false,
    number_of_nodes: 1,
    number_of_data_nodes: 1,
    active_primary_shards: 12,
    active_shards: 12,
    relocating_shards: 0,
    initializing_shards: 0,
    unassigned_shards: status === 'green' ? 0 : 12,
    unassigned_primary_shards: status === 'red' ? 3 : 0,
    delayed_unassigned_shards: 0,
    number_of_pending_tasks: 0,
    number_of_in_flight_fetch: 0,
    task_max_waiting_in_queue_millis: 0,
    active_shards_percent_as_number: status === 'green' ? 100.0 : 50.0,
  });
}

/** A registry document, as a realtime GET returns it. */
export function registryReply(
  registryIndex: string,
  id: string,
  source: {
    collection_id: string;
    dimensions: number;
    layout: 'shared' | 'dedicated';
    index: string;
    key: string | null;
    state?: 'ready' | 'moving';
  },
): Reply {
  return ok({
    _index: registryIndex,
    _id: id,
    _version: 1,
    _seq_no: 3,
    _primary_term: 1,
    found: true,
    _source: { state: 'ready', updated_at: '2026-11-27T08:00:00.000Z', ...source },
  });
}
