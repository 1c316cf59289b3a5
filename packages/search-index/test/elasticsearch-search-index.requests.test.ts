import { createHash } from 'node:crypto';
import { HttpConnection } from '@elastic/elasticsearch';
import nock from 'nock';
import {
  ElasticsearchIndexError,
  ElasticsearchSearchIndex,
  type ElasticsearchSearchIndexOptions,
  SearchIndexUnavailableError,
  type SearchQuery,
} from '../src';
import { UnavailableError } from '@docent/domain-errors';
import { axis, chunk, DIMENSIONS, unit } from './conformance/search-index-fixtures';
import {
  bulkReply,
  clusterHealthReply,
  countReply,
  createdIndexReply,
  documentNotFound,
  errorReply,
  ES_HEADERS,
  indexNotFound,
  manifestReply,
  mappingReply,
  msearchReply,
  rankingBody,
  rankingReply,
  registryReply,
  sourcesBody,
  type StoredChunk,
  ok,
  REJECTED_EXECUTION,
  type Reply,
  sourcesReply,
  storedChunk,
  writtenReply,
} from './support/elasticsearch-replies';

// Every request the adapter sends, asserted at the HTTP level: method, path, query and body.
// Names are literals on purpose: the alias of collection "kb" is `docent-c-` + the first 32 hex
// digits of sha256("kb"), and a manifest `_id` is `#manifest:` + sha256(document id).

const NODE = 'http://es.test:9200';
const API_KEY = 'VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==';
const KB = 'kb';
const KB_ALIAS = 'docent-c-74fec0c33e96ab90ac88666979207a50';
const KB_INDEX = `${KB_ALIAS}-v1`;
const REGISTRY_ALIAS = 'docent-collections';
const REGISTRY_INDEX = `${REGISTRY_ALIAS}-v1`;
/** sha256("kb"): the collection's registry `_id`. */
const KB_REGISTRY_ID = '74fec0c33e96ab90ac88666979207a50a6ea7b9b3eea6ec0e8b916d64c0a0706';
const KB_REGISTRY_PATH = `/${REGISTRY_ALIAS}/_doc/${KB_REGISTRY_ID}`;
/** Where "kb" goes by default: shared index 1 of 2 (sha256 starts with an odd number). */
const KB_SHARED = 'docent-s-d8-1';
const KB_KEY = '0f1e2d3c4b5a6978';
const MANIFEST_A = '#manifest:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb';
const MANIFEST_HANDBOOK =
  '#manifest:b4128df29f3726b470dcc4b138fec23a39a7a2b8483bca2a2fa4b0c38931f9eb';
const HIT_FIELDS = [
  'chunk_id',
  'document_id',
  'ordinal',
  'page_num',
  'text',
  'headings',
  'title',
  'layout',
];

/** What ranking requests ask of a hit: its chunk id from doc values, no stored field. */
const RANKING_HIT = { _source: false, stored_fields: '_none_', docvalue_fields: ['chunk_id'] };

const opened: ElasticsearchSearchIndex[] = [];
let sleeps: number[];

function open(options: Partial<ElasticsearchSearchIndexOptions> = {}): ElasticsearchSearchIndex {
  const index = new ElasticsearchSearchIndex({
    node: NODE,
    auth: { apiKey: API_KEY },
    clientOptions: { Connection: HttpConnection, maxRetries: 0 },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  opened.push(index);
  return index;
}

/** Every interceptor checks that the API key travels with the request. */
function es(): nock.Scope {
  return nock(NODE, { reqheaders: { authorization: `ApiKey ${API_KEY}` } });
}

function docPath(id: string): string {
  return `/${KB_ALIAS}/_doc/${encodeURIComponent(id)}`;
}

function json(body: nock.Body): unknown {
  return typeof body === 'string' ? JSON.parse(body) : body;
}

function ndjson(body: nock.Body): unknown[] {
  expect(typeof body).toBe('string');
  expect((body as string).endsWith('\n')).toBe(true);
  return (body as string)
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** Replies with `reply` and records the request body. */
function recording(bodies: nock.Body[], reply: Reply | ((body: nock.Body) => Reply)) {
  return (_uri: string, body: nock.Body): Reply => {
    bodies.push(body);
    return typeof reply === 'function' ? reply(body) : reply;
  };
}

/** The registry says "kb" has a dedicated index (`times` reads of it). */
function knownCollection(scope: nock.Scope, dimensions = DIMENSIONS, times = 1): nock.Scope {
  return scope
    .get(KB_REGISTRY_PATH)
    .times(times)
    .query({ realtime: 'true' })
    .reply(
      ...registryReply(REGISTRY_INDEX, KB_REGISTRY_ID, {
        collection_id: KB,
        dimensions,
        layout: 'dedicated',
        index: KB_ALIAS,
        key: null,
      }),
    );
}

/** The registry says "kb" sits in a shared index under `KB_KEY`. */
function sharedCollection(scope: nock.Scope, times = 1): nock.Scope {
  return scope
    .get(KB_REGISTRY_PATH)
    .times(times)
    .query({ realtime: 'true' })
    .reply(
      ...registryReply(REGISTRY_INDEX, KB_REGISTRY_ID, {
        collection_id: KB,
        dimensions: DIMENSIONS,
        layout: 'shared',
        index: KB_SHARED,
        key: KB_KEY,
      }),
    );
}

/** The registry has no "kb" (and its index may not even exist yet). */
function unregistered(scope: nock.Scope, registryExists = true): nock.Scope {
  return scope
    .get(KB_REGISTRY_PATH)
    .query({ realtime: 'true' })
    .reply(
      ...(registryExists
        ? documentNotFound(REGISTRY_INDEX, KB_REGISTRY_ID)
        : indexNotFound(REGISTRY_ALIAS)),
    );
}

function hybridQuery(extra: Partial<SearchQuery> = {}): SearchQuery {
  return {
    collectionId: KB,
    text: 'How do I fix error E4711 during deployment?',
    vector: unit([0, 3], [1, 4]),
    documentIds: ['deploy-guide'],
    limit: 5,
    ...extra,
  };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  expect(String((error as Error).message)).not.toContain(API_KEY);
  return error as Error;
}

beforeAll(() => nock.disableNetConnect());
beforeEach(() => {
  sleeps = [];
});
afterEach(async () => {
  nock.cleanAll();
  for (const index of opened.splice(0)) await index.close();
});
afterAll(() => nock.enableNetConnect());

describe('ElasticsearchSearchIndex: collections', () => {
  const ANALYSIS = {
    tokenizer: {
      docent_words: { type: 'pattern', pattern: '[^\\p{L}\\p{N}\\p{Co}]+' },
    },
    filter: {
      docent_english_stemmer: { type: 'stemmer', language: 'english' },
    },
    analyzer: {
      docent_english: {
        type: 'custom',
        tokenizer: 'docent_words',
        filter: ['lowercase', 'asciifolding', 'docent_english_stemmer'],
      },
    },
  };
  const CHUNK_PROPERTIES = {
    kind: { type: 'keyword' },
    collection_id: { type: 'keyword' },
    document_id: { type: 'keyword' },
    chunk_id: { type: 'keyword' },
    ordinal: { type: 'integer' },
    page_num: { type: 'integer' },
    text: { type: 'text', analyzer: 'docent_english' },
    headings: { type: 'text', analyzer: 'docent_english' },
    title: { type: 'text', analyzer: 'docent_english' },
    vector: {
      type: 'dense_vector',
      dims: 8,
      index: true,
      similarity: 'dot_product',
      index_options: { type: 'int8_hnsw' },
    },
    extras: { type: 'binary' },
    sentence_vectors: { type: 'binary' },
    layout: { type: 'keyword', index: false, doc_values: false },
    manifest: { type: 'object', enabled: false },
  };
  /** The registry index, made on first use. */
  const registryCreated = (scope: nock.Scope, bodies: nock.Body[] = []) =>
    scope.put(`/${REGISTRY_INDEX}`).reply(recording(bodies, createdIndexReply(REGISTRY_INDEX)));
  const registryWrite = (scope: nock.Scope, bodies: nock.Body[]) =>
    scope
      .put(KB_REGISTRY_PATH)
      .query({ op_type: 'create', require_alias: 'true' })
      .reply(recording(bodies, writtenReply(REGISTRY_INDEX, KB_REGISTRY_ID)));

  it('puts a new collection into a shared index (made once), then records it in the registry', async () => {
    const created: nock.Body[] = [];
    const registry: nock.Body[] = [];
    const records: nock.Body[] = [];
    const scope = registryWrite(
      registryCreated(
        unregistered(es(), false)
          .get(`/${KB_ALIAS}/_mapping`)
          .reply(...indexNotFound(KB_ALIAS))
          .put(`/${KB_SHARED}-v1`)
          .reply(recording(created, createdIndexReply(`${KB_SHARED}-v1`))),
        registry,
      ),
      records,
    );
    const index = open({ clock: () => Date.parse('2026-11-27T08:00:00Z') });

    await index.ensureCollection(KB, 8);

    scope.done();
    expect(json(created[0]!)).toEqual({
      aliases: { [KB_SHARED]: {} },
      settings: { index: { number_of_shards: 1 }, analysis: ANALYSIS },
      mappings: {
        dynamic: 'strict',
        _meta: { docent: { schema_version: 1, layout: 'shared', dimensions: 8 } },
        // Every document is routed by its collection's key: a write without it fails.
        _routing: { required: true },
        properties: { collection_key: { type: 'keyword' }, ...CHUNK_PROPERTIES },
      },
    });
    expect(json(registry[0]!)).toMatchObject({
      aliases: { [REGISTRY_ALIAS]: {} },
      settings: { index: { number_of_shards: 1 } },
      mappings: { dynamic: 'strict', properties: { collection_id: { type: 'keyword' } } },
    });
    expect(json(records[0]!)).toEqual({
      collection_id: KB,
      dimensions: 8,
      layout: 'shared',
      index: KB_SHARED,
      key: expect.stringMatching(/^[0-9a-f]{16}$/),
      state: 'ready',
      updated_at: '2026-11-27T08:00:00.000Z',
    });

    // A second collection of the same size in the same shared index: no index is made again.
    const other = 'kb-2'; // sha256 starts with an odd number as well: slot 1 of 2
    const otherId = createHash('sha256').update(other).digest('hex');
    const second = es()
      .get(`/${REGISTRY_ALIAS}/_doc/${otherId}`)
      .query(true)
      .reply(...documentNotFound(REGISTRY_INDEX, otherId))
      .get(`/docent-c-${otherId.slice(0, 32)}/_mapping`)
      .reply(...indexNotFound(`docent-c-${otherId.slice(0, 32)}`))
      .put(`/${REGISTRY_ALIAS}/_doc/${otherId}`)
      .query(true)
      .reply(...writtenReply(REGISTRY_INDEX, otherId));
    await index.ensureCollection(other, 8);
    second.done();
  });

  it('with layout dedicated, creates the concrete index behind its alias, then records it', async () => {
    const bodies: nock.Body[] = [];
    const records: nock.Body[] = [];
    const scope = registryWrite(
      registryCreated(
        unregistered(es())
          .get(`/${KB_ALIAS}/_mapping`)
          .reply(...indexNotFound(KB_ALIAS))
          .put(`/${KB_INDEX}`)
          .reply(recording(bodies, createdIndexReply(KB_INDEX))),
      ),
      records,
    );

    await open({ layout: 'dedicated' }).ensureCollection(KB, 8);

    scope.done();
    expect(json(bodies[0]!)).toEqual({
      aliases: { [KB_ALIAS]: {} },
      settings: { index: { number_of_shards: 1 }, analysis: ANALYSIS },
      mappings: {
        dynamic: 'strict',
        _meta: { docent: { schema_version: 1, collection_id: KB, dimensions: 8 } },
        properties: CHUNK_PROPERTIES,
      },
    });
    expect(json(records[0]!)).toMatchObject({
      collection_id: KB,
      dimensions: 8,
      layout: 'dedicated',
      index: KB_ALIAS,
      key: null,
    });
  });

  it('passes the index options on to every index it makes', async () => {
    const bodies: nock.Body[] = [];
    const scope = registryWrite(
      registryCreated(
        unregistered(es())
          .get(`/${KB_ALIAS}/_mapping`)
          .reply(...indexNotFound(KB_ALIAS))
          .put(`/docent-s-d384-0-v1`)
          .reply(recording(bodies, createdIndexReply('docent-s-d384-0-v1'))),
        bodies,
      ),
      [],
    );

    await open({
      numberOfShards: 2,
      numberOfReplicas: 0,
      refreshInterval: '200ms',
      sharedIndices: 1,
    }).ensureCollection(KB, 384);

    scope.done();
    const [shared, registry] = bodies.map(
      (body) =>
        json(body) as {
          settings: { index: unknown };
          mappings: { properties: { vector?: { dims: number } } };
        },
    );
    expect(shared!.settings.index).toEqual({
      number_of_shards: 2,
      number_of_replicas: 0,
      refresh_interval: '200ms',
    });
    expect(shared!.mappings.properties.vector?.dims).toBe(384);
    // The registry is small: always one shard.
    expect(registry!.settings.index).toEqual({
      number_of_shards: 1,
      number_of_replicas: 0,
      refresh_interval: '200ms',
    });
  });

  it('reuses a collection with the same dimensions and refuses other dimensions', async () => {
    const mappings: nock.Body[] = [];
    const scope = knownCollection(es(), DIMENSIONS, 3)
      .put(`/${KB_ALIAS}/_mapping`)
      .reply(recording(mappings, [200, { acknowledged: true }, ES_HEADERS]));
    const index = open();

    await expect(index.ensureCollection(KB, DIMENSIONS)).resolves.toBeUndefined();
    await expect(index.ensureCollection(KB, DIMENSIONS)).resolves.toBeUndefined();
    await expect(index.ensureCollection(KB, DIMENSIONS * 2)).rejects.toThrow(
      'collection "kb" stores 8-dimensional vectors; cannot use it with 16 dimensions',
    );
    // Three registry reads, nothing created; the stored-only fields an earlier version's index
    // lacks (`extras`) are added once per process.
    scope.done();
    expect(mappings).toHaveLength(1);
    expect(Object.keys((json(mappings[0]!) as { properties: object }).properties)).toContain(
      'extras',
    );
  });

  it('finds a collection made before the registry by its own index, adds the stored-only fields, and records it as it is', async () => {
    const mappings: nock.Body[] = [];
    const records: nock.Body[] = [];
    const scope = registryWrite(
      registryCreated(
        unregistered(es(), false)
          .get(`/${KB_ALIAS}/_mapping`)
          .reply(...mappingReply(KB_INDEX, KB, DIMENSIONS, false))
          .put(`/${KB_ALIAS}/_mapping`)
          .reply(recording(mappings, [200, { acknowledged: true }, ES_HEADERS])),
      ),
      records,
    );

    await expect(open().ensureCollection(KB, DIMENSIONS)).resolves.toBeUndefined();
    scope.done();
    expect(json(mappings[0]!)).toEqual({
      properties: {
        extras: { type: 'binary' },
        sentence_vectors: { type: 'binary' },
        layout: { type: 'keyword', index: false, doc_values: false },
      },
    });
    expect(json(records[0]!)).toMatchObject({ layout: 'dedicated', index: KB_ALIAS, key: null });
  });

  it('accepts an index another process created between its check and its create', async () => {
    const scope = registryWrite(
      registryCreated(
        unregistered(es())
          .get(`/${KB_ALIAS}/_mapping`)
          .reply(...indexNotFound(KB_ALIAS))
          .put(`/${KB_INDEX}`)
          .reply(
            ...errorReply(
              400,
              'resource_already_exists_exception',
              `index [${KB_INDEX}/x6OQ3A3aRqWkxWl0jQ4u1g] already exists`,
              { index_uuid: 'x6OQ3A3aRqWkxWl0jQ4u1g', index: KB_INDEX },
            ),
          )
          .get(`/${KB_ALIAS}/_mapping`)
          .reply(...mappingReply(KB_INDEX, KB, DIMENSIONS)),
      ),
      [],
    );

    await expect(
      open({ layout: 'dedicated' }).ensureCollection(KB, DIMENSIONS),
    ).resolves.toBeUndefined();
    scope.done();
  });

  it('accepts the record another process wrote first, and checks its dimensions', async () => {
    const scope = unregistered(es())
      .get(`/${KB_ALIAS}/_mapping`)
      .reply(...indexNotFound(KB_ALIAS))
      .put(`/${KB_SHARED}-v1`)
      .reply(
        ...errorReply(400, 'resource_already_exists_exception', 'index already exists', {
          index: `${KB_SHARED}-v1`,
        }),
      )
      // Another process made the shared index, perhaps an earlier version: its fields are added.
      .put(`/${KB_SHARED}/_mapping`)
      .reply(200, { acknowledged: true }, ES_HEADERS)
      .put(`/${REGISTRY_INDEX}`)
      .reply(
        ...errorReply(400, 'resource_already_exists_exception', 'index already exists', {
          index: REGISTRY_INDEX,
        }),
      )
      .put(KB_REGISTRY_PATH)
      .query(true)
      .reply(
        ...errorReply(
          409,
          'version_conflict_engine_exception',
          `[${KB_REGISTRY_ID}]: version conflict, document already exists (current version [1])`,
        ),
      )
      .get(KB_REGISTRY_PATH)
      .query(true)
      .reply(
        ...registryReply(REGISTRY_INDEX, KB_REGISTRY_ID, {
          collection_id: KB,
          dimensions: 16,
          layout: 'shared',
          index: KB_SHARED,
          key: 'aaaaaaaaaaaaaaaa',
        }),
      );

    await expect(open().ensureCollection(KB, DIMENSIONS)).rejects.toThrow(
      'collection "kb" stores 16-dimensional vectors; cannot use it with 8 dimensions',
    );
    scope.done();
  });

  it('refuses an index of that name that Docent did not create', async () => {
    const scope = unregistered(es())
      .get(`/${KB_ALIAS}/_mapping`)
      .reply(
        200,
        { [KB_ALIAS]: { mappings: { properties: { text: { type: 'text' } } } } },
        ES_HEADERS,
      );

    await expect(open().ensureCollection(KB, DIMENSIONS)).rejects.toThrow(
      /exists but was not created by Docent/,
    );
    scope.done();
  });

  it('deletes a collection with its own index by deleting the concrete index, then its record', async () => {
    const scope = knownCollection(es())
      .get(`/_alias/${KB_ALIAS}`)
      .reply(200, { [KB_INDEX]: { aliases: { [KB_ALIAS]: {} } } }, ES_HEADERS)
      .delete(`/${KB_INDEX}`)
      .query({ ignore_unavailable: 'true' })
      .reply(200, { acknowledged: true }, ES_HEADERS)
      .delete(KB_REGISTRY_PATH)
      .reply(...writtenReply(REGISTRY_INDEX, KB_REGISTRY_ID, 'deleted'));
    const gone = unregistered(es())
      .get(`/_alias/${KB_ALIAS}`)
      .reply(404, { error: `alias [${KB_ALIAS}] missing`, status: 404 }, ES_HEADERS)
      .delete(KB_REGISTRY_PATH)
      .reply(...documentNotFound(REGISTRY_INDEX, KB_REGISTRY_ID));
    const index = open();

    await index.deleteCollection(KB);
    scope.done();
    await index.deleteCollection(KB); // already gone: nothing to delete
    gone.done();
  });

  it('deletes a collection in a shared index with a delete-by-query routed and filtered by its key', async () => {
    const bodies: nock.Body[] = [];
    const scope = sharedCollection(es())
      .post(`/${KB_SHARED}/_delete_by_query`)
      .query({ routing: KB_KEY, conflicts: 'proceed', refresh: 'true' })
      .reply(
        recording(bodies, [
          200,
          { took: 12, deleted: 3, batches: 1, version_conflicts: 0, failures: [] },
          ES_HEADERS,
        ]),
      )
      .get(`/_alias/${KB_ALIAS}`)
      .reply(404, { error: `alias [${KB_ALIAS}] missing`, status: 404 }, ES_HEADERS)
      .delete(KB_REGISTRY_PATH)
      .reply(...writtenReply(REGISTRY_INDEX, KB_REGISTRY_ID, 'deleted'));

    await open().deleteCollection(KB);
    scope.done();
    expect(json(bodies[0]!)).toEqual({
      query: { bool: { filter: [{ term: { collection_key: KB_KEY } }] } },
    });
  });

  it('on a cluster without _delete_by_query, deletes what a routed scan of the key finds, and remembers', async () => {
    const scans: nock.Body[] = [];
    const bulks: nock.Body[] = [];
    const noHandler = errorReply(
      400,
      'illegal_argument_exception',
      `no handler found for uri [/${KB_SHARED}/_delete_by_query?routing=${KB_KEY}&conflicts=proceed&refresh=true] and method [POST]`,
    );
    const scan = (scope: nock.Scope) =>
      scope
        .post(`/${KB_SHARED}/_pit`)
        .query({ keep_alive: '2m', routing: KB_KEY })
        .reply(200, { id: 'pit-1' }, ES_HEADERS)
        .post('/_search')
        .reply(
          recording(scans, [
            200,
            {
              pit_id: 'pit-1',
              hits: {
                hits: [
                  { _index: `${KB_SHARED}-v1`, _id: `${KB_KEY}:a:0`, sort: [7] },
                  { _index: `${KB_SHARED}-v1`, _id: `${KB_KEY}:#manifest:x`, sort: [9] },
                ],
              },
            },
            ES_HEADERS,
          ]),
        )
        .post(`/${KB_SHARED}/_bulk`)
        .query({ routing: KB_KEY, require_alias: 'true', refresh: 'wait_for' })
        .reply(
          recording(
            bulks,
            bulkReply(`${KB_SHARED}-v1`, [
              { action: 'delete', id: `${KB_KEY}:a:0` },
              { action: 'delete', id: `${KB_KEY}:#manifest:x` },
            ]),
          ),
        )
        .delete('/_pit')
        .reply(200, { succeeded: true, num_freed: 1 }, ES_HEADERS)
        .get(`/${KB_SHARED}/_refresh`)
        .reply(200, { _shards: { total: 1, successful: 1, failed: 0 } }, ES_HEADERS)
        .get(`/_alias/${KB_ALIAS}`)
        .reply(404, { error: `alias [${KB_ALIAS}] missing`, status: 404 }, ES_HEADERS)
        .delete(KB_REGISTRY_PATH)
        .reply(...writtenReply(REGISTRY_INDEX, KB_REGISTRY_ID, 'deleted'));
    const first = scan(
      sharedCollection(es())
        .post(`/${KB_SHARED}/_delete_by_query`)
        .query(true)
        .reply(...noHandler),
    );
    const index = open();

    await index.deleteCollection(KB);
    first.done();
    expect(json(scans[0]!)).toEqual({
      size: 1000,
      track_total_hits: false,
      pit: { id: 'pit-1', keep_alive: '2m' },
      query: { bool: { filter: [{ term: { collection_key: KB_KEY } }] } },
      sort: [{ _shard_doc: 'asc' }],
      _source: false,
    });
    expect(ndjson(bulks[0]!)).toEqual([
      { delete: { _id: `${KB_KEY}:a:0` } },
      { delete: { _id: `${KB_KEY}:#manifest:x` } },
    ]);

    // Remembered: the next delete scans at once.
    const second = scan(sharedCollection(es()));
    await index.deleteCollection(KB);
    second.done();
  });
});

describe('ElasticsearchSearchIndex: writes', () => {
  it('writes a new document: manifest first, then one bulk request that waits for a refresh', async () => {
    const manifests: nock.Body[] = [];
    const bulks: nock.Body[] = [];
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_A))
      .query({ realtime: 'true' })
      .reply(...documentNotFound(KB_INDEX, MANIFEST_A))
      .put(docPath(MANIFEST_A))
      .query({ require_alias: 'true' })
      .reply(recording(manifests, writtenReply(KB_INDEX, MANIFEST_A)))
      .post(`/${KB_ALIAS}/_bulk`)
      .query({ require_alias: 'true', refresh: 'wait_for' })
      .reply(
        recording(
          bulks,
          bulkReply(KB_INDEX, [
            { action: 'index', id: 'a:0' },
            { action: 'index', id: 'a:1' },
          ]),
        ),
      );

    await open().replaceDocumentChunks(KB, 'a', [
      chunk('a', 0, 'Deployment fails with E4711.', unit([0, 3], [1, 4]), {
        headings: 'Troubleshooting > Quotas',
        title: 'Deploy guide',
      }),
      // A zero vector has no direction: the chunk is indexed without one.
      chunk('a', 1, 'An empty embedding.', new Float32Array(DIMENSIONS), { pageNum: 2 }),
    ]);

    scope.done();
    expect(json(manifests[0]!)).toEqual({
      kind: 'manifest',
      manifest: { document_id: 'a', chunk_ids: ['a:0', 'a:1'] },
    });
    expect(ndjson(bulks[0]!)).toEqual([
      { index: { _id: 'a:0' } },
      {
        kind: 'chunk',
        collection_id: KB,
        chunk_id: 'a:0',
        document_id: 'a',
        ordinal: 0,
        page_num: 1,
        text: 'Deployment fails with E4711.',
        headings: 'Troubleshooting > Quotas',
        title: 'Deploy guide',
        // Normalised to unit length before it is written (float32 values).
        vector: [Math.fround(0.6), Math.fround(0.8), 0, 0, 0, 0, 0, 0],
      },
      { index: { _id: 'a:1' } },
      {
        kind: 'chunk',
        collection_id: KB,
        chunk_id: 'a:1',
        document_id: 'a',
        ordinal: 1,
        page_num: 2,
        text: 'An empty embedding.',
        headings: '',
        title: 'a',
      },
    ]);
  });

  it('replaces a shorter document in one bulk request (index, then delete), then narrows the manifest', async () => {
    const bulks: nock.Body[] = [];
    const manifests: nock.Body[] = [];
    const ids = ['handbook:0', 'handbook:1', 'handbook:2'];
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_HANDBOOK))
      .query(true)
      .reply(...manifestReply(KB_INDEX, MANIFEST_HANDBOOK, 'handbook', ids))
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .reply(
        recording(
          bulks,
          bulkReply(KB_INDEX, [
            { action: 'index', id: 'handbook:0' },
            { action: 'index', id: 'handbook:1' },
            { action: 'delete', id: 'handbook:2' },
          ]),
        ),
      )
      .put(docPath(MANIFEST_HANDBOOK))
      .query({ require_alias: 'true' })
      .reply(recording(manifests, writtenReply(KB_INDEX, MANIFEST_HANDBOOK, 'updated')));

    await open().replaceDocumentChunks(KB, 'handbook', [
      chunk('handbook', 0, 'Omega first.', axis(1)),
      chunk('handbook', 1, 'Omega second.', axis(1)),
    ]);

    scope.done();
    // The new ids were already in the manifest: no widening write before the bulk request.
    expect(
      ndjson(bulks[0]!).filter(
        (line) => 'index' in (line as object) || 'delete' in (line as object),
      ),
    ).toEqual([
      { index: { _id: 'handbook:0' } },
      { index: { _id: 'handbook:1' } },
      { delete: { _id: 'handbook:2' } },
    ]);
    expect(json(manifests[0]!)).toEqual({
      kind: 'manifest',
      manifest: { document_id: 'handbook', chunk_ids: ['handbook:0', 'handbook:1'] },
    });
  });

  it('replacing a document with no chunks deletes them all, then the manifest', async () => {
    const bulks: nock.Body[] = [];
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_HANDBOOK))
      .query(true)
      .reply(
        ...manifestReply(KB_INDEX, MANIFEST_HANDBOOK, 'handbook', ['handbook:0', 'handbook:1']),
      )
      .post(`/${KB_ALIAS}/_bulk`)
      .query({ require_alias: 'true', refresh: 'wait_for' })
      .reply(
        recording(
          bulks,
          bulkReply(KB_INDEX, [
            { action: 'delete', id: 'handbook:0' },
            { action: 'delete', id: 'handbook:1', status: 404 },
          ]),
        ),
      )
      .delete(docPath(MANIFEST_HANDBOOK))
      .reply(...writtenReply(KB_INDEX, MANIFEST_HANDBOOK, 'deleted'));

    await open().replaceDocumentChunks(KB, 'handbook', []);

    scope.done();
    expect(ndjson(bulks[0]!)).toEqual([
      { delete: { _id: 'handbook:0' } },
      { delete: { _id: 'handbook:1' } },
    ]);
  });

  it('writes several documents in one multi-get and three bulk requests: widen, write, narrow', async () => {
    const mgets: nock.Body[] = [];
    const bulks: nock.Body[] = [];
    const handbook = ['handbook:0', 'handbook:1', 'handbook:2'];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_mget`)
      .query({ realtime: 'true' })
      .reply(
        recording(mgets, [
          200,
          {
            docs: [
              { _index: KB_INDEX, _id: MANIFEST_A, found: false },
              {
                _index: KB_INDEX,
                _id: MANIFEST_HANDBOOK,
                found: true,
                _source: {
                  kind: 'manifest',
                  manifest: { document_id: 'handbook', chunk_ids: handbook },
                },
              },
            ],
          },
          ES_HEADERS,
        ]),
      )
      .post(`/${KB_ALIAS}/_bulk`)
      .times(3)
      .query({ require_alias: 'true', refresh: 'wait_for' })
      .reply(
        recording(bulks, (body) =>
          bulkReply(
            KB_INDEX,
            ndjson(body)
              .filter((line) => 'index' in (line as object) || 'delete' in (line as object))
              .map((line) => {
                const [action, meta] = Object.entries(line as object)[0] as [
                  'index' | 'delete',
                  { _id: string },
                ];
                return { action, id: meta._id };
              }),
          ),
        ),
      );

    await open().replaceDocumentsChunks(KB, [
      { documentId: 'a', chunks: [chunk('a', 0, 'New page.', axis(0))] },
      { documentId: 'handbook', chunks: [chunk('handbook', 0, 'Shorter now.', axis(1))] },
    ]);

    scope.done();
    expect(json(mgets[0]!)).toEqual({ ids: [MANIFEST_A, MANIFEST_HANDBOOK] });
    const actions = bulks.map((body) =>
      ndjson(body).filter((line) => 'index' in (line as object) || 'delete' in (line as object)),
    );
    expect(actions).toEqual([
      // The new document's manifest lists its chunks before they are written.
      [{ index: { _id: MANIFEST_A } }],
      [
        { index: { _id: 'a:0' } },
        { index: { _id: 'handbook:0' } },
        { delete: { _id: 'handbook:1' } },
        { delete: { _id: 'handbook:2' } },
      ],
      // And the shortened document's manifest is narrowed only after its stale chunks went.
      [{ index: { _id: MANIFEST_HANDBOOK } }],
    ]);
    expect(ndjson(bulks[2]!)[1]).toEqual({
      kind: 'manifest',
      manifest: { document_id: 'handbook', chunk_ids: ['handbook:0'] },
    });
  });

  it('checks every chunk before writing anything: a bad vector sends no write', async () => {
    const scope = knownCollection(es());
    const index = open();

    const error = await failure(
      index.replaceDocumentChunks(KB, 'a', [
        chunk('a', 0, 'Fine.', axis(0)),
        chunk('a', 1, 'Short vector.', new Float32Array(DIMENSIONS - 1).fill(0.5)),
      ]),
    );
    expect(error.message).toBe('chunks[1]: vector has 7 dimensions, expected 8');
    await expect(
      index.replaceDocumentChunks(KB, 'a', [chunk('other', 0, 'Wrong document.', axis(0))]),
    ).rejects.toThrow('chunks[0] belongs to another document');
    scope.done(); // the mapping was read once, nothing else was sent
  });

  it('refuses to write into a collection that does not exist', async () => {
    const scope = unregistered(es())
      .get(`/${KB_ALIAS}/_mapping`)
      .reply(...indexNotFound(KB_ALIAS));

    await expect(
      open().replaceDocumentChunks(KB, 'a', [chunk('a', 0, 'Text.', axis(0))]),
    ).rejects.toThrow('search index has no collection "kb"; call ensureCollection');
    scope.done();
  });

  it('with refresh: false, writes without waiting for a refresh', async () => {
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_A))
      .query(true)
      .reply(...manifestReply(KB_INDEX, MANIFEST_A, 'a', ['a:0']))
      .post(`/${KB_ALIAS}/_bulk`)
      .query({ require_alias: 'true' }) // exactly: no refresh parameter
      .reply(...bulkReply(KB_INDEX, [{ action: 'index', id: 'a:0' }]));

    await open({ refresh: false }).replaceDocumentChunks(KB, 'a', [chunk('a', 0, 'x', axis(0))]);
    scope.done();
  });

  it('batches by count and by bytes, keeps at most bulkConcurrency requests in flight, and deletes after indexing', async () => {
    const previous = Array.from({ length: 7 }, (_, i) => `handbook:${i}`);
    const batches: string[][] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    let answered = 0;
    const answeredBeforeDelete: number[] = [];
    const held: Array<() => void> = [];
    let releaseTimer: NodeJS.Timeout | undefined;
    const release = () => {
      for (const answer of held.splice(0)) answer();
    };
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_HANDBOOK))
      .query(true)
      .reply(...manifestReply(KB_INDEX, MANIFEST_HANDBOOK, 'handbook', previous))
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .times(4)
      .reply((_uri, body, callback) => {
        const lines = ndjson(body) as Array<Record<string, { _id: string }>>;
        const actions = lines.flatMap((line) =>
          line.index
            ? [`index ${line.index._id}`]
            : line.delete
              ? [`delete ${line.delete._id}`]
              : [],
        );
        batches.push(actions);
        if (actions.some((action) => action.startsWith('delete'))) {
          answeredBeforeDelete.push(answered);
        }
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        held.push(() => {
          inFlight--;
          answered++;
          const items = actions.map((action) => {
            const [kind, id] = action.split(' ') as ['index' | 'delete', string];
            return { action: kind, id };
          });
          callback(null, bulkReply(KB_INDEX, items));
        });
        // Answers are held a while after each arrival, so requests that are allowed to overlap
        // do, and a third one (an overrun) would arrive while two are still unanswered.
        clearTimeout(releaseTimer);
        releaseTimer = setTimeout(release, held.length >= 2 ? 20 : 100);
      })
      .put(docPath(MANIFEST_HANDBOOK))
      .query(true)
      .reply(...writtenReply(KB_INDEX, MANIFEST_HANDBOOK, 'updated'));

    const longText = 'x'.repeat(2000);
    await open({ bulkBatchSize: 2, bulkMaxBytes: 4000, bulkConcurrency: 2 }).replaceDocumentChunks(
      KB,
      'handbook',
      [
        chunk('handbook', 0, 'short', axis(0)),
        chunk('handbook', 1, longText, axis(0)),
        chunk('handbook', 2, longText, axis(0)),
        chunk('handbook', 3, 'short', axis(0)),
        chunk('handbook', 4, 'short', axis(0)),
      ],
    );

    scope.done();
    expect(maxInFlight).toBe(2);
    // Count limit 2, byte limit 4000: [0, 1] (1 is ~2.3 kB), [2, 3], [4], then the deletes.
    expect(
      batches
        .slice(0, 3)
        .map((batch) => batch.join(','))
        .sort(),
    ).toEqual([
      'index handbook:0,index handbook:1',
      'index handbook:2,index handbook:3',
      'index handbook:4',
    ]);
    expect(batches[3]).toEqual(['delete handbook:5', 'delete handbook:6']);
    expect(answeredBeforeDelete).toEqual([3]);
  });

  it('retries only the operations rejected with 429, after an exponential backoff', async () => {
    const bulks: nock.Body[] = [];
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_A))
      .query(true)
      .reply(...manifestReply(KB_INDEX, MANIFEST_A, 'a', ['a:0', 'a:1', 'a:2']))
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .reply(
        recording(
          bulks,
          bulkReply(KB_INDEX, [
            { action: 'index', id: 'a:0' },
            { action: 'index', id: 'a:1', status: 429, error: REJECTED_EXECUTION },
            { action: 'index', id: 'a:2', status: 429, error: REJECTED_EXECUTION },
          ]),
        ),
      )
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .reply(
        recording(
          bulks,
          bulkReply(KB_INDEX, [
            { action: 'index', id: 'a:1' },
            { action: 'index', id: 'a:2', status: 429, error: REJECTED_EXECUTION },
          ]),
        ),
      )
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .reply(recording(bulks, bulkReply(KB_INDEX, [{ action: 'index', id: 'a:2' }])));

    await open({ bulkRetry: { initialDelayMs: 100, maxDelayMs: 150 } }).replaceDocumentChunks(
      KB,
      'a',
      [0, 1, 2].map((ordinal) => chunk('a', ordinal, `Paragraph ${ordinal}.`, axis(ordinal))),
    );

    scope.done();
    const ids = bulks.map((body) =>
      (ndjson(body) as Array<{ index?: { _id: string } }>).flatMap((line) =>
        line.index ? [line.index._id] : [],
      ),
    );
    expect(ids).toEqual([['a:0', 'a:1', 'a:2'], ['a:1', 'a:2'], ['a:2']]);
    // Equal jitter with random() = 0.5: three quarters of min(max, initial × 2^n).
    expect(sleeps).toEqual([75, 113]);
  });

  it('retries a bulk request rejected as a whole with 429', async () => {
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_A))
      .query(true)
      .reply(...manifestReply(KB_INDEX, MANIFEST_A, 'a', ['a:0']))
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .reply(...errorReply(429, REJECTED_EXECUTION.type, REJECTED_EXECUTION.reason))
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .reply(...bulkReply(KB_INDEX, [{ action: 'index', id: 'a:0' }]));

    await open().replaceDocumentChunks(KB, 'a', [chunk('a', 0, 'x', axis(0))]);
    scope.done();
    expect(sleeps).toEqual([150]);
  });

  it('gives up on rejected operations after bulkRetry.maxAttempts: the index is unavailable', async () => {
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_A))
      .query(true)
      .reply(...manifestReply(KB_INDEX, MANIFEST_A, 'a', ['a:0']))
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .times(2)
      .reply(
        ...bulkReply(KB_INDEX, [
          { action: 'index', id: 'a:0', status: 429, error: REJECTED_EXECUTION },
        ]),
      );

    const error = await failure(
      open({ bulkRetry: { maxAttempts: 2 } }).replaceDocumentChunks(KB, 'a', [
        chunk('a', 0, 'x', axis(0)),
      ]),
    );
    scope.done();
    // Still overloaded after the retries: the caller waits and writes the document again.
    expect(error).toBeInstanceOf(SearchIndexUnavailableError);
    expect(error.message).toBe(
      'The search index is unavailable (Elasticsearch replaceDocumentChunks: HTTP 429 es_rejected_execution_exception); retry later.',
    );
    expect((error as SearchIndexUnavailableError).reason).toBe(
      `Elasticsearch bulk write failed: HTTP 429 es_rejected_execution_exception 1 of 1 operations failed after 2 attempts (index a:0: es_rejected_execution_exception ${REJECTED_EXECUTION.reason})`,
    );
    expect(sleeps).toHaveLength(1);
  });

  it('fails on any other item error without retrying it', async () => {
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_A))
      .query(true)
      .reply(...manifestReply(KB_INDEX, MANIFEST_A, 'a', ['a:0', 'a:1']))
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .reply(
        ...bulkReply(KB_INDEX, [
          { action: 'index', id: 'a:0' },
          {
            action: 'index',
            id: 'a:1',
            status: 400,
            error: {
              type: 'document_parsing_exception',
              reason:
                '[1:196] failed to parse: The [dot_product] similarity can only be used with unit-length vectors.',
            },
          },
        ]),
      );

    const error = await failure(
      open().replaceDocumentChunks(KB, 'a', [
        chunk('a', 0, 'x', axis(0)),
        chunk('a', 1, 'y', axis(1)),
      ]),
    );
    scope.done();
    expect(error).toMatchObject({ status: 400, type: 'document_parsing_exception' });
    expect(error.message).toContain(
      '1 of 2 operations failed (index a:1: document_parsing_exception',
    );
    expect(sleeps).toEqual([]);
  });

  it('reads the registry afresh for every write (the collection may have been recreated elsewhere)', async () => {
    const scope = knownCollection(es())
      .get(docPath(MANIFEST_A))
      .query(true)
      .reply(...manifestReply(KB_INDEX, MANIFEST_A, 'a', ['a:0']))
      .post(`/${KB_ALIAS}/_bulk`)
      .query(true)
      .reply(
        ...bulkReply(KB_INDEX, [
          {
            action: 'index',
            id: 'a:0',
            status: 400,
            error: {
              type: 'document_parsing_exception',
              reason:
                "[1:130] failed to parse: The [dense_vector] field [vector] in doc [document with id 'a:0'] has a different number of dimensions [8] than defined in the mapping [16]",
            },
          },
        ]),
      );
    knownCollection(scope, 16);
    const index = open();

    await expect(
      index.replaceDocumentChunks(KB, 'a', [chunk('a', 0, 'x', axis(0))]),
    ).rejects.toMatchObject({ status: 400, type: 'document_parsing_exception' });
    await expect(
      index.replaceDocumentChunks(KB, 'a', [chunk('a', 0, 'x', axis(0))]),
    ).rejects.toThrow('chunks[0]: vector has 8 dimensions, expected 16');
    scope.done();
  });

  it('deletes a document by the ids its manifest lists, then the manifest', async () => {
    const bulks: nock.Body[] = [];
    const scope = knownCollection(es(), DIMENSIONS, 3)
      .get(docPath(MANIFEST_A))
      .query({ realtime: 'true' })
      .reply(...manifestReply(KB_INDEX, MANIFEST_A, 'a', ['a:0', 'a:1']))
      .post(`/${KB_ALIAS}/_bulk`)
      .query({ require_alias: 'true', refresh: 'wait_for' })
      .reply(
        recording(
          bulks,
          bulkReply(KB_INDEX, [
            { action: 'delete', id: 'a:0' },
            { action: 'delete', id: 'a:1' },
          ]),
        ),
      )
      .delete(docPath(MANIFEST_A))
      .reply(...writtenReply(KB_INDEX, MANIFEST_A, 'deleted'))
      // A document never indexed, and a collection that does not exist: nothing to delete.
      .get(docPath(MANIFEST_A))
      .query(true)
      .reply(...documentNotFound(KB_INDEX, MANIFEST_A))
      .get(docPath(MANIFEST_A))
      .query(true)
      .reply(...indexNotFound(KB_ALIAS));
    const index = open();

    await index.deleteDocument(KB, 'a');
    await index.deleteDocument(KB, 'a');
    await index.deleteDocument(KB, 'a');

    scope.done();
    expect(ndjson(bulks[0]!)).toEqual([{ delete: { _id: 'a:0' } }, { delete: { _id: 'a:1' } }]);
  });
});

describe('ElasticsearchSearchIndex: search', () => {
  const bm25Leg = {
    size: 50,
    track_total_hits: false,
    ...RANKING_HIT,
    query: {
      bool: {
        must: [
          {
            combined_fields: {
              query: 'fix error e4711 deployment',
              fields: ['text', 'headings^2', 'title^1.5'],
              operator: 'or',
            },
          },
        ],
        filter: [{ terms: { document_id: ['deploy-guide'] } }],
      },
    },
  };
  const vectorLeg = {
    size: 50,
    track_total_hits: false,
    ...RANKING_HIT,
    query: {
      knn: {
        field: 'vector',
        query_vector: [Math.fround(0.6), Math.fround(0.8), 0, 0, 0, 0, 0, 0],
        k: 50,
        num_candidates: 100,
        rescore_vector: { oversample: 2 },
        filter: [{ terms: { document_id: ['deploy-guide'] } }],
      },
    },
  };
  const guide = [
    storedChunk('deploy-guide', 0, 'Deployment fails with error code E4711.'),
    storedChunk('deploy-guide', 1, 'Rollbacks restore the previous release.'),
    storedChunk('deploy-guide', 2, 'Quotas are per team.'),
  ];

  /** The fetch of the hits' fields: an ids query, `_source` only. */
  const fetchBody = (ids: string[]) => ({
    size: ids.length,
    track_total_hits: false,
    _source: HIT_FIELDS,
    query: { ids: { values: ids } },
  });
  /** The cosines of `ids`: a kNN search restricted to them, rescored on the float vectors. */
  const cosinesBody = (ids: string[], filter: object[] = []) => ({
    size: ids.length,
    track_total_hits: false,
    ...RANKING_HIT,
    query: {
      knn: {
        field: 'vector',
        query_vector: vectorLeg.query.knn.query_vector,
        k: ids.length,
        num_candidates: 100,
        rescore_vector: { oversample: 2 },
        filter: [...filter, { ids: { values: ids } }],
      },
    },
  });
  /** The answer to a fetch with cosines: the hits' fields, and the kNN scores ((1 + cosine) / 2). */
  const fetchedWithCosines = (sources: StoredChunk[], cosines: Array<[string, number]>) =>
    msearchReply([
      sourcesBody(KB_INDEX, sources),
      rankingBody(
        KB_INDEX,
        cosines.map(([id, cosine]): [string, number] => [id, (1 + cosine) / 2]),
      ),
    ]);

  it('hybrid, fused here (RRF): both legs in one _msearch, the document filter inside each; then the fields of the hits and the cosines the vector leg did not give, in one _msearch', async () => {
    const bodies: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(
        recording(
          bodies,
          msearchReply([
            rankingBody(KB_INDEX, [
              ['deploy-guide:0', 7.1],
              ['deploy-guide:2', 2.3],
            ]),
            // dot_product scores: (1 + cosine) / 2.
            rankingBody(KB_INDEX, [
              ['deploy-guide:1', (1 + 0.96) / 2],
              ['deploy-guide:0', (1 + 0.82) / 2],
            ]),
          ]),
        ),
      )
      .post(`/${KB_ALIAS}/_msearch`)
      // deploy-guide:2 has no vector (a zero one): the kNN search does not return it.
      .reply(recording(bodies, fetchedWithCosines([guide[0]!, guide[1]!, guide[2]!], [])));

    const hits = await open().search(hybridQuery());

    scope.done();
    expect(ndjson(bodies[0]!)).toEqual([{}, bm25Leg, {}, vectorLeg]);
    expect(ndjson(bodies[1]!)).toEqual([
      {},
      fetchBody(['deploy-guide:0', 'deploy-guide:1', 'deploy-guide:2']),
      {},
      cosinesBody(['deploy-guide:2']),
    ]);
    expect(hits.map((hit) => [hit.chunkId, hit.bm25Rank, hit.vectorRank])).toEqual([
      ['deploy-guide:0', 1, 2],
      ['deploy-guide:1', undefined, 1],
      ['deploy-guide:2', 2, undefined],
    ]);
    expect(hits[0]).toEqual({
      chunkId: 'deploy-guide:0',
      documentId: 'deploy-guide',
      ordinal: 0,
      pageNum: 1,
      text: 'Deployment fails with error code E4711.',
      headings: 'Section',
      title: 'Title of deploy-guide',
      score: 1 / 61 + 1 / 62,
      bm25Rank: 1,
      vectorRank: 2,
      similarity: expect.closeTo(0.82, 6),
    });
    expect(hits[1]!.score).toBeCloseTo(1 / 61, 12);
    expect(hits[2]!.similarity).toBe(0);
  });

  it("hybrid, convex: the BM25 candidates the vector leg missed get their exact cosine from a kNN search restricted to them, beside the fetch of a provisional ranking's best 3 × limit", async () => {
    const bodies: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(
        recording(
          bodies,
          msearchReply([
            rankingBody(KB_INDEX, [
              ['deploy-guide:0', 8.0],
              ['deploy-guide:2', 2.0],
            ]),
            rankingBody(KB_INDEX, [
              ['deploy-guide:1', (1 + 0.9) / 2],
              ['deploy-guide:0', (1 + 0.5) / 2],
            ]),
          ]),
        ),
      )
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(
        recording(
          bodies,
          fetchedWithCosines([guide[0]!, guide[1]!, guide[2]!], [['deploy-guide:2', 0.1]]),
        ),
      );

    const hits = await open().search(
      hybridQuery({ fusion: 'convex', weights: { bm25: 1, vector: 0.5 } }),
    );

    scope.done();
    expect(ndjson(bodies[0]!)).toEqual([{}, bm25Leg, {}, vectorLeg]);
    // Provisionally, deploy-guide:2 had the vector leg's lowest cosine (0.5): it ranked last.
    expect(ndjson(bodies[1]!)).toEqual([
      {},
      fetchBody(['deploy-guide:0', 'deploy-guide:1', 'deploy-guide:2']),
      {},
      cosinesBody(['deploy-guide:2']),
    ]);
    // BM25 over its best, cosines min-max over the candidates (0.1 .. 0.9), vector weighted 0.5:
    // :0 1 + 0.5 × 0.5 = 1.25; :1 0 + 0.5 × 1 = 0.5; :2 0.25 + 0 = 0.25.
    expect(hits.map((hit) => [hit.chunkId, hit.score, hit.similarity])).toEqual([
      ['deploy-guide:0', expect.closeTo(1.25, 6), expect.closeTo(0.5, 6)],
      ['deploy-guide:1', expect.closeTo(0.5, 6), expect.closeTo(0.9, 6)],
      ['deploy-guide:2', expect.closeTo(0.25, 6), expect.closeTo(0.1, 6)],
    ]);
    expect(hits.map((hit) => [hit.bm25Rank, hit.vectorRank])).toEqual([
      [1, 2],
      [undefined, 1],
      [2, undefined],
    ]);
  });

  it('hybrid, convex: a hit the provisional ranking did not fetch is fetched afterwards', async () => {
    const bodies: nock.Body[] = [];
    // Limit 1: the provisional ranking fetches its best 3; the exact one's best is its fourth.
    const bm25 = ['a:0', 'b:0', 'c:0', 'd:0'];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(
        ...msearchReply([
          rankingBody(KB_INDEX, [
            ['a:0', 10],
            ['b:0', 9.9],
            ['c:0', 9.8],
            ['d:0', 9.7],
          ]),
          rankingBody(KB_INDEX, [['v:0', (1 + 0.9) / 2]]),
        ]),
      )
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(
        recording(
          bodies,
          fetchedWithCosines(
            ['a', 'b', 'c'].map((id) => storedChunk(id, 0, `Chunk ${id}.`)),
            [
              ['a:0', -0.9],
              ['b:0', -0.9],
              ['c:0', -0.9],
              ['d:0', 0.85],
            ],
          ),
        ),
      )
      .post(`/${KB_ALIAS}/_search`)
      .reply(
        recording(bodies, sourcesReply(KB_INDEX, [{ source: storedChunk('d', 0, 'Chunk d.') }])),
      );

    const hits = await open().search(
      hybridQuery({ fusion: 'convex', limit: 1, documentIds: undefined }),
    );

    scope.done();
    expect(
      (ndjson(bodies[0]!)[1] as { query: { ids: { values: string[] } } }).query.ids.values,
    ).toEqual(bm25.slice(0, 3));
    expect(json(bodies[1]!)).toEqual(fetchBody(['d:0']));
    expect(hits.map((hit) => hit.chunkId)).toEqual(['d:0']);
  });

  it('hybrid with the rrf retriever: one search fused by Elasticsearch, hits without per-leg ranks', async () => {
    const searches: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(
        recording(
          searches,
          rankingReply(KB_INDEX, [
            ['deploy-guide:0', 0.032522473],
            ['deploy-guide:1', 0.016393442],
          ]),
        ),
      )
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(
        recording(
          searches,
          fetchedWithCosines(
            [guide[0]!, guide[1]!],
            [
              ['deploy-guide:1', 0.96],
              ['deploy-guide:0', 0.82],
            ],
          ),
        ),
      );

    const hits = await open({ rrf: 'retriever' }).search(hybridQuery({ limit: 2, candidates: 20 }));

    scope.done();
    const { size: _bm25Size, ...bm25Request } = bm25Leg;
    expect(json(searches[0]!)).toEqual({
      size: 2,
      track_total_hits: false,
      ...RANKING_HIT,
      retriever: {
        rrf: {
          retrievers: [
            { standard: { query: bm25Request.query } },
            {
              knn: {
                field: 'vector',
                query_vector: vectorLeg.query.knn.query_vector,
                k: 20,
                num_candidates: 100,
                rescore_vector: { oversample: 2 },
                filter: [{ terms: { document_id: ['deploy-guide'] } }],
              },
            },
          ],
          rank_constant: 60,
          rank_window_size: 20,
        },
      },
    });
    // One response has no per-leg scores: every cosine comes from the restricted kNN search.
    expect(ndjson(searches[1]!)[3]).toEqual(cosinesBody(['deploy-guide:0', 'deploy-guide:1']));
    expect(hits.map((hit) => [hit.chunkId, hit.score, hit.bm25Rank, hit.vectorRank])).toEqual([
      ['deploy-guide:0', 0.032522473, undefined, undefined],
      ['deploy-guide:1', 0.016393442, undefined, undefined],
    ]);
    expect(hits[1]!.similarity).toBeCloseTo(0.96, 6);
  });

  it('auto: falls back to fusing here when the licence lacks RRF, and remembers it', async () => {
    const licence = 'current license is non-compliant for [Reciprocal Rank Fusion (RRF)]';
    const bodies: nock.Body[] = [];
    const fetched = fetchedWithCosines([guide[0]!], [['deploy-guide:0', 0.8]]);
    const legs = msearchReply([
      rankingBody(KB_INDEX, [['deploy-guide:0', 3]]),
      rankingBody(KB_INDEX, []),
    ]);
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(
        recording(
          bodies,
          errorReply(403, 'security_exception', licence, {
            'license.expired.feature': 'Reciprocal Rank Fusion (RRF)',
          }),
        ),
      )
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(...legs)
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(...fetched)
      // The second search goes straight to _msearch.
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(...legs)
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(...fetched);
    const index = open({ rrf: 'auto' });

    const first = await index.search(hybridQuery());
    const second = await index.search(hybridQuery());

    scope.done();
    expect(json(bodies[0]!)).toHaveProperty('retriever.rrf.rank_constant', 60);
    for (const hits of [first, second]) {
      expect(hits.map((hit) => [hit.chunkId, hit.bm25Rank, hit.similarity])).toEqual([
        ['deploy-guide:0', 1, expect.closeTo(0.8, 6)],
      ]);
    }
  });

  it('auto: any other failure of the retriever is an error, not a fallback', async () => {
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(...errorReply(500, 'search_phase_execution_exception', 'all shards failed'));

    const error = await failure(open({ rrf: 'auto' }).search(hybridQuery()));
    scope.done();
    expect(error).toBeInstanceOf(ElasticsearchIndexError);
    expect(error.message).toBe(
      'Elasticsearch search failed: HTTP 500 search_phase_execution_exception all shards failed',
    );
  });

  it('bm25 mode: one plain search; similarities are still computed from a usable vector', async () => {
    const bodies: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(recording(bodies, rankingReply(KB_INDEX, [['deploy-guide:0', 7.1]])))
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(recording(bodies, fetchedWithCosines([guide[0]!], [['deploy-guide:0', 0.82]])));

    const hits = await open().search(
      hybridQuery({ mode: 'bm25', documentIds: undefined, limit: 3 }),
    );

    scope.done();
    expect(json(bodies[0]!)).toEqual({
      size: 3,
      track_total_hits: false,
      ...RANKING_HIT,
      query: { bool: { must: bm25Leg.query.bool.must } },
    });
    expect(ndjson(bodies[1]!)).toEqual([
      {},
      fetchBody(['deploy-guide:0']),
      {},
      cosinesBody(['deploy-guide:0']),
    ]);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ bm25Rank: 1, score: 1 / 61 });
    expect(hits[0]!.vectorRank).toBeUndefined();
    expect(hits[0]!.similarity).toBeCloseTo(0.82, 6);
  });

  it('vector mode: one knn search, no BM25 leg; without rescoring its scores are estimates, so cosines are computed apart', async () => {
    const bodies: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(
        recording(
          bodies,
          rankingReply(KB_INDEX, [
            ['deploy-guide:1', 0.98],
            ['deploy-guide:0', 0.91],
          ]),
        ),
      )
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(
        recording(
          bodies,
          fetchedWithCosines(
            [guide[0]!, guide[1]!],
            [
              ['deploy-guide:1', 0.95],
              ['deploy-guide:0', 0.81],
            ],
          ),
        ),
      );

    const hits = await open({ vectorOversample: 0 }).search(
      hybridQuery({ mode: 'vector', limit: 2 }),
    );

    scope.done();
    const { rescore_vector: _rescore, ...knn } = vectorLeg.query.knn;
    expect(json(bodies[0]!)).toEqual({
      size: 2,
      track_total_hits: false,
      ...RANKING_HIT,
      query: { knn: { ...knn, k: 2 } },
    });
    // The restricted search rescores on the float vectors even so.
    expect((ndjson(bodies[1]!)[3] as { query: { knn: unknown } }).query.knn).toMatchObject({
      rescore_vector: { oversample: 1 },
    });
    expect(hits.map((hit) => [hit.chunkId, hit.vectorRank, hit.bm25Rank, hit.similarity])).toEqual([
      ['deploy-guide:1', 1, undefined, expect.closeTo(0.95, 6)],
      ['deploy-guide:0', 2, undefined, expect.closeTo(0.81, 6)],
    ]);
  });

  it('hybrid with a stopword-only question runs the vector leg alone', async () => {
    const bodies: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(recording(bodies, rankingReply(KB_INDEX, [['deploy-guide:1', 0.98]])))
      .post(`/${KB_ALIAS}/_search`)
      .reply(...sourcesReply(KB_INDEX, [{ source: guide[1]! }]));

    const hits = await open({ rrf: 'retriever' }).search(
      hybridQuery({ text: 'What is the, and of it?' }),
    );

    scope.done();
    expect(json(bodies[0]!)).toEqual(vectorLeg);
    expect(hits.map((hit) => [hit.chunkId, hit.vectorRank, hit.bm25Rank])).toEqual([
      ['deploy-guide:1', 1, undefined],
    ]);
  });

  it('a zero query vector runs no vector leg, fetches no vectors and reports similarity 0', async () => {
    const bodies: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(recording(bodies, rankingReply(KB_INDEX, [['deploy-guide:0', 7.1]])))
      .post(`/${KB_ALIAS}/_search`)
      .reply(recording(bodies, sourcesReply(KB_INDEX, [{ source: guide[0]! }])));

    const hits = await open().search(hybridQuery({ vector: new Float32Array(DIMENSIONS) }));

    scope.done();
    expect(json(bodies[0]!)).toEqual(bm25Leg);
    expect(json(bodies[1]!)).toEqual({
      size: 1,
      track_total_hits: false,
      _source: HIT_FIELDS,
      query: { ids: { values: ['deploy-guide:0'] } },
    });
    expect(hits[0]).toMatchObject({ bm25Rank: 1, similarity: 0 });
  });

  it('a collection that does not exist has no hits and costs a registry and a mapping read', async () => {
    const scope = unregistered(es())
      .get(`/${KB_ALIAS}/_mapping`)
      .reply(...indexNotFound(KB_ALIAS));

    expect(await open().search(hybridQuery())).toEqual([]);
    scope.done();
  });

  it('a collection deleted by another process meanwhile has no hits either', async () => {
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(...msearchReply([indexNotFound(KB_ALIAS)[1], indexNotFound(KB_ALIAS)[1]]));
    unregistered(scope)
      .get(`/${KB_ALIAS}/_mapping`)
      .reply(...indexNotFound(KB_ALIAS));
    const index = open();

    expect(await index.search(hybridQuery())).toEqual([]);
    // The cached placement was dropped: the next search reads the registry again.
    expect(await index.search(hybridQuery())).toEqual([]);
    scope.done();
  });

  it('checks the query vector against the stored dimensions before searching', async () => {
    const scope = knownCollection(es());
    const index = open();
    for (const mode of ['vector', 'hybrid'] as const) {
      await expect(
        index.search(hybridQuery({ mode, vector: new Float32Array(DIMENSIONS + 1).fill(0.1) })),
      ).rejects.toThrow('query: vector has 9 dimensions, expected 8');
    }
    scope.done();
  });

  it('sends nothing for a zero limit or an empty document filter', async () => {
    const index = open();
    expect(await index.search(hybridQuery({ limit: 0 }))).toEqual([]);
    expect(await index.search(hybridQuery({ documentIds: [] }))).toEqual([]);
  });
});

describe('ElasticsearchSearchIndex: reads and health', () => {
  it('refresh is GET <alias>/_refresh; a missing index has nothing to refresh', async () => {
    const scope = knownCollection(es(), DIMENSIONS, 2)
      .get(`/${KB_ALIAS}/_refresh`)
      .reply(200, { _shards: { total: 1, successful: 1, failed: 0 } }, ES_HEADERS)
      .get(`/${KB_ALIAS}/_refresh`)
      .reply(...indexNotFound(KB_ALIAS));
    const index = open();

    await expect(index.refresh(KB)).resolves.toBeUndefined();
    await expect(index.refresh(KB)).resolves.toBeUndefined();
    scope.done();
  });

  it('getChunks asks for the ordinals of one document, sorted', async () => {
    const bodies: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(
        recording(
          bodies,
          sourcesReply(
            KB_INDEX,
            [
              { source: storedChunk('manual', 1, 'Step 1.') },
              { source: storedChunk('manual', 3, 'Step 3.') },
            ],
            { sorted: true },
          ),
        ),
      );

    const hits = await open().getChunks(KB, 'manual', [3, 1, 9, 3]);

    scope.done();
    expect(json(bodies[0]!)).toEqual({
      size: 3,
      track_total_hits: false,
      _source: HIT_FIELDS,
      query: {
        bool: {
          filter: [{ term: { document_id: 'manual' } }, { terms: { ordinal: [3, 1, 9] } }],
        },
      },
      sort: [{ ordinal: 'asc' }],
    });
    expect(hits.map((hit) => [hit.chunkId, hit.ordinal, hit.pageNum, hit.text, hit.score])).toEqual(
      [
        ['manual:1', 1, 2, 'Step 1.', 0],
        ['manual:3', 3, 4, 'Step 3.', 0],
      ],
    );
  });

  it('countChunks counts chunk documents (not manifests), per collection or per document', async () => {
    const bodies: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_count`)
      .reply(recording(bodies, countReply(5)))
      .post(`/${KB_ALIAS}/_count`)
      .reply(recording(bodies, countReply(2)))
      .post(`/${KB_ALIAS}/_count`)
      .reply(...indexNotFound(KB_ALIAS));
    const index = open();

    expect(await index.countChunks(KB)).toBe(5);
    expect(await index.countChunks(KB, 'deploy-guide')).toBe(2);
    expect(await index.countChunks(KB)).toBe(0);

    scope.done();
    expect(bodies.map(json)).toEqual([
      { query: { bool: { filter: [{ term: { kind: 'chunk' } }] } } },
      {
        query: {
          bool: {
            filter: [{ term: { kind: 'chunk' } }, { term: { document_id: 'deploy-guide' } }],
          },
        },
      },
    ]);
  });

  it('termDocumentCounts sends one search: the chunk count, and a filters aggregation with a bucket per word', async () => {
    const bodies: nock.Body[] = [];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(
        recording(
          bodies,
          ok({
            took: 1,
            timed_out: false,
            hits: { total: { value: 40, relation: 'eq' }, max_score: null, hits: [] },
            aggregations: { words: { buckets: { w0: { doc_count: 3 }, w1: { doc_count: 0 } } } },
          }),
        ),
      )
      .post(`/${KB_ALIAS}/_search`)
      .reply(...indexNotFound(KB_ALIAS));
    const index = open();

    expect(await index.termDocumentCounts(KB, ['quota', ' ', 'zebra', 'quota'])).toEqual({
      chunks: 40,
      counts: [3, 0, 0, 3],
    });
    expect(await index.termDocumentCounts(KB, ['quota'])).toEqual({ chunks: 0, counts: [0] });

    scope.done();
    const has = (word: string) => ({
      multi_match: { query: word, fields: ['text', 'headings', 'title'], type: 'phrase' },
    });
    expect(json(bodies[0]!)).toEqual({
      size: 0,
      track_total_hits: true,
      query: { bool: { filter: [{ term: { kind: 'chunk' } }] } },
      aggs: { words: { filters: { filters: { w0: has('quota'), w1: has('zebra') } } } },
    });
  });

  it('termDocumentCounts reports a failed count as an index error', async () => {
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_search`)
      .reply(...errorReply(500, 'search_phase_execution_exception', 'boom'));
    await expect(open().termDocumentCounts(KB, ['quota'])).rejects.toBeInstanceOf(
      ElasticsearchIndexError,
    );
    scope.done();
  });

  it('health accepts green and yellow; red is an unavailable index', async () => {
    const scope = es()
      .get('/_cluster/health')
      .reply(...clusterHealthReply('green'))
      .get('/_cluster/health')
      .reply(...clusterHealthReply('yellow'))
      .get('/_cluster/health')
      .reply(...clusterHealthReply('red'));
    const index = open();

    await expect(index.health()).resolves.toBeUndefined();
    await expect(index.health()).resolves.toBeUndefined();
    const red = await failure(index.health());
    expect(red).toBeInstanceOf(SearchIndexUnavailableError);
    expect(red.message).toBe(
      'The search index is unavailable (Elasticsearch health: cluster status red); retry later.',
    );
    scope.done();
  });
});

describe('ElasticsearchSearchIndex: a cluster that cannot serve', () => {
  it.each([
    [503, 'search_phase_execution_exception', 'all shards failed'],
    [503, 'cluster_block_exception', 'blocked by: [SERVICE_UNAVAILABLE/1/state not recovered];'],
    [429, 'es_rejected_execution_exception', 'rejected execution of coordinating operation'],
    [502, 'bad_gateway', 'the proxy has no backend'],
  ])(
    'a %i %s is an unavailable index (503 for an API client), not a failure',
    async (status, type, reason) => {
      const scope = knownCollection(es())
        .post(`/${KB_ALIAS}/_msearch`)
        .reply(...errorReply(status, type, reason));

      const error = await failure(open().search(hybridQuery()));

      scope.done();
      expect(error).toBeInstanceOf(SearchIndexUnavailableError);
      expect(error).toBeInstanceOf(UnavailableError);
      expect(error.message).toBe(
        `The search index is unavailable (Elasticsearch search: HTTP ${status} ${type}); retry later.`,
      );
    },
  );

  it('a multi-search answer whose search could not run (503) is an unavailable index too', async () => {
    const unavailable = errorReply(
      503,
      'no_shard_available_action_exception',
      'No shard available',
    )[1];
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(...msearchReply([unavailable, unavailable]));

    const error = await failure(open().search(hybridQuery()));

    scope.done();
    expect(error).toBeInstanceOf(SearchIndexUnavailableError);
  });

  it('a node that refuses connections is an unavailable index, for writes as for reads', async () => {
    const index = new ElasticsearchSearchIndex({
      node: 'http://127.0.0.1:9',
      clientOptions: { Connection: HttpConnection, maxRetries: 0, requestTimeout: 2000 },
    });
    opened.push(index);
    nock.enableNetConnect('127.0.0.1:9');
    try {
      for (const call of [
        () => index.ensureCollection(KB, DIMENSIONS),
        () => index.replaceDocumentChunks(KB, 'a', [chunk('a', 0, 'Alpha.', axis(0))]),
        () => index.search(hybridQuery()),
        () => index.health(),
      ]) {
        const error = await failure(call());
        expect(error).toBeInstanceOf(SearchIndexUnavailableError);
        expect(error.message).toMatch(
          /^The search index is unavailable \(Elasticsearch \w+: ConnectionError\); retry later\.$/,
        );
        // The address stays out of the message (an API response's detail), not out of the logs.
        expect(error.message).not.toContain('127.0.0.1');
        expect((error as SearchIndexUnavailableError).reason).toContain('ECONNREFUSED');
      }
    } finally {
      nock.disableNetConnect();
    }
  });

  it('a bad request stays an error of its own (500 for an API client)', async () => {
    const scope = knownCollection(es())
      .post(`/${KB_ALIAS}/_msearch`)
      .reply(...errorReply(400, 'parsing_exception', 'unknown query [combined_fields]'));

    const error = await failure(open().search(hybridQuery()));

    scope.done();
    expect(error).toBeInstanceOf(ElasticsearchIndexError);
    expect(error).not.toBeInstanceOf(UnavailableError);
  });
});

describe('ElasticsearchSearchIndex: credentials', () => {
  it('sends basic credentials when given a username and password', async () => {
    const scope = nock(NODE, {
      reqheaders: {
        authorization: `Basic ${Buffer.from('docent:s3cret-pass').toString('base64')}`,
      },
    })
      .get('/_cluster/health')
      .reply(...clusterHealthReply('green'));

    await open({ auth: { username: 'docent', password: 's3cret-pass' } }).health();
    scope.done();
  });

  it('uses a client it is given, and leaves it open', async () => {
    const scope = es()
      .get('/_cluster/health')
      .reply(...clusterHealthReply('green'));
    const { Client } = await import('@elastic/elasticsearch');
    const client = new Client({
      node: NODE,
      auth: { apiKey: API_KEY },
      Connection: HttpConnection,
      maxRetries: 0,
    });
    const index = new ElasticsearchSearchIndex({ client });

    await index.health();
    await index.close();
    await expect(index.health()).rejects.toThrow('ElasticsearchSearchIndex is closed');
    scope.done();
    await client.close();
  });

  it('never puts credentials into errors, whatever the server or the URL says', async () => {
    const password = 'pa55-w0rd-never-logged';
    const basic = Buffer.from(`docent:${password}`).toString('base64');
    nock(NODE)
      .get('/_cluster/health')
      .reply(
        ...errorReply(
          401,
          'security_exception',
          `unable to authenticate user [docent] for REST request [/_cluster/health] with header Basic ${basic} and password ${password}`,
        ),
      );
    const withPassword = open({ auth: { username: 'docent', password } });
    const rejected = await failure(withPassword.health());
    expect(rejected.message).not.toContain(password);
    expect(rejected.message).not.toContain(basic);
    expect(rejected).toMatchObject({ status: 401, type: 'security_exception' });
    expect(JSON.stringify(rejected)).not.toContain(password);

    // Nothing listens there; the URL's own credentials must not surface either.
    const unreachable = new ElasticsearchSearchIndex({
      node: `http://docent:${password}@127.0.0.1:9`,
      clientOptions: { Connection: HttpConnection, maxRetries: 0, requestTimeout: 2000 },
    });
    opened.push(unreachable);
    nock.enableNetConnect('127.0.0.1:9');
    try {
      const refused = await failure(unreachable.health());
      expect(refused).toBeInstanceOf(SearchIndexUnavailableError);
      expect(refused.message).not.toContain(password);
      expect((refused as SearchIndexUnavailableError).reason).not.toContain(password);
    } finally {
      nock.disableNetConnect();
    }
  });
});

describe('ElasticsearchSearchIndex: options', () => {
  it.each<[Partial<ElasticsearchSearchIndexOptions>, RegExp]>([
    [{ indexPrefix: 'Docent' }, /indexPrefix/],
    [{ indexPrefix: '-docent' }, /indexPrefix/],
    [{ rankConstant: 0 }, /rankConstant/],
    [{ bulkBatchSize: 0 }, /bulkBatchSize/],
    [{ bulkConcurrency: 1.5 }, /bulkConcurrency/],
    [{ vectorOversample: 0.5 }, /vectorOversample/],
    [{ bm25Weights: { title: 0.5 } }, /bm25 weight for title/],
    [{ rrf: 'server' as never }, /rrf must be/],
    [{ refresh: true as never }, /refresh must be/],
  ])('rejects %j', (options, message) => {
    expect(() => open(options)).toThrow(message);
  });

  it('needs a node or a client, not both', () => {
    expect(() => new ElasticsearchSearchIndex({})).toThrow(/node URL or a client/);
  });
});

describe('ElasticsearchSearchIndex: a collection in a shared index', () => {
  const routedQuery = { routing: KB_KEY };
  const keyFilter = { term: { collection_key: KB_KEY } };

  it('writes its documents routed by its key, with prefixed _ids and the key in each document', async () => {
    const manifests: nock.Body[] = [];
    const bulks: nock.Body[] = [];
    const manifest = `${KB_KEY}:${MANIFEST_A}`;
    const scope = sharedCollection(es())
      .get(`/${KB_SHARED}/_doc/${encodeURIComponent(manifest)}`)
      .query({ ...routedQuery, realtime: 'true' })
      .reply(...documentNotFound(`${KB_SHARED}-v1`, manifest))
      .put(`/${KB_SHARED}/_doc/${encodeURIComponent(manifest)}`)
      .query({ ...routedQuery, require_alias: 'true' })
      .reply(recording(manifests, writtenReply(`${KB_SHARED}-v1`, manifest)))
      .post(`/${KB_SHARED}/_bulk`)
      .query({ ...routedQuery, require_alias: 'true', refresh: 'wait_for' })
      .reply(
        recording(bulks, bulkReply(`${KB_SHARED}-v1`, [{ action: 'index', id: `${KB_KEY}:a:0` }])),
      );

    await open().replaceDocumentChunks(KB, 'a', [chunk('a', 0, 'Deployment fails.', axis(0))]);

    scope.done();
    expect(json(manifests[0]!)).toEqual({
      kind: 'manifest',
      collection_key: KB_KEY,
      manifest: { document_id: 'a', chunk_ids: [`${KB_KEY}:a:0`] },
    });
    expect(ndjson(bulks[0]!)).toEqual([
      { index: { _id: `${KB_KEY}:a:0` } },
      expect.objectContaining({ kind: 'chunk', collection_key: KB_KEY, chunk_id: 'a:0' }),
    ]);
  });

  it('searches, counts and reads only its own documents: routed, with its key in every filter', async () => {
    const bodies: nock.Body[] = [];
    const scope = sharedCollection(es())
      .post(`/${KB_SHARED}/_search`)
      .query(routedQuery)
      .reply(recording(bodies, rankingReply(`${KB_SHARED}-v1`, [[`${KB_KEY}:a:0`, 3.2]])))
      .post(`/${KB_SHARED}/_msearch`)
      .query(routedQuery)
      .reply(
        recording(
          bodies,
          msearchReply([
            {
              hits: {
                hits: [
                  {
                    _index: `${KB_SHARED}-v1`,
                    _id: `${KB_KEY}:a:0`,
                    _score: 1,
                    _source: storedChunk('a', 0, 'Deployment fails.'),
                  },
                ],
              },
            },
            rankingBody(`${KB_SHARED}-v1`, [[`${KB_KEY}:a:0`, 0.9]]),
          ]),
        ),
      )
      .post(`/${KB_SHARED}/_count`)
      .query(routedQuery)
      .reply(recording(bodies, countReply(1)))
      .post(`/${KB_SHARED}/_search`)
      .query(routedQuery)
      .reply(
        recording(
          bodies,
          ok({
            hits: { total: { value: 1, relation: 'eq' }, hits: [] },
            aggregations: { words: { buckets: { w0: { doc_count: 1 } } } },
          }),
        ),
      );
    const index = open({ collectionIdf: false });

    const hits = await index.search({
      collectionId: KB,
      mode: 'bm25',
      text: 'deployment',
      vector: axis(0),
      limit: 5,
    });
    expect(hits.map((hit) => hit.chunkId)).toEqual(['a:0']);
    expect(await index.countChunks(KB)).toBe(1);
    expect(await index.termDocumentCounts(KB, ['deployment'])).toEqual({
      chunks: 1,
      counts: [1],
    });

    scope.done(); // one registry read: the placement is cached for searches
    expect(json(bodies[0]!)).toMatchObject({
      query: { bool: { filter: [keyFilter] } },
    });
    const [, fetch, , cosines] = ndjson(bodies[1]!);
    expect(fetch).toMatchObject({
      query: { bool: { filter: [{ ids: { values: [`${KB_KEY}:a:0`] } }, keyFilter] } },
    });
    expect(cosines).toMatchObject({
      query: { knn: { filter: [keyFilter, { ids: { values: [`${KB_KEY}:a:0`] } }] } },
    });
    expect(hits[0]?.similarity).toBeCloseTo(0.8, 6);
    expect(json(bodies[2]!)).toEqual({
      query: { bool: { filter: [keyFilter, { term: { kind: 'chunk' } }] } },
    });
    expect(json(bodies[3]!)).toMatchObject({
      query: { bool: { filter: [keyFilter, { term: { kind: 'chunk' } }] } },
    });
  });

  it('is read from the registry again once its cached placement is older than placementCacheMs', async () => {
    let now = 0;
    const scope = sharedCollection(es(), 2)
      .post(`/${KB_SHARED}/_count`)
      .times(3)
      .query(routedQuery)
      .reply(...countReply(1));
    const index = open({ clock: () => now, placementCacheMs: 1000 });

    await index.countChunks(KB);
    now = 999;
    await index.countChunks(KB);
    now = 1000;
    await index.countChunks(KB);
    scope.done();
  });

  it('while it is being moved, writes are refused as "unavailable" (retried later) and reads go on', async () => {
    const scope = es()
      .get(KB_REGISTRY_PATH)
      .query(true)
      .reply(
        ...registryReply(REGISTRY_INDEX, KB_REGISTRY_ID, {
          collection_id: KB,
          dimensions: DIMENSIONS,
          layout: 'shared',
          index: KB_SHARED,
          key: KB_KEY,
          state: 'moving',
        }),
      )
      .post(`/${KB_SHARED}/_count`)
      .query(routedQuery)
      .reply(...countReply(4));
    const index = open();

    const error = await failure(
      index.replaceDocumentChunks(KB, 'a', [chunk('a', 0, 'Text.', axis(0))]),
    );
    expect(error).toBeInstanceOf(SearchIndexUnavailableError);
    expect(await index.countChunks(KB)).toBe(4);
    scope.done();
  });
});

describe('ElasticsearchSearchIndex: BM25 statistics of a collection in a shared index', () => {
  /** Term vectors of one artificial document per word: per token, [shard docs holding it, shard docs]. */
  const termVectors = (words: Array<Record<string, [number, number]>>) =>
    ok({
      docs: words.map((tokens) => ({
        _index: `${KB_SHARED}-v1`,
        _version: 0,
        found: true,
        took: 1,
        term_vectors: {
          text: {
            field_statistics: {
              doc_count: Object.values(tokens)[0]?.[1] ?? 0,
              sum_doc_freq: 1,
              sum_ttf: 1,
            },
            terms: Object.fromEntries(
              Object.entries(tokens).map(([token, [holding]]) => [
                token,
                { term_freq: 1, doc_freq: holding, ttf: holding },
              ]),
            ),
          },
        },
      })),
    });
  const idf = (documents: number, holding: number) =>
    Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
  /** The embedded index's (FTS5) IDF, which the boosts restore: never below 1e-6. */
  const embeddedIdf = (documents: number, holding: number) =>
    Math.max(1e-6, Math.log((documents - holding + 0.5) / (holding + 0.5)));

  /** The collection's counts: 100 chunks; "quota" in 2, "deployment" in 50, "zyzzyva" in none. */
  const collectionCounts = () =>
    ok({
      hits: { total: { value: 100, relation: 'eq' }, hits: [] },
      aggregations: {
        words: {
          buckets: { w0: { doc_count: 2 }, w1: { doc_count: 50 }, w2: { doc_count: 0 } },
        },
      },
    });
  // "quota" is rare in the collection and common in the shard; "deployment" the reverse;
  // "zyzzyva" leaves no token.
  const shardStatistics = () => termVectors([{ quota: [400, 1000] }, { deploy: [10, 1000] }, {}]);
  const quotaBoost = embeddedIdf(100, 2) / idf(1000, 400);
  // In half the collection's chunks: FTS5 gives it next to no weight, and so does the boost.
  const deploymentBoost = embeddedIdf(100, 50) / idf(1000, 10);
  const words = ['quota', 'deployment', 'zyzzyva'];
  const clause = (query: string, extra: Record<string, unknown> = {}) => ({
    combined_fields: {
      query,
      fields: ['text', 'headings^2', 'title^1.5'],
      operator: 'or',
      ...extra,
    },
  });
  /** The BM25 leg boosted by the collection's IDF: one clause per word, "zyzzyva" unboosted. */
  const boostedLeg = (size: number) => ({
    size,
    track_total_hits: false,
    ...RANKING_HIT,
    query: {
      bool: {
        should: [
          clause('quota', { boost: expect.closeTo(quotaBoost, 9) }),
          clause('deployment', { boost: expect.closeTo(deploymentBoost, 9) }),
          clause('zyzzyva'),
        ],
        minimum_should_match: 1,
        filter: keyFilter,
      },
    },
  });
  const keyFilter = [{ term: { collection_key: KB_KEY } }];
  const fetchReply = (document: string) =>
    ok({
      took: 1,
      hits: {
        hits: [
          {
            _index: `${KB_SHARED}-v1`,
            _id: `${KB_KEY}:${document}:0`,
            _score: 1,
            _source: storedChunk(document, 0, `About ${document}.`),
          },
        ],
      },
    });
  const isCounts = (body: Record<string, unknown>) => 'aggs' in body;
  const isFetch = (body: Record<string, unknown>) => Array.isArray(body._source);
  const isLeg = (body: Record<string, unknown>) => !isCounts(body) && !isFetch(body);
  // A BM25-only search of one hit, the question's vector zero: the leg, then a plain fetch.
  const search = (index: ElasticsearchSearchIndex) =>
    index.search({
      collectionId: KB,
      mode: 'bm25',
      text: words.join(' '),
      vector: new Float32Array(DIMENSIONS),
      limit: 1,
    });

  it('weighs each word by its IDF within the collection: with the counts read while the question was embedded already here, the BM25 leg is the boosted query', async () => {
    const bodies: nock.Body[] = [];
    const scope = sharedCollection(es())
      .post(`/${KB_SHARED}/_search`, isCounts)
      .query({ routing: KB_KEY })
      .reply(recording(bodies, collectionCounts()))
      .post(`/${KB_SHARED}/_mtermvectors`)
      .reply(recording(bodies, shardStatistics()))
      // The boosts are in the query.
      .post(`/${KB_SHARED}/_search`, isLeg)
      .query({ routing: KB_KEY })
      .reply(recording(bodies, rankingReply(`${KB_SHARED}-v1`, [[`${KB_KEY}:b:0`, 12.1]])))
      .post(`/${KB_SHARED}/_search`, isFetch)
      .query({ routing: KB_KEY })
      .reply(recording(bodies, fetchReply('b')));
    const index = open();

    await index.termDocumentCounts(KB, words);
    const hits = await search(index);

    scope.done(); // no second count
    expect(hits.map((hit) => [hit.chunkId, hit.bm25Rank])).toEqual([['b:0', 1]]);
    expect(json(bodies[1]!)).toEqual({
      docs: words.map((word) => ({
        doc: { text: word, headings: word, title: word },
        fields: ['text', 'headings', 'title'],
        term_statistics: true,
        field_statistics: true,
        positions: false,
        offsets: false,
        payloads: false,
        routing: KB_KEY,
      })),
    });
    expect(json(bodies[2]!)).toEqual(boostedLeg(1));
    // The `_id` in the shared index: the key, then the chunk id.
    expect(json(bodies[3]!)).toMatchObject({
      query: { bool: { filter: [{ ids: { values: [`${KB_KEY}:b:0`] } }, ...keyFilter] } },
    });
  });

  it('sends both legs in one _msearch, the BM25 leg boosted, when the statistics are already here', async () => {
    const bodies: nock.Body[] = [];
    const scope = sharedCollection(es())
      .post(`/${KB_SHARED}/_search`, isCounts)
      .query({ routing: KB_KEY })
      .reply(...collectionCounts())
      .post(`/${KB_SHARED}/_mtermvectors`)
      .reply(...shardStatistics())
      .post(`/${KB_SHARED}/_msearch`)
      .query({ routing: KB_KEY })
      .reply(
        recording(
          bodies,
          msearchReply([
            rankingBody(`${KB_SHARED}-v1`, [[`${KB_KEY}:b:0`, 12.1]]),
            rankingBody(`${KB_SHARED}-v1`, [[`${KB_KEY}:b:0`, 0.9]]),
          ]),
        ),
      )
      .post(`/${KB_SHARED}/_search`, isFetch)
      .query({ routing: KB_KEY })
      .reply(...fetchReply('b'));
    const index = open();

    await index.termDocumentCounts(KB, words);
    const hits = await index.search({
      collectionId: KB,
      text: words.join(' '),
      vector: axis(0),
      limit: 1,
    });

    scope.done(); // one _msearch for both legs, no second count
    expect(hits.map((hit) => [hit.chunkId, hit.bm25Rank, hit.vectorRank])).toEqual([['b:0', 1, 1]]);
    const [bm25Header, bm25Body, vectorHeader, vectorBody] = ndjson(bodies[0]!);
    expect([bm25Header, vectorHeader]).toEqual([{}, {}]);
    expect(bm25Body).toEqual(boostedLeg(50));
    expect(vectorBody).toMatchObject({ query: { knn: expect.anything() } });
  });

  it('sends the kNN leg at once and the BM25 leg, with the boosts in its query, when the statistics still on their way come', async () => {
    const bodies: nock.Body[] = [];
    let vectorLegSent!: () => void;
    const vectorLegArrived = new Promise<void>((resolve) => (vectorLegSent = resolve));
    const isVectorLeg = (body: Record<string, unknown>) =>
      isLeg(body) && 'knn' in (body.query as Record<string, unknown>);
    const isBm25Leg = (body: Record<string, unknown>) => isLeg(body) && !isVectorLeg(body);
    const scope = sharedCollection(es())
      .post(`/${KB_SHARED}/_search`, isCounts)
      .query({ routing: KB_KEY })
      // The statistics answer only once the kNN leg has come: a kNN leg waiting for them would hang.
      .reply((_uri, _body, callback) => {
        void vectorLegArrived.then(() => callback(null, collectionCounts()));
      })
      .post(`/${KB_SHARED}/_mtermvectors`)
      .reply((_uri, _body, callback) => {
        void vectorLegArrived.then(() => callback(null, shardStatistics()));
      })
      .post(`/${KB_SHARED}/_search`, isVectorLeg)
      .query({ routing: KB_KEY })
      .reply(() => {
        vectorLegSent();
        return rankingReply(`${KB_SHARED}-v1`, [[`${KB_KEY}:b:0`, 0.9]]);
      })
      .post(`/${KB_SHARED}/_search`, isBm25Leg)
      .query({ routing: KB_KEY })
      .reply(recording(bodies, rankingReply(`${KB_SHARED}-v1`, [[`${KB_KEY}:b:0`, 12.1]])))
      .post(`/${KB_SHARED}/_search`, isFetch)
      .query({ routing: KB_KEY })
      .reply(...fetchReply('b'));
    const index = open();

    const counting = index.termDocumentCounts(KB, words);
    const hits = await index.search({
      collectionId: KB,
      text: words.join(' '),
      vector: axis(0),
      limit: 1,
    });

    expect(await counting).toEqual({ chunks: 100, counts: [2, 50, 0] });
    expect(hits.map((hit) => [hit.chunkId, hit.bm25Rank, hit.vectorRank])).toEqual([['b:0', 1, 1]]);
    scope.done();
    // The boosted query itself, and no second BM25 search.
    expect(json(bodies[0]!)).toEqual(boostedLeg(50));
  });

  it('waits for the counts of its own words when asks on the collection overlap, and counts nothing a third time', async () => {
    const reads = (word: string) => (body: Record<string, unknown>) =>
      JSON.stringify(body).includes(`"${word}"`);
    const bodies: nock.Body[] = [];
    const scope = sharedCollection(es())
      // This ask's counts come back last…
      .post(`/${KB_SHARED}/_search`, (body) => isCounts(body) && reads('quota')(body))
      .query({ routing: KB_KEY })
      .delay(200)
      .reply(...collectionCounts())
      .post(`/${KB_SHARED}/_mtermvectors`, reads('quota'))
      .reply(...shardStatistics())
      // …after another ask's, on other words.
      .post(`/${KB_SHARED}/_search`, (body) => isCounts(body) && reads('runbook')(body))
      .query({ routing: KB_KEY })
      .reply(
        ...ok({
          hits: { total: { value: 100, relation: 'eq' }, hits: [] },
          aggregations: { words: { buckets: { w0: { doc_count: 3 } } } },
        }),
      )
      .post(`/${KB_SHARED}/_mtermvectors`, reads('runbook'))
      .reply(...termVectors([{ runbook: [5, 1000] }]))
      .post(`/${KB_SHARED}/_search`, isLeg)
      .query({ routing: KB_KEY })
      .reply(recording(bodies, rankingReply(`${KB_SHARED}-v1`, [[`${KB_KEY}:b:0`, 12.1]])))
      .post(`/${KB_SHARED}/_search`, isFetch)
      .query({ routing: KB_KEY })
      .reply(...fetchReply('b'));
    const index = open();

    const counting = index.termDocumentCounts(KB, words);
    await index.termDocumentCounts(KB, ['runbook']);
    const hits = await search(index);

    await counting;
    scope.done(); // one count per ask
    expect(hits.map((hit) => [hit.chunkId, hit.bm25Rank])).toEqual([['b:0', 1]]);
    expect(json(bodies[0]!)).toEqual(boostedLeg(1));
  });

  it("counts again after its collection was refreshed here: an ingestion's writes change its statistics", async () => {
    const scope = sharedCollection(es(), 2) // the refresh reads the record afresh
      .post(`/${KB_SHARED}/_search`, isCounts)
      .times(2)
      .query({ routing: KB_KEY })
      .reply(...collectionCounts())
      .post(`/${KB_SHARED}/_mtermvectors`)
      .times(2)
      .reply(...shardStatistics())
      .post(`/${KB_SHARED}/_search`, isLeg)
      .times(3)
      .query({ routing: KB_KEY })
      .reply(...rankingReply(`${KB_SHARED}-v1`, [[`${KB_KEY}:b:0`, 12.1]]))
      .post(`/${KB_SHARED}/_search`, isFetch)
      .times(3)
      .query({ routing: KB_KEY })
      .reply(...fetchReply('b'))
      .get(`/${KB_SHARED}/_refresh`)
      .reply(...ok({ _shards: { total: 1, successful: 1, failed: 0 } }));
    const index = open();

    await search(index);
    await search(index); // within 30 s: the statistics are reused
    await index.refresh(KB);
    await search(index);

    scope.done();
  });
});
