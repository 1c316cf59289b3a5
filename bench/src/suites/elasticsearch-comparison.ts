import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '@docent/api';
import { createEmbedder } from '@docent/embedder';
import { ElasticsearchSearchIndex } from '@docent/search-index';
import { startFakeConfluence } from '@docent/source-fakes';
import { createTestIndexPrefix } from '@docent/test-support';
import { loadSciFact, type SciFactDoc, type SciFactQuery } from '../datasets/scifact';

import { mean, ndcgAt } from '../metrics/ranking-metrics';
import { postJson } from '../support/http-json';
import type { BenchRow } from '../support/report';
import { removeNeighbours, writeNeighbours } from '../support/neighbour-collections';
import { modelEnvironment, sharedDir } from '../support/shared-data';
import { percentile, round } from '../support/stats';
import {
  BENCH_KEY as KEY,
  BENCH_WIKI_USER as USER,
  ingestWikiSpace,
} from '../support/source-ingestion';

interface IngestFigures {
  pages: number;
  chunks: number;
  ingestSeconds: number;
}

interface AskFigures {
  latenciesMs: number[];
  /** The service's own retrieval time per ask (its `Server-Timing` header): embedding + index. */
  retrievalMs: number[];
  ndcg: number;
  queries: number;
  /** What the node served for the asks (Elasticsearch runs only). */
  node?: NodeWork;
}

/** The node's work per ask, from its own counters (load does not change them, but `searchMs`). */
interface NodeWork {
  requestsPerAsk: number;
  /** Requests per ask by route (`/{index}/_msearch`…). */
  routes: Record<string, number>;
  responseKiBPerAsk: number;
  /** Shard query + fetch time per ask, as the node counts it (its `took`, summed). */
  searchMsPerAsk: number;
}

/** Targets of issue 23: nDCG@10 on Elasticsearch ≥ embedded − 0.01; asks p50 ≤ 2× embedded, p99 ≤ 150 ms. */
const NDCG_TOLERANCE = 0.01;
const P50_RATIO_TARGET = 2;
const P99_TARGET_MS = 150;

/**
 * Issue 14's and 23's figures: the SciFact corpus (5,183 abstracts) ingested through the real
 * service from a fake Confluence, then every dev query asked over HTTP (top_k 10, one client,
 * each question once: cold), on the embedded index and on Elasticsearch — same process, same
 * model, same SQLite metadata and embedded queue, so the index is the only difference — with the
 * embedder's own rate in the same run. On Elasticsearch SciFact goes into a shared index (the
 * default layout) alone first; then `DOCENT_BENCH_NEIGHBOURS` other collections (default 50, of
 * `DOCENT_BENCH_NEIGHBOUR_CHUNKS` chunks in all, default 20,000) are written into the same shared
 * index and the questions asked again, with the collection's own IDF (the default) and without
 * (`DOCENT_ES_COLLECTION_IDF=false`), which measures what sharing the index's term statistics
 * costs. Needs an Elasticsearch: DOCENT_BENCH_ELASTICSEARCH_URL or ELASTICSEARCH_URL
 * (`scripts/elasticsearch.sh start` prints one); it makes its indices under a prefix of its own
 * (one replica-less shared index) and deletes them at the end. With `DOCENT_BENCH_KEEP_DIR`, both
 * services' data and the Elasticsearch indices are kept (the neighbours removed) and the next run
 * with the same corpus asks again without ingesting: latency re-measured in minutes.
 */
export async function elasticsearchComparison(options: {
  limit?: number;
}): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  const esUrl = process.env.DOCENT_BENCH_ELASTICSEARCH_URL || process.env.ELASTICSEARCH_URL;
  if (!esUrl) {
    throw new Error(
      'the elasticsearch suite needs DOCENT_BENCH_ELASTICSEARCH_URL (or ELASTICSEARCH_URL): ' +
        'start a node with scripts/elasticsearch.sh start',
    );
  }
  const neighbours = Number(process.env.DOCENT_BENCH_NEIGHBOURS ?? 50);
  const neighbourChunks = Number(process.env.DOCENT_BENCH_NEIGHBOUR_CHUNKS ?? 20_000);
  const scifact = loadSciFact(join(sharedDir(), 'bench/scifact'));
  const docs = options.limit ? scifact.docs.slice(0, options.limit) : scifact.docs;
  const kept = new Set(docs.map((d) => d.id));
  const queries = scifact.queries.filter((q) => [...q.relevant].some((id) => kept.has(id)));
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [{ key: 'SCIFACT', pages: docs.map(wikiPage) }],
  });
  try {
    const embedderRate = await embedderThroughput(docs);
    const keep = process.env.DOCENT_BENCH_KEEP_DIR || undefined;
    const embedded = await measureEmbedded(wiki.url, queries, docs.length, keep);
    const es = await measureElasticsearch(
      wiki.url,
      queries,
      esUrl,
      { collections: neighbours, chunks: neighbourChunks, dimensions: embedderRate.dimensions },
      docs.length,
      keep,
    );
    const rows: BenchRow[] = [
      {
        metric: 'corpus',
        value: docs.length,
        unit: 'abstracts',
        note: `SciFact, ${queries.length} dev queries`,
      },
      {
        metric: 'embedder raw throughput',
        value: round(embedderRate.chunksPerSecond, 1),
        unit: 'chunks/s',
        note: `${embedderRate.model}, ${embedderRate.passages} abstracts, batches of 32`,
      },
      ...ingestRows('embedded', embedded.ingest),
      ...askRows('embedded', embedded.asks, 'first ask cold'),
      ...ingestRows('elasticsearch', es.ingest),
      ...askRows('elasticsearch', es.alone, 'SciFact alone in its shared index'),
      {
        metric: 'elasticsearch/embedded: ask p50',
        value: round(
          percentile(es.alone.latenciesMs, 50) / percentile(embedded.asks.latenciesMs, 50),
          2,
        ),
        unit: '×',
        note: `target ≤ ${P50_RATIO_TARGET}`,
      },
      {
        metric: 'elasticsearch: ask p99 within target',
        value: percentile(es.alone.latenciesMs, 99) <= P99_TARGET_MS ? 'yes' : 'no',
        unit: '',
        note: `target ≤ ${P99_TARGET_MS} ms, 1 client`,
      },
      {
        metric: 'elasticsearch: SciFact nDCG@10, beside neighbours',
        value: round(es.beside.ndcg, 3),
        unit: '',
        note: `${neighbours} other collections, ${es.neighbourChunks} chunks, in the same shared index; per-collection IDF`,
      },
      {
        metric: 'elasticsearch: same, shared IDF (no compensation)',
        value: round(es.besideSharedIdf.ndcg, 3),
        unit: '',
        note: 'DOCENT_ES_COLLECTION_IDF=false',
      },
      {
        metric: 'elasticsearch: ask p50, beside neighbours',
        value: round(percentile(es.beside.latenciesMs, 50), 1),
        unit: 'ms',
        note: 'the same questions a second time, the index changed since',
      },
    ];
    for (const [name, figures] of [
      ['alone', es.alone],
      ['beside neighbours', es.beside],
    ] as const) {
      const delta = figures.ndcg - embedded.asks.ndcg;
      rows.push({
        metric: `nDCG@10 elasticsearch (${name}) − embedded`,
        value: round(delta, 3),
        unit: '',
        note: `target ≥ −${NDCG_TOLERANCE}: ${delta >= -NDCG_TOLERANCE ? 'met' : 'missed'}`,
      });
    }
    const latencies = (f: AskFigures) => ({
      ...f,
      latenciesMs: f.latenciesMs.map((ms) => round(ms, 1)),
      firstAskMs: round(f.latenciesMs[0] ?? NaN, 1),
    });
    return {
      rows,
      details: {
        model: embedderRate.model,
        elasticsearch: await clusterVersion(esUrl),
        neighbours: { collections: neighbours, chunks: es.neighbourChunks },
        figures: {
          embedded: { ...embedded.ingest, ...latencies(embedded.asks) },
          elasticsearch: { ...es.ingest, ...latencies(es.alone) },
          elasticsearchBesideNeighbours: latencies(es.beside),
          elasticsearchBesideNeighboursSharedIdf: latencies(es.besideSharedIdf),
        },
      },
    };
  } finally {
    await wiki.close();
  }
}

function ingestRows(backend: string, f: IngestFigures): BenchRow[] {
  return [
    {
      metric: `${backend}: ingestion`,
      value: round(f.pages / f.ingestSeconds, 1),
      unit: 'pages/s',
      note: `${f.pages} pages, ${f.chunks} chunks in ${round(f.ingestSeconds, 1)} s`,
    },
    {
      metric: `${backend}: ingestion`,
      value: round(f.chunks / f.ingestSeconds, 1),
      unit: 'chunks/s',
    },
  ];
}

function askRows(backend: string, f: AskFigures, note: string): BenchRow[] {
  return [
    {
      metric: `${backend}: ask latency p50`,
      value: round(percentile(f.latenciesMs, 50), 1),
      unit: 'ms',
      note: `${f.queries} questions over HTTP, top_k 10, 1 client; ${note}`,
    },
    {
      metric: `${backend}: ask latency p95`,
      value: round(percentile(f.latenciesMs, 95), 1),
      unit: 'ms',
    },
    {
      metric: `${backend}: ask latency p99`,
      value: round(percentile(f.latenciesMs, 99), 1),
      unit: 'ms',
    },
    {
      metric: `${backend}: retrieval p50 / p99`,
      value: `${round(percentile(f.retrievalMs, 50), 1)} / ${round(percentile(f.retrievalMs, 99), 1)}`,
      unit: 'ms',
      note: "the service's Server-Timing: embedding + index search (the rest is the answerer and HTTP)",
    },
    { metric: `${backend}: SciFact nDCG@10`, value: round(f.ndcg, 3), unit: '' },
    ...(f.node
      ? [
          {
            metric: `${backend}: requests per ask`,
            value: round(f.node.requestsPerAsk, 2),
            unit: '',
            note: Object.entries(f.node.routes)
              .map(([route, n]) => `${route} ${round(n, 2)}`)
              .join(', '),
          },
          {
            metric: `${backend}: response bytes per ask`,
            value: round(f.node.responseKiBPerAsk, 1),
            unit: 'KiB',
          },
          {
            metric: `${backend}: node search time per ask`,
            value: round(f.node.searchMsPerAsk, 1),
            unit: 'ms',
            note: "shard query + fetch, summed (the node's own count, against the ask p50 above)",
          },
        ]
      : []),
  ];
}

interface BenchService {
  base: string;
  close(): Promise<void>;
}

/** The service (api and worker in this process, as in embedded mode) on `dataDir`. */
async function startService(dataDir: string, env: Record<string, string>): Promise<BenchService> {
  const { app } = await createApiApp({
    env: {
      ...modelEnvironment(),
      DOCENT_DATA_DIR: dataDir,
      DOCENT_BOOTSTRAP_API_KEYS: `bench:${KEY}`,
      DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
      DOCENT_LOG_LEVEL: 'warn',
      DOCENT_RATE_LIMIT_PER_MINUTE: '1000000',
      DOCENT_ROLE: 'all',
      ...env,
    },
  });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  return { base, close: () => app.close() };
}

async function ingest(base: string, wikiUrl: string): Promise<IngestFigures> {
  const started = performance.now();
  const ingestion = await ingestWikiSpace(base, wikiUrl, 'SCIFACT', 'scifact', 200);
  return {
    pages: ingestion.progress.documents_processed,
    chunks: ingestion.progress.chunks_indexed,
    ingestSeconds: (performance.now() - started) / 1000,
  };
}

/** Every query asked once, one at a time, over HTTP; nDCG@10 of the refs' documents. */
async function askAll(base: string, queries: SciFactQuery[], esUrl?: string): Promise<AskFigures> {
  const sourceIds = await documentSourceIds(base);
  const before = esUrl === undefined ? null : await nodeCounters(esUrl);
  const latenciesMs: number[] = [];
  const retrievalMs: number[] = [];
  const ndcgs: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    const { body: answer, retrievalMs: retrieval } = await ask(base, q.text);
    latenciesMs.push(performance.now() - t);
    retrievalMs.push(retrieval);
    const ranked = [...new Set(answer.refs.map((r) => sourceIds.get(r.doc_name) ?? r.doc_name))];
    ndcgs.push(ndcgAt(ranked, q.relevant, 10));
  }
  const node =
    esUrl === undefined || before === null
      ? undefined
      : nodeWork(before, await nodeCounters(esUrl), queries.length);
  return {
    latenciesMs,
    retrievalMs,
    ndcg: mean(ndcgs),
    queries: queries.length,
    ...(node && { node }),
  };
}

/** One ask over HTTP, with the retrieval time the service reports in `Server-Timing`. */
async function ask(
  base: string,
  question: string,
): Promise<{ body: { refs: Array<{ doc_name: string }> }; retrievalMs: number }> {
  const response = await fetch(`${base}/docs/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-key': KEY },
    body: JSON.stringify({
      namespace_name: 'bench',
      collection_name: 'scifact',
      question,
      top_k: 10,
    }),
  });
  const body = (await response.json()) as { refs: Array<{ doc_name: string }> };
  if (!response.ok)
    throw new Error(`/docs/ask answered ${response.status}: ${JSON.stringify(body)}`);
  const timing = /retrieval;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
  return { body, retrievalMs: timing ? Number(timing[1]) : NaN };
}

interface NodeCounters {
  routes: Map<string, { requests: number; responseBytes: number }>;
  searchMs: number;
}

/** The node's HTTP counters per route and its shards' search time (`_nodes/_local/stats`). */
async function nodeCounters(esUrl: string): Promise<NodeCounters> {
  const response = await fetch(`${esUrl}/_nodes/_local/stats/http,indices/search`);
  const body = (await response.json()) as {
    nodes: Record<
      string,
      {
        http?: {
          routes?: Record<
            string,
            { requests: { count: number }; responses: { total_size_in_bytes: number } }
          >;
        };
        indices: { search: { query_time_in_millis: number; fetch_time_in_millis: number } };
      }
    >;
  };
  const node = Object.values(body.nodes)[0]!;
  const routes = new Map(
    Object.entries(node.http?.routes ?? {}).map(([route, stats]) => [
      route,
      { requests: stats.requests.count, responseBytes: stats.responses.total_size_in_bytes },
    ]),
  );
  const { search } = node.indices;
  return { routes, searchMs: search.query_time_in_millis + search.fetch_time_in_millis };
}

/** What the node served between two readings, per ask (its own stats requests left out). */
function nodeWork(before: NodeCounters, after: NodeCounters, asks: number): NodeWork {
  const routes: Record<string, number> = {};
  let requests = 0;
  let bytes = 0;
  for (const [route, now] of after.routes) {
    if (route.startsWith('/_nodes')) continue;
    const then = before.routes.get(route) ?? { requests: 0, responseBytes: 0 };
    const served = now.requests - then.requests;
    if (served === 0) continue;
    routes[route] = served / asks;
    requests += served;
    bytes += now.responseBytes - then.responseBytes;
  }
  return {
    requestsPerAsk: requests / asks,
    routes,
    responseKiBPerAsk: bytes / 1024 / asks,
    searchMsPerAsk: (after.searchMs - before.searchMs) / asks,
  };
}

async function measureEmbedded(
  wikiUrl: string,
  queries: SciFactQuery[],
  pages: number,
  keep: string | undefined,
): Promise<{ ingest: IngestFigures; asks: AskFigures }> {
  const dataDir = keep
    ? keptDir(keep, 'embedded')
    : mkdtempSync(join(tmpdir(), 'docent-bench-embedded-'));
  const kept = keep ? readKept<KeptEmbedded>(dataDir, pages) : null;
  const service = await startService(dataDir, {});
  try {
    let figures = kept?.ingest;
    if (figures === undefined) {
      figures = await ingest(service.base, wikiUrl);
      if (keep) writeKept<KeptEmbedded>(dataDir, { pages, ingest: figures });
    }
    return { ingest: figures, asks: await askAll(service.base, queries) };
  } finally {
    await service.close();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What `DOCENT_BENCH_KEEP_DIR` keeps of a run so the next one asks again without ingesting: each
 * index's data directory (SQLite, the embedded index) and, for Elasticsearch, the prefix of the
 * indices left on the node and the service's secret key (its data is encrypted with it).
 */
interface KeptEmbedded {
  pages: number;
  ingest: IngestFigures;
}

interface KeptElasticsearch extends KeptEmbedded {
  esUrl: string;
  prefix: string;
  secretKey: string;
}

const KEPT_FILE = 'bench-kept.json';

function keptDir(keep: string, name: string): string {
  const dir = join(keep, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The kept run in `dir`, or null when there is none; one of another corpus size is an error. */
function readKept<T extends KeptEmbedded>(dir: string, pages: number): T | null {
  const file = join(dir, KEPT_FILE);
  if (!existsSync(file)) return null;
  const kept = JSON.parse(readFileSync(file, 'utf8')) as T;
  if (kept.pages !== pages) {
    throw new Error(
      `${dir} holds a run of ${kept.pages} pages, not ${pages} (another --limit): remove it`,
    );
  }
  return kept;
}

function writeKept<T extends KeptEmbedded>(dir: string, kept: T): void {
  writeFileSync(join(dir, KEPT_FILE), JSON.stringify(kept), { mode: 0o600 });
}

/**
 * SciFact into a shared index of its own prefix, asked alone; then beside the neighbours in the
 * same index, with and without the per-collection IDF (a second service on the same data).
 */
async function measureElasticsearch(
  wikiUrl: string,
  queries: SciFactQuery[],
  esUrl: string,
  neighbours: { collections: number; chunks: number; dimensions: number },
  pages: number,
  keep: string | undefined,
): Promise<{
  ingest: IngestFigures;
  alone: AskFigures;
  beside: AskFigures;
  besideSharedIdf: AskFigures;
  neighbourChunks: number;
}> {
  const dataDir = keep
    ? keptDir(keep, 'elasticsearch')
    : mkdtempSync(join(tmpdir(), 'docent-bench-elasticsearch-'));
  let kept = keep ? readKept<KeptElasticsearch>(dataDir, pages) : null;
  if (kept !== null && kept.esUrl !== esUrl) {
    throw new Error(`${dataDir} holds indices of ${kept.esUrl}, not ${esUrl}: remove it`);
  }
  const indices = kept === null ? createTestIndexPrefix(esUrl) : null;
  const prefix = kept?.prefix ?? indices!.prefix;
  const secretKey = kept?.secretKey ?? randomBytes(32).toString('hex');
  const env = {
    ELASTICSEARCH_URL: esUrl,
    DOCENT_ES_INDEX_PREFIX: prefix,
    // One shared index, so the neighbours land beside SciFact; no replica on a single node.
    DOCENT_ES_SHARED_INDICES: '1',
    DOCENT_ES_REPLICAS: '0',
    DOCENT_SECRET_KEY: secretKey,
  };
  const chunksEach =
    neighbours.collections > 0 ? Math.ceil(neighbours.chunks / neighbours.collections) : 0;
  const neighbourIndex = () =>
    new ElasticsearchSearchIndex({
      node: esUrl,
      indexPrefix: prefix,
      sharedIndices: 1,
      numberOfReplicas: 0,
      refresh: false,
    });
  // A kept index may still hold a failed run's neighbours, or their deleted copies.
  if (kept !== null)
    await removeNeighboursFully(neighbourIndex, esUrl, prefix, neighbours.collections);
  try {
    let service = await startService(dataDir, env);
    let figures: IngestFigures;
    let alone: AskFigures;
    let beside: AskFigures;
    try {
      if (kept === null) {
        figures = await ingest(service.base, wikiUrl);
        kept = { pages, ingest: figures, esUrl, prefix, secretKey };
        if (keep) writeKept(dataDir, kept);
      } else {
        figures = kept.ingest;
      }
      alone = await askAll(service.base, queries, esUrl);
      const index = neighbourIndex();
      try {
        await writeNeighbours(index, neighbours.collections, chunksEach, neighbours.dimensions);
      } finally {
        await index.close();
      }
      beside = await askAll(service.base, queries, esUrl);
    } finally {
      await service.close();
    }
    service = await startService(dataDir, { ...env, DOCENT_ES_COLLECTION_IDF: 'false' });
    try {
      const besideSharedIdf = await askAll(service.base, queries, esUrl);
      return {
        ingest: figures,
        alone,
        beside,
        besideSharedIdf,
        neighbourChunks: chunksEach * neighbours.collections,
      };
    } finally {
      await service.close();
    }
  } finally {
    if (keep) {
      // SciFact stays alone in its index for the next run.
      await removeNeighboursFully(neighbourIndex, esUrl, prefix, neighbours.collections);
    } else {
      await indices?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/**
 * Deletes the neighbour collections and then their deleted copies (merged into one segment until
 * none is left; `only_expunge_deletes` left 4,000 of 16,000): Lucene counts deleted documents in
 * its BM25 statistics until they are merged away, so they would change the next run's ranking of
 * SciFact "alone".
 */
async function removeNeighboursFully(
  open: () => ElasticsearchSearchIndex,
  esUrl: string,
  prefix: string,
  collections: number,
): Promise<void> {
  const index = open();
  try {
    await removeNeighbours(index, collections);
  } finally {
    await index.close();
  }
  // A merge can start before the deletes reach the segments it merges: merge until none is left.
  for (let attempt = 1; ; attempt++) {
    const merged = await fetch(
      `${esUrl}/${prefix}-*/_forcemerge?max_num_segments=1&allow_no_indices=true`,
      { method: 'POST' },
    );
    if (!merged.ok) {
      throw new Error(`Elasticsearch _forcemerge: ${merged.status} ${await merged.text()}`);
    }
    const stats = (await (
      await fetch(`${esUrl}/${prefix}-*/_stats/docs?allow_no_indices=true`)
    ).json()) as { _all?: { primaries?: { docs?: { deleted?: number } } } };
    const deleted = stats._all?.primaries?.docs?.deleted ?? 0;
    if (deleted === 0) return;
    if (attempt === 3) {
      console.warn(`bench: ${deleted} deleted documents left under ${prefix}-*`);
      return;
    }
  }
}

/** Document name → SciFact id (the page id), through the API. */
async function documentSourceIds(base: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let cursor: string | null = null;
  do {
    const page: {
      documents: Array<{ doc_name: string; source_id: string }>;
      next_cursor: string | null;
    } = await postJson(base, '/docs/list', KEY, {
      namespace_name: 'bench',
      collection_name: 'scifact',
      limit: 1000,
      cursor,
    });
    for (const d of page.documents) ids.set(d.doc_name, d.source_id);
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

function wikiPage(doc: SciFactDoc) {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return { id: doc.id, title: doc.title, body: `<p>${escape(doc.text)}</p>` };
}

/** The embedder alone on the same abstracts (title + text, as ingestion embeds them). */
async function embedderThroughput(
  docs: SciFactDoc[],
): Promise<{ model: string; dimensions: number; passages: number; chunksPerSecond: number }> {
  const env = modelEnvironment();
  const embedder = await createEmbedder({
    model: env.DOCENT_EMBEDDING_MODEL!,
    modelsDir: env.DOCENT_MODELS_DIR!,
    allowDownload: false,
  });
  try {
    const passages = docs.slice(0, 512).map((d) => `${d.title}\n${d.text}`);
    await embedder.embedDocuments(passages.slice(0, 32));
    const started = performance.now();
    for (let i = 0; i < passages.length; i += 32) {
      await embedder.embedDocuments(passages.slice(i, i + 32));
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      model: embedder.modelId,
      dimensions: embedder.dimensions,
      passages: passages.length,
      chunksPerSecond: passages.length / seconds,
    };
  } finally {
    await embedder.close();
  }
}

async function clusterVersion(esUrl: string): Promise<string | null> {
  try {
    const response = await fetch(esUrl);
    const body = (await response.json()) as { version?: { number?: string } };
    return body.version?.number ?? null;
  } catch {
    return null;
  }
}
