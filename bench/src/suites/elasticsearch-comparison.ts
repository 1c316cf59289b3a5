import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '@docent/api';
import { createEmbedder } from '@docent/embedder';
import { startFakeConfluence } from '@docent/source-fakes';
import { createTestIndexPrefix } from '@docent/test-support';
import { loadSciFact, type SciFactDoc, type SciFactQuery } from '../datasets/scifact';
import { mean, ndcgAt } from '../metrics/ranking-metrics';
import { postJson } from '../support/http-json';
import type { BenchRow } from '../support/report';
import { modelEnvironment, sharedDir } from '../support/shared-data';
import { percentile, round } from '../support/stats';
import {
  BENCH_KEY as KEY,
  BENCH_WIKI_USER as USER,
  ingestWikiSpace,
} from '../support/source-ingestion';

type Backend = 'embedded' | 'elasticsearch';

interface BackendFigures {
  pages: number;
  chunks: number;
  ingestSeconds: number;
  latenciesMs: number[];
  ndcg: number;
  queries: number;
}

/**
 * Issue 14's figures: the SciFact corpus (5,183 abstracts) ingested through the real service
 * from a fake Confluence, then every dev query asked over HTTP (top_k 10), once on the embedded
 * index and once on Elasticsearch — same process, same model, same SQLite metadata and embedded
 * queue, so the index is the only difference — with the embedder's own rate in the same run.
 * Needs an Elasticsearch: DOCENT_BENCH_ELASTICSEARCH_URL or ELASTICSEARCH_URL
 * (`scripts/elasticsearch.sh start` prints one).
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
    const figures: Record<Backend, BackendFigures> = {
      embedded: await measure('embedded', wiki.url, queries, null),
      elasticsearch: await measure('elasticsearch', wiki.url, queries, esUrl),
    };
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
    ];
    for (const backend of ['embedded', 'elasticsearch'] as const) {
      const f = figures[backend];
      rows.push(
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
        {
          metric: `${backend}: ask latency p50`,
          value: round(percentile(f.latenciesMs, 50), 1),
          unit: 'ms',
          note: `${f.queries} questions over HTTP, top_k 10, first ask cold`,
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
        { metric: `${backend}: SciFact nDCG@10`, value: round(f.ndcg, 3), unit: '' },
      );
    }
    return {
      rows,
      details: {
        model: embedderRate.model,
        elasticsearch: await clusterVersion(esUrl),
        figures: Object.fromEntries(
          Object.entries(figures).map(([backend, f]) => [
            backend,
            {
              ...f,
              latenciesMs: f.latenciesMs.map((ms) => round(ms, 1)),
              firstAskMs: round(f.latenciesMs[0] ?? NaN, 1),
            },
          ]),
        ),
      },
    };
  } finally {
    await wiki.close();
  }
}

/** One backend: a fresh service, SciFact ingested, every query asked once. */
async function measure(
  backend: Backend,
  wikiUrl: string,
  queries: SciFactQuery[],
  esUrl: string | null,
): Promise<BackendFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), `docent-bench-${backend}-`));
  const indices = esUrl ? createTestIndexPrefix(esUrl) : null;
  const { app } = await createApiApp({
    env: {
      ...modelEnvironment(),
      DOCENT_DATA_DIR: dataDir,
      DOCENT_BOOTSTRAP_API_KEYS: `bench:${KEY}`,
      DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
      DOCENT_LOG_LEVEL: 'warn',
      DOCENT_RATE_LIMIT_PER_MINUTE: '1000000',
      // Api and worker in this process, as in embedded mode: only the index differs.
      DOCENT_ROLE: 'all',
      ...(esUrl && {
        ELASTICSEARCH_URL: esUrl,
        DOCENT_ES_INDEX_PREFIX: indices!.prefix,
        DOCENT_SECRET_KEY: randomBytes(32).toString('hex'),
      }),
    },
  });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  try {
    const started = performance.now();
    const ingestion = await ingestWikiSpace(base, wikiUrl, 'SCIFACT', 'scifact', 200);
    const ingestSeconds = (performance.now() - started) / 1000;
    const sourceIds = await documentSourceIds(base);
    const latenciesMs: number[] = [];
    const ndcgs: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      const answer = await postJson<{ refs: Array<{ doc_name: string }> }>(base, '/docs/ask', KEY, {
        namespace_name: 'bench',
        collection_name: 'scifact',
        question: q.text,
        top_k: 10,
      });
      latenciesMs.push(performance.now() - t);
      const ranked = [...new Set(answer.refs.map((r) => sourceIds.get(r.doc_name) ?? r.doc_name))];
      ndcgs.push(ndcgAt(ranked, q.relevant, 10));
    }
    return {
      pages: ingestion.progress.documents_processed,
      chunks: ingestion.progress.chunks_indexed,
      ingestSeconds,
      latenciesMs,
      ndcg: mean(ndcgs),
      queries: queries.length,
    };
  } finally {
    await app.close();
    await indices?.drop();
    rmSync(dataDir, { recursive: true, force: true });
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
): Promise<{ model: string; passages: number; chunksPerSecond: number }> {
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
