import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import {
  type ElasticsearchAuth,
  ElasticsearchSearchIndex,
  type ElasticsearchSearchIndexOptions,
} from '../src';
import {
  collectionIndexDefinition,
  SENTENCE_VECTORS_FIELD,
} from '../src/elasticsearch/index-definition';
import { collectionIndex } from '../src/elasticsearch/index-layout';
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

if (url) {
  jest.setTimeout(60_000);

  describeSearchIndexConformance('Elasticsearch (live)', async () => {
    const { index, cleanup } = openLive();
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
      await index.ensureCollection('kb', DIMENSIONS);
      for (const [documentId, chunks] of Object.entries(KNOWLEDGE_BASE)) {
        await index.replaceDocumentChunks('kb', documentId, chunks);
      }
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

    it('an index made before sentence vectors gets their field: old chunks stay, new ones store them', async () => {
      live = openLive();
      const { index, admin, prefix } = live;
      const { alias, concreteIndex } = collectionIndex(prefix, 'kb');
      const definition = collectionIndexDefinition(alias, 'kb', DIMENSIONS, {
        numberOfShards: 1,
        numberOfReplicas: 0,
      });
      delete definition.mappings!.properties![SENTENCE_VECTORS_FIELD];
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
          sentenceVectors: [{ key: 9, vector: axis(2) }],
        },
      ]);
      const [old] = await index.getChunks('kb', 'old', [0]);
      expect(old?.text).toBe('Rotate the keys.');
      expect(old?.sentenceVectors).toBeUndefined();
      const [fresh] = await index.getChunks('kb', 'new', [0]);
      expect(fresh?.sentenceVectors?.map((v) => v.key)).toEqual([9]);
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
