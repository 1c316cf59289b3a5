import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '@docent/api';
import { ElasticsearchSearchIndex } from '@docent/search-index';
import { startFakeConfluence } from '@docent/source-fakes';
import { createTestIndexPrefix } from '@docent/test-support';
import { loadSciFact } from '../datasets/scifact';
import { postJson } from '../support/http-json';
import { NeighbourText } from '../support/neighbour-collections';
import type { BenchRow } from '../support/report';
import { modelEnvironment, sharedDir } from '../support/shared-data';
import {
  BENCH_KEY as KEY,
  BENCH_WIKI_USER as USER,
  ingestWikiSpace,
} from '../support/source-ingestion';
import { percentile, round } from '../support/stats';

/** all-MiniLM-L6-v2's size (the bench's model): the collections share its shared indices. */
const DIMENSIONS = 384;
const CHUNKS_PER_COLLECTION = 3;
const DELETED = 100;

/**
 * Issue 23's "many collections per cluster": `--limit` collections (default 5,000), each with
 * three chunks of general English (random vectors), created one after the other through the
 * Elasticsearch adapter into shared indices (`DOCENT_BENCH_SHARED_INDICES`, default 4, no
 * replica: one node); then the service, on the same indices, ingests 500 SciFact abstracts and
 * answers the 150 dev questions over HTTP from a shared index holding about a quarter of the
 * collections; then 100 collections are deleted. Reports the cluster's health and shards, the
 * creation latencies, the node's heap, the asks' latencies and the deletes'. Needs an
 * Elasticsearch of its own (DOCENT_BENCH_ELASTICSEARCH_URL or ELASTICSEARCH_URL; see the README:
 * `scripts/elasticsearch.sh` with DOCENT_ES_DIR and --port); its indices are deleted at the end.
 */
export async function elasticsearchCollections(options: {
  limit?: number;
}): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  const esUrl = process.env.DOCENT_BENCH_ELASTICSEARCH_URL || process.env.ELASTICSEARCH_URL;
  if (!esUrl) {
    throw new Error(
      'the es-collections suite needs DOCENT_BENCH_ELASTICSEARCH_URL (or ELASTICSEARCH_URL)',
    );
  }
  const count = options.limit ?? 5_000;
  const sharedIndices = Number(process.env.DOCENT_BENCH_SHARED_INDICES ?? 4);
  const indices = createTestIndexPrefix(esUrl);
  const node = new NodeStats(esUrl);
  const before = await node.snapshot();
  const index = new ElasticsearchSearchIndex({
    node: esUrl,
    indexPrefix: indices.prefix,
    sharedIndices,
    numberOfReplicas: 0,
    refresh: false,
  });
  try {
    const text = new NeighbourText();
    const createMs: number[] = [];
    const firstWriteMs: number[] = [];
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const collectionId = `tenant-${i}`;
      const t0 = performance.now();
      await index.ensureCollection(collectionId, DIMENSIONS);
      const t1 = performance.now();
      await index.replaceDocumentsChunks(
        collectionId,
        text.documents(collectionId, CHUNKS_PER_COLLECTION, DIMENSIONS),
      );
      firstWriteMs.push(performance.now() - t1);
      createMs.push(t1 - t0);
      if ((i + 1) % 1000 === 0) {
        console.log(`  ${i + 1} collections (${round((performance.now() - started) / 1000, 0)} s)`);
      }
    }
    const createSeconds = (performance.now() - started) / 1000;
    await index.refresh('tenant-0');
    const health = await node.health();
    const after = await node.snapshot();
    const ask = await askBesideTenants(esUrl, indices.prefix, sharedIndices, index, node);
    const { segments } = ask;
    const deleteMs: number[] = [];
    for (let i = 0; i < Math.min(DELETED, count); i++) {
      const t = performance.now();
      await index.deleteCollection(`tenant-${i}`);
      deleteMs.push(performance.now() - t);
    }
    const rows: BenchRow[] = [
      {
        metric: 'collections created',
        value: count,
        unit: '',
        note: `${CHUNKS_PER_COLLECTION} chunks each, ${sharedIndices} shared indices, no replica, 1 client, in ${round(createSeconds, 0)} s`,
      },
      {
        metric: 'cluster status afterwards',
        value: health.status,
        unit: '',
        note: `${health.activeShards} shards (${before.shards} before); ${health.unassignedShards} unassigned`,
      },
      { metric: 'ensureCollection p50', value: round(percentile(createMs, 50), 1), unit: 'ms' },
      { metric: 'ensureCollection p95', value: round(percentile(createMs, 95), 1), unit: 'ms' },
      {
        metric: 'first write p50',
        value: round(percentile(firstWriteMs, 50), 1),
        unit: 'ms',
        note: `${CHUNKS_PER_COLLECTION} chunks, refresh: false`,
      },
      { metric: 'first write p95', value: round(percentile(firstWriteMs, 95), 1), unit: 'ms' },
      {
        metric: 'node heap used before / after',
        value: `${before.heapUsedMiB} / ${after.heapUsedMiB}`,
        unit: 'MiB',
        note: `of ${after.heapMaxMiB} MiB; a point reading (the JVM collects when it will)`,
      },
      {
        metric: 'segments of the asked shared index',
        value: segments,
        unit: '',
        note: 'before the asks (each segment has an HNSW graph of its own to search)',
      },
      {
        metric: 'ask latency p50',
        value: round(percentile(ask.latenciesMs, 50), 1),
        unit: 'ms',
        note: `${ask.latenciesMs.length} questions over HTTP to a collection of ${ask.documents} abstracts in a shared index holding ${ask.neighbours} other collections`,
      },
      { metric: 'ask latency p95', value: round(percentile(ask.latenciesMs, 95), 1), unit: 'ms' },
      { metric: 'ask latency p99', value: round(percentile(ask.latenciesMs, 99), 1), unit: 'ms' },
      {
        metric: 'deleteCollection p50',
        value: round(percentile(deleteMs, 50), 1),
        unit: 'ms',
        note: `${deleteMs.length} collections of ${CHUNKS_PER_COLLECTION} chunks`,
      },
      { metric: 'deleteCollection p95', value: round(percentile(deleteMs, 95), 1), unit: 'ms' },
    ];
    return {
      rows,
      details: {
        elasticsearch: after.version,
        collections: count,
        sharedIndices,
        before,
        after,
        health,
        segments,
        createMs: createMs.map((ms) => round(ms, 1)),
        firstWriteMs: firstWriteMs.map((ms) => round(ms, 1)),
        askLatenciesMs: ask.latenciesMs.map((ms) => round(ms, 1)),
        deleteMs: deleteMs.map((ms) => round(ms, 1)),
      },
    };
  } finally {
    await index.close();
    await indices.drop();
  }
}

/**
 * The service on the same indices ingests 500 SciFact abstracts (into whichever shared index its
 * collection's id hashes to) and answers the 150 dev questions, one at a time.
 */
async function askBesideTenants(
  esUrl: string,
  prefix: string,
  sharedIndices: number,
  index: ElasticsearchSearchIndex,
  node: NodeStats,
): Promise<{ latenciesMs: number[]; documents: number; neighbours: number; segments: number }> {
  const scifact = loadSciFact(join(sharedDir(), 'bench/scifact'));
  const docs = scifact.docs.slice(0, 500);
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [
      {
        key: 'SCIFACT',
        pages: docs.map((d) => ({ id: d.id, title: d.title, body: `<p>${escape(d.text)}</p>` })),
      },
    ],
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-collections-'));
  const { app } = await createApiApp({
    env: {
      ...modelEnvironment(),
      DOCENT_DATA_DIR: dataDir,
      DOCENT_BOOTSTRAP_API_KEYS: `bench:${KEY}`,
      DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
      DOCENT_LOG_LEVEL: 'warn',
      DOCENT_RATE_LIMIT_PER_MINUTE: '1000000',
      DOCENT_ROLE: 'all',
      ELASTICSEARCH_URL: esUrl,
      DOCENT_ES_INDEX_PREFIX: prefix,
      DOCENT_ES_SHARED_INDICES: String(sharedIndices),
      DOCENT_ES_REPLICAS: '0',
      DOCENT_SECRET_KEY: randomBytes(32).toString('hex'),
    },
  });
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    await ingestWikiSpace(base, wiki.url, 'SCIFACT', 'scifact', 200);
    const layout = await index.collectionsLayout();
    const tenant = layout.find((entry) => !entry.collectionId.startsWith('tenant-'));
    const neighbours = layout.filter(
      (entry) => entry.index === tenant?.index && entry !== tenant,
    ).length;
    const segments = await node.segments(tenant?.index ?? `${prefix}-s-*`);
    const latenciesMs: number[] = [];
    for (const q of scifact.queries) {
      const t = performance.now();
      await postJson(base, '/docs/ask', KEY, {
        namespace_name: 'bench',
        collection_name: 'scifact',
        question: q.text,
        top_k: 10,
      });
      latenciesMs.push(performance.now() - t);
    }
    return { latenciesMs, documents: docs.length, neighbours, segments };
  } finally {
    await app.close();
    await wiki.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface NodeSnapshot {
  version: string | null;
  heapUsedMiB: number;
  heapMaxMiB: number;
  shards: number;
}

/** The node's JVM heap and the cluster's shards and health (a single-node cluster). */
class NodeStats {
  constructor(private readonly url: string) {}

  async snapshot(): Promise<NodeSnapshot> {
    const stats = (await this.get('/_nodes/stats/jvm')) as {
      nodes: Record<
        string,
        { jvm: { mem: { heap_used_in_bytes: number; heap_max_in_bytes: number } } }
      >;
    };
    const [jvm] = Object.values(stats.nodes).map((n) => n.jvm.mem);
    const health = await this.health();
    const info = (await this.get('/').catch(() => ({}))) as { version?: { number?: string } };
    return {
      version: info.version?.number ?? null,
      heapUsedMiB: round((jvm?.heap_used_in_bytes ?? NaN) / 1024 ** 2, 0),
      heapMaxMiB: round((jvm?.heap_max_in_bytes ?? NaN) / 1024 ** 2, 0),
      shards: health.activeShards,
    };
  }

  async health(): Promise<{ status: string; activeShards: number; unassignedShards: number }> {
    const health = (await this.get('/_cluster/health?wait_for_status=green&timeout=30s')) as {
      status: string;
      active_shards: number;
      unassigned_shards: number;
    };
    return {
      status: health.status,
      activeShards: health.active_shards,
      unassignedShards: health.unassigned_shards,
    };
  }

  /** Segments of the indices matching `pattern` (primaries). */
  async segments(pattern: string): Promise<number> {
    const stats = (await this.get(`/${pattern}/_stats/segments`)) as {
      _all?: { primaries?: { segments?: { count?: number } } };
    };
    return stats._all?.primaries?.segments?.count ?? NaN;
  }

  private async get(path: string): Promise<unknown> {
    const response = await fetch(new URL(path, this.url));
    return response.json();
  }
}
