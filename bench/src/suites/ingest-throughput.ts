import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '@docent/api';
import { createEmbedder } from '@docent/embedder';
import { HANDBOOK_PAGES, squadWikiPages, startFakeConfluence } from '@docent/source-fakes';
import type { BenchRow } from '../support/report';
import { postJson } from '../support/http-json';
import { modelEnvironment, squadPath } from '../support/shared-data';
import { peakRssMiB, percentile, round } from '../support/stats';
import {
  BENCH_KEY as KEY,
  BENCH_WIKI_USER as USER,
  ingestWikiSpace,
} from '../support/source-ingestion';

/**
 * Issue 2's figures: ingestion of ~100 wiki pages from a fake Confluence through the real
 * service (embedded mode), the embedder's raw speed, and ask latency on that collection.
 */
export async function ingestThroughput(options: { limit?: number }): Promise<BenchRow[]> {
  const squad = squadWikiPages({ squadPath: squadPath(), articles: 8, paragraphsPerPage: 4 });
  const pages = [...HANDBOOK_PAGES, ...squad.pages];
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [{ key: 'KB', pages: pages.map((p) => ({ id: p.id, title: p.title, body: p.body })) }],
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-'));
  const env: Record<string, string> = {
    ...modelEnvironment(),
    DOCENT_DATA_DIR: dataDir,
    DOCENT_BOOTSTRAP_API_KEYS: `bench:${KEY}`,
    DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
    DOCENT_LOG_LEVEL: 'warn',
    DOCENT_RATE_LIMIT_PER_MINUTE: '1000000',
    // Scaled-mode engines when the caller provides them (e.g. DATABASE_URL for the PostgreSQL figures).
    ...passThrough([
      'DATABASE_URL',
      'REDIS_URL',
      'ELASTICSEARCH_URL',
      'DOCENT_SECRET_KEY',
      'DOCENT_QUEUE_PREFIX',
      'DOCENT_ROLE',
    ]),
  };
  const { app } = await createApiApp({ env });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  const locator = { namespace_name: 'bench', collection_name: 'wiki' };
  try {
    const started = performance.now();
    const ingestion = await ingestWikiSpace(base, wiki.url, 'KB', 'wiki');
    const seconds = (performance.now() - started) / 1000;
    const { documents_processed: docs, chunks_indexed: chunks } = ingestion.progress;

    const questions = squad.questions.filter((_, i) => i % 5 === 0).slice(0, options.limit ?? 300);
    const latencies: number[] = [];
    let hits = 0;
    for (const q of questions) {
      const t = performance.now();
      const answer = await postJson<{ refs: Array<{ doc_name: string }> }>(base, '/docs/ask', KEY, {
        ...locator,
        question: q.question,
      });
      latencies.push(performance.now() - t);
      if (answer.refs[0]?.doc_name === q.pageTitle) hits++;
    }

    const rows: BenchRow[] = [
      { metric: 'metadata store', value: env.DATABASE_URL ? 'PostgreSQL' : 'SQLite', unit: '' },
      { metric: 'job queue', value: env.REDIS_URL ? 'BullMQ' : 'embedded', unit: '' },
      { metric: 'wiki pages ingested', value: docs, unit: 'pages' },
      { metric: 'chunks indexed', value: chunks, unit: 'chunks' },
      {
        metric: 'ingestion wall time',
        value: round(seconds, 2),
        unit: 's',
        note: 'create_ingestion → succeeded',
      },
      { metric: 'ingestion throughput', value: round(docs / seconds, 1), unit: 'pages/s' },
      { metric: 'ingestion throughput', value: round(chunks / seconds, 1), unit: 'chunks/s' },
      {
        metric: 'ask latency p50',
        value: round(percentile(latencies, 50), 1),
        unit: 'ms',
        note: `${questions.length} questions over HTTP`,
      },
      { metric: 'ask latency p95', value: round(percentile(latencies, 95), 1), unit: 'ms' },
      {
        metric: 'right page first (sample)',
        value: round(hits / questions.length, 3),
        unit: 'ratio',
      },
    ];
    rows.push(
      ...(await embedderThroughput(squad.pages.map((p) => p.body.replace(/<[^>]+>/g, ' ')))),
    );
    rows.push({
      metric: 'peak RSS (whole process)',
      value: peakRssMiB(),
      unit: 'MiB',
      note: 'api + worker + fake wiki + bench',
    });
    return rows;
  } finally {
    await app.close();
    await wiki.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function passThrough(names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (process.env[n] ? [[n, process.env[n]!]] : [])));
}

/** The embedder alone: passages of ~80 words in batches of 32. */
async function embedderThroughput(texts: string[]): Promise<BenchRow[]> {
  const env = modelEnvironment();
  const dtype = env.DOCENT_EMBEDDING_DTYPE;
  const embedder = await createEmbedder({
    model: env.DOCENT_EMBEDDING_MODEL!,
    modelsDir: env.DOCENT_MODELS_DIR!,
    allowDownload: false,
    ...(dtype === 'fp32' || dtype === 'q8' || dtype === 'fp16' ? { dtype } : {}),
  });
  const words = texts.join(' ').split(/\s+/).filter(Boolean);
  const passages: string[] = [];
  for (let i = 0; i + 80 <= words.length && passages.length < 1024; i += 80)
    passages.push(words.slice(i, i + 80).join(' '));
  await embedder.embedDocuments(passages.slice(0, 32));
  const started = performance.now();
  await embedder.embedDocuments(passages);
  const seconds = (performance.now() - started) / 1000;
  const single: number[] = [];
  for (const p of passages.slice(0, 50)) {
    const t = performance.now();
    await embedder.embedQuery(p.split(' ').slice(0, 12).join(' '));
    single.push(performance.now() - t);
  }
  await embedder.close();
  return [
    {
      metric: 'embedder raw throughput',
      value: round(passages.length / seconds, 1),
      unit: 'chunks/s',
      note: `${embedder.modelId}${dtype ? ` ${dtype}` : ''}, ${passages.length} × 80 words`,
    },
    { metric: 'embedder query latency p50', value: round(percentile(single, 50), 2), unit: 'ms' },
  ];
}
