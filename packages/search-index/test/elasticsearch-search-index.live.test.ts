import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import {
  type ElasticsearchAuth,
  ElasticsearchSearchIndex,
  type ElasticsearchSearchIndexOptions,
} from '../src';
import {
  collectionIndexDefinition,
  EXTRAS_FIELD,
  LEGACY_SENTENCE_VECTORS_FIELD,
  sharedIndexDefinition,
} from '../src/elasticsearch/index-definition';
import { collectionIndex, sharedIndex } from '../src/elasticsearch/index-layout';
import { axis, chunk, DIMENSIONS, KNOWLEDGE_BASE } from './conformance/search-index-fixtures';
import { describeSearchIndexConformance } from './conformance/search-index.conformance';

// Runs against a real cluster (Elasticsearch 9.x) when DOCENT_TEST_ELASTICSEARCH_URL is set, with
// DOCENT_TEST_ELASTICSEARCH_API_KEY or DOCENT_TEST_ELASTICSEARCH_USERNAME/_PASSWORD when it needs
// them. `scripts/elasticsearch.sh start` starts one here (CI does):
//   export DOCENT_TEST_ELASTICSEARCH_URL=$(scripts/elasticsearch.sh start | tail -1 | cut -d= -f2)
//   pnpm exec jest packages/search-index/test/elasticsearch
// Every adapter gets its own index prefix; clean-up deletes every index under it.

const url = process.env.DOCENT_TEST_ELASTICSEARCH_URL;

function liveAuth(): ElasticsearchAuth | undefined {
  const {
    DOCENT_TEST_ELASTICSEARCH_API_KEY: apiKey,
    DOCENT_TEST_ELASTICSEARCH_USERNAME: username,
    DOCENT_TEST_ELASTICSEARCH_PASSWORD: password,
  } = process.env;
  if (apiKey) return { apiKey };
  if (username) return { username, password: password ?? '' };
  return undefined;
}

interface LiveIndex {
  index: ElasticsearchSearchIndex;
  admin: Client;
  prefix: string;
  cleanup(): Promise<void>;
}

function openLive(options: Partial<ElasticsearchSearchIndexOptions> = {}): LiveIndex {
  const auth = liveAuth();
  const prefix = `docent-test-${randomUUID().slice(0, 8)}`;
  const index = new ElasticsearchSearchIndex({
    node: url!,
    ...(auth && { auth }),
    indexPrefix: prefix,
    // Single-node test clusters: no replica to wait for, and short waits for `refresh=wait_for`.
    numberOfReplicas: 0,
    refreshInterval: '100ms',
    ...options,
  });
  const admin = new Client({ node: url!, ...(auth && { auth }) });
  return {
    index,
    admin,
    prefix,
    cleanup: async () => {
      try {
        // Wildcard deletes are refused by default (action.destructive_requires_name): list, then
        // delete each index by name.
        const indices = await admin.indices.get({
          index: `${prefix}-*`,
          allow_no_indices: true,
          expand_wildcards: 'all',
        });
        const names = Object.keys(indices);
        if (names.length > 0) await admin.indices.delete({ index: names });
      } finally {
        await index.close();
        await admin.close();
      }
    },
  };
}

/**
 * A prefix whose one shared index already holds a neighbour collection with the same document
 * ids, chunk ids and texts as the suite's knowledge base: each conformance test then runs beside
 * it, in the same index and on the same shard, as collections do in production.
 */
function crowdedSharedIndex(): {
  open(): Promise<{ index: ElasticsearchSearchIndex; cleanup(): Promise<void> }>;
  drop(): Promise<void>;
} {
  let live: LiveIndex | undefined;
  const options = { layout: 'shared' as const, sharedIndices: 1 };
  return {
    async open() {
      if (live === undefined) {
        live = openLive(options);
        await seedKnowledgeBase(live.index, 'neighbour');
      }
      const index = new ElasticsearchSearchIndex({
        node: url!,
        ...(liveAuth() && { auth: liveAuth()! }),
        indexPrefix: live.prefix,
        numberOfReplicas: 0,
        refreshInterval: '100ms',
        ...options,
      });
      return { index, cleanup: () => index.close() };
    },
    async drop() {
      if (live === undefined) return;
      // The neighbour was never touched by the suite.
      expect(await live.index.countChunks('neighbour')).toBe(5);
      await live.cleanup();
    },
  };
}

async function seedKnowledgeBase(index: ElasticsearchSearchIndex, collectionId: string) {
  await index.ensureCollection(collectionId, DIMENSIONS);
  for (const [documentId, chunks] of Object.entries(KNOWLEDGE_BASE)) {
    await index.replaceDocumentChunks(collectionId, documentId, chunks);
  }
}

function hybridAsk(collectionId: string) {
  return { collectionId, text: 'E4711 quota rollbacks', vector: axis(0), limit: 5 };
}

if (url) {
  jest.setTimeout(60_000);

  const crowded = crowdedSharedIndex();
  afterAll(() => crowded.drop());
  describeSearchIndexConformance(
    'Elasticsearch (live), shared index beside another collection',
    () => crowded.open(),
  );

  describeSearchIndexConformance('Elasticsearch (live), dedicated indices', async () => {
    const { index, cleanup } = openLive({ layout: 'dedicated' });
    return { index, cleanup };
  });

  describe('ElasticsearchSearchIndex (live)', () => {
    let live: LiveIndex;

    afterEach(async () => {
      await live.cleanup();
    });

    it('rrf auto: hybrid search works with or without a licence for the retriever', async () => {
      live = openLive({ rrf: 'auto' });
      const { index } = live;
      await seedKnowledgeBase(index, 'kb');
      for (let i = 0; i < 2; i++) {
        const hits = await index.search({
          collectionId: 'kb',
          text: 'E4711 quota',
          vector: axis(0),
          limit: 3,
        });
        expect(hits[0]?.chunkId).toBe('deploy-guide:0');
        expect(hits[0]?.similarity).toBeCloseTo(1, 5);
      }
    });

    it('without refresh waits, a document replaced twice within a refresh interval keeps no stale chunk', async () => {
      live = openLive({ refresh: false, refreshInterval: '30s' });
      const { index, admin, prefix } = live;
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks(
        'kb',
        'handbook',
        [0, 1, 2].map((ordinal) => chunk('handbook', ordinal, `Alpha ${ordinal}.`, axis(ordinal))),
      );
      // Nothing is searchable yet; a delete-by-query would not see the three chunks above.
      await index.replaceDocumentChunks('kb', 'handbook', [
        chunk('handbook', 0, 'Omega.', axis(1)),
      ]);
      await admin.indices.refresh({ index: `${prefix}-*` });
      expect(await index.countChunks('kb', 'handbook')).toBe(1);
      const hits = await index.search({
        collectionId: 'kb',
        mode: 'bm25',
        text: 'alpha omega',
        vector: axis(1),
        limit: 10,
      });
      expect(hits.map((hit) => hit.text)).toEqual(['Omega.']);
    });

    it("a delete given the chunk ids its caller wrote removes them after a cleanup took the document's manifest", async () => {
      live = openLive();
      const { index, admin, prefix } = live;
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'handbook', [
        chunk('handbook', 0, 'Alpha.', axis(0)),
      ]);
      // What a cleanup racing the write leaves: it read and removed the manifest, written first,
      // before the chunk it names was written.
      await admin.indices.refresh({ index: `${prefix}-*` });
      const manifests = await admin.search({
        index: `${prefix}-*`,
        query: { term: { kind: 'manifest' } },
        _source: false,
      });
      expect(manifests.hits.hits).toHaveLength(1);
      for (const hit of manifests.hits.hits) {
        await admin.delete({
          index: hit._index,
          id: hit._id!,
          ...(hit._routing !== undefined && { routing: hit._routing }),
          refresh: true,
        });
      }
      await index.deleteDocument('kb', 'handbook');
      await admin.indices.refresh({ index: `${prefix}-*` });
      expect(await index.countChunks('kb', 'handbook')).toBe(1);
      await index.deleteDocument('kb', 'handbook', ['handbook:0']);
      await admin.indices.refresh({ index: `${prefix}-*` });
      expect(await index.countChunks('kb', 'handbook')).toBe(0);
    });

    it('refresh makes writes searchable at once without refresh waits', async () => {
      live = openLive({ refresh: false, refreshInterval: '30s' });
      const { index } = live;
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'handbook', [
        chunk('handbook', 0, 'Quarterly planning starts in March.', axis(0)),
      ]);
      const find = () =>
        index.search({
          collectionId: 'kb',
          mode: 'bm25',
          text: 'planning',
          vector: axis(0),
          limit: 5,
        });
      // Within the 30 s refresh interval nothing is searchable yet...
      expect(await find()).toEqual([]);
      await index.refresh('kb');
      // ...and after an explicit refresh it is.
      expect((await find()).map((hit) => hit.chunkId)).toEqual(['handbook:0']);
    });

    it('an index made before sentence vectors gets the extras field: old chunks stay, new ones store them', async () => {
      live = openLive();
      const { index, admin, prefix } = live;
      const { alias, concreteIndex } = collectionIndex(prefix, 'kb');
      const definition = collectionIndexDefinition(alias, 'kb', DIMENSIONS, {
        numberOfShards: 1,
        numberOfReplicas: 0,
      });
      delete definition.mappings!.properties![EXTRAS_FIELD];
      delete definition.mappings!.properties![LEGACY_SENTENCE_VECTORS_FIELD];
      await admin.indices.create({ index: concreteIndex, ...definition });
      await admin.index({
        index: alias,
        id: 'old:0',
        refresh: true,
        document: {
          kind: 'chunk',
          collection_id: 'kb',
          chunk_id: 'old:0',
          document_id: 'old',
          ordinal: 0,
          page_num: 1,
          text: 'Rotate the keys.',
          headings: '',
          title: 'old',
          vector: Array.from(axis(0)),
        },
      });

      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'new', [
        {
          ...chunk('new', 0, 'Renew the lease.', axis(1)),
          extras: Uint8Array.of(9, 8, 7),
        },
      ]);
      await index.refresh('kb');
      const hits = await index.search({
        collectionId: 'kb',
        mode: 'bm25',
        text: 'rotate keys renew lease',
        vector: axis(0),
        limit: 5,
        extras: true,
      });
      const byId = new Map(hits.map((hit) => [hit.chunkId, hit]));
      expect(byId.get('old:0')?.text).toBe('Rotate the keys.');
      expect(byId.get('old:0')?.extras).toBeUndefined();
      expect([...byId.get('new:0')!.extras!]).toEqual([9, 8, 7]);
    });

    it('a shared index made before extras gets their field when a new collection joins it', async () => {
      live = openLive({ sharedIndices: 1 });
      const { index, admin, prefix } = live;
      const { alias, concreteIndex } = sharedIndex(prefix, DIMENSIONS, 0);
      const definition = sharedIndexDefinition(alias, DIMENSIONS, {
        numberOfShards: 1,
        numberOfReplicas: 0,
      });
      delete definition.mappings!.properties![EXTRAS_FIELD];
      await admin.indices.create({ index: concreteIndex, ...definition });

      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'new', [
        { ...chunk('new', 0, 'Renew the lease.', axis(1)), extras: Uint8Array.of(4, 5) },
      ]);
      await index.refresh('kb');
      const [hit] = await index.search({
        collectionId: 'kb',
        mode: 'bm25',
        text: 'renew lease',
        vector: axis(1),
        limit: 1,
        extras: true,
      });
      expect([...hit!.extras!]).toEqual([4, 5]);
    });

    it("reads the sentence vectors an earlier version stored as the chunk's extras", async () => {
      live = openLive();
      const { index, admin, prefix } = live;
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'old', [
        chunk('old', 0, 'Rotate the keys.', axis(0)),
      ]);
      await index.refresh('kb');
      // As an earlier version wrote the chunk: its sentence vectors in `sentence_vectors`.
      const written = await admin.search<{ chunk_id: string }>({
        index: `${prefix}-*`,
        query: { term: { chunk_id: 'old:0' } },
      });
      const hit = written.hits.hits[0]!;
      await admin.update({
        index: hit._index,
        id: hit._id!,
        ...(hit._routing !== undefined && { routing: hit._routing }),
        doc: { [LEGACY_SENTENCE_VECTORS_FIELD]: Buffer.from([1, 2, 0, 9]).toString('base64') },
        refresh: true,
      });
      const [found] = await index.search({
        collectionId: 'kb',
        mode: 'bm25',
        text: 'rotate keys',
        vector: axis(0),
        limit: 1,
        extras: true,
      });
      expect(found?.chunkId).toBe('old:0');
      expect([...found!.extras!]).toEqual([1, 2, 0, 9]);
    });

    it('finds a collection made before the registry by its own index and moves it into a shared index, online', async () => {
      live = openLive({ layout: 'dedicated' });
      const { admin, prefix } = live;
      await seedKnowledgeBase(live.index, 'kb');
      // As a deployment made before shared indices: no registry, one index per collection.
      await admin.indices.delete({ index: `${prefix}-collections-v1` });

      const index = new ElasticsearchSearchIndex({
        node: url!,
        ...(liveAuth() && { auth: liveAuth()! }),
        indexPrefix: prefix,
        numberOfReplicas: 0,
        refreshInterval: '100ms',
        moveSettleMs: 0,
        placementCacheMs: 0,
      });
      try {
        const before = await index.search(hybridAsk('kb'));
        expect(before[0]?.chunkId).toBe('deploy-guide:0');
        expect(await index.collectionsLayout()).toEqual([
          expect.objectContaining({
            collectionId: 'kb',
            layout: 'dedicated',
            unregistered: false, // the search above found and recorded it
            chunks: 5,
            wanted: 'shared',
          }),
        ]);

        const moves = await index.migrateLayout();
        expect(moves.map((move) => [move.collectionId, move.wanted])).toEqual([['kb', 'shared']]);
        const [after] = await index.collectionsLayout();
        expect(after).toMatchObject({ layout: 'shared', chunks: 5, wanted: 'shared' });
        expect(after?.index).toMatch(new RegExp(`^${prefix}-s-d8-[01]$`));
        // Its own index is gone; the same chunks answer the same way from the shared index.
        expect(await admin.indices.exists({ index: collectionIndex(prefix, 'kb').alias })).toBe(
          false,
        );
        const moved = await index.search(hybridAsk('kb'));
        expect(moved.map((hit) => [hit.chunkId, hit.bm25Rank, hit.vectorRank])).toEqual(
          before.map((hit) => [hit.chunkId, hit.bm25Rank, hit.vectorRank]),
        );
        // The manifests moved too: a shorter rewrite still removes the stale chunk.
        await index.replaceDocumentChunks('kb', 'deploy-guide', [
          chunk('deploy-guide', 0, 'Deployment fails with E4711.', axis(0)),
        ]);
        expect(await index.countChunks('kb', 'deploy-guide')).toBe(1);
        expect(await index.countChunks('kb')).toBe(4);
        await index.deleteCollection('kb');
        expect(await index.collectionsLayout()).toEqual([]);
      } finally {
        await index.close();
      }
    });

    it('moves a shared collection grown past dedicatedThreshold into an index of its own', async () => {
      live = openLive({ dedicatedThreshold: 3, moveSettleMs: 0, placementCacheMs: 0 });
      const { index, admin, prefix } = live;
      await seedKnowledgeBase(index, 'big');
      await index.ensureCollection('small', DIMENSIONS);
      await index.replaceDocumentChunks('small', 'pets', KNOWLEDGE_BASE.pets!);

      const layout = await index.collectionsLayout();
      expect(
        layout.map((entry) => [entry.collectionId, entry.layout, entry.chunks, entry.wanted]),
      ).toEqual([
        ['big', 'shared', 5, 'dedicated'],
        ['small', 'shared', 1, 'shared'],
      ]);
      await index.migrateLayout();
      expect(await admin.indices.exists({ index: collectionIndex(prefix, 'big').alias })).toBe(
        true,
      );
      const [big] = await index.collectionsLayout();
      expect(big).toMatchObject({ collectionId: 'big', layout: 'dedicated', chunks: 5 });
      expect((await index.search(hybridAsk('big')))[0]?.chunkId).toBe('deploy-guide:0');
      // The shared index keeps the small collection only.
      const { count } = await admin.count({
        index: `${prefix}-s-*`,
        query: { term: { kind: 'chunk' } },
      });
      expect(count).toBe(1);
      expect(await index.countChunks('small')).toBe(1);
    });

    it('keeps 100 collections apart in one shared index: each finds its own chunk, a delete removes one', async () => {
      live = openLive({ sharedIndices: 1 });
      const { index } = live;
      const ids = Array.from({ length: 100 }, (_, i) => `tenant-${i}`);
      for (const id of ids) {
        await index.ensureCollection(id, DIMENSIONS);
        await index.replaceDocumentChunks(id, 'page', [
          chunk('page', 0, `Relay code for ${id} is R${1000 + ids.indexOf(id)}.`, axis(0)),
        ]);
      }
      for (const [i, id] of ids.entries()) {
        if (i % 10 !== 0) continue;
        const hits = await index.search({
          collectionId: id,
          text: 'relay code',
          vector: axis(0),
          limit: 5,
        });
        expect(hits.map((hit) => hit.text)).toEqual([`Relay code for ${id} is R${1000 + i}.`]);
      }
      await index.deleteCollection('tenant-0');
      expect(await index.countChunks('tenant-0')).toBe(0);
      expect(await index.countChunks('tenant-1')).toBe(1);
    });

    it('indexes a chunk with a zero vector (no direction) and reports cosine 0 for it', async () => {
      live = openLive();
      const { index } = live;
      await index.ensureCollection('kb', DIMENSIONS);
      await index.replaceDocumentChunks('kb', 'blank', [
        chunk('blank', 0, 'An unembeddable chunk.', new Float32Array(DIMENSIONS)),
      ]);
      const bm25 = await index.search({
        collectionId: 'kb',
        mode: 'bm25',
        text: 'unembeddable',
        vector: axis(0),
        limit: 5,
      });
      expect(bm25).toHaveLength(1);
      expect(bm25[0]?.similarity).toBe(0);
      const vector = await index.search({
        collectionId: 'kb',
        mode: 'vector',
        text: '',
        vector: axis(0),
        limit: 5,
      });
      expect(vector).toEqual([]);
    });
  });
} else {
  describe.skip('SearchIndex conformance: Elasticsearch (live) — set DOCENT_TEST_ELASTICSEARCH_URL to run', () => {
    it('runs against a real cluster', () => undefined);
  });
}
