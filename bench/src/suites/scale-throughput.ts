import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbedder, type Embedder } from '@docent/embedder';
import {
  HANDBOOK_PAGES,
  squadWikiPages,
  startFakeConfluence,
  type FakeConfluence,
  type WikiCorpusPage,
} from '@docent/source-fakes';
import { scaledInfrastructure } from '@docent/test-support';
import { embeddedDeployment, scaledDeployment, type Deployment } from '../support/deployments';
import {
  combinedRate,
  countWords,
  passagesOfWords,
  rawPipelineRate,
} from '../support/raw-pipeline';
import type { BenchRow } from '../support/report';
import { postJson } from '../support/http-json';
import { cpuPerWordPart } from './cpu-per-word';
import { processCpuSeconds, processMemoryMiB } from '../support/process-memory';
import {
  addStages,
  sampleValue,
  scrapeMetrics,
  stageSeconds,
  subtractStages,
  type StageSeconds,
} from '../support/prometheus-text';
import { modelEnvironment, squadPath } from '../support/shared-data';
import { percentile, round } from '../support/stats';
import { syntheticWikiPages } from '../support/synthetic-wiki';
import {
  BENCH_KEY as KEY,
  BENCH_WIKI_USER as USER,
  ingestWikiSpace,
} from '../support/source-ingestion';

export interface ScaleOptions {
  /** Scales every part down (pages, questions) for a quick check. */
  limit?: number;
  /** Pages of the synthetic space (default 50,000). */
  pages?: number;
  /** Parts to run, comma-separated: embedded, cpu, scaled, ask, synthetic (default all). */
  parts?: string;
}

const ALL_PARTS = ['embedded', 'cpu', 'scaled', 'ask', 'synthetic'] as const;
type Part = (typeof ALL_PARTS)[number];

interface Corpus {
  pages: WikiCorpusPage[];
  words: number;
  questions: Array<{ question: string; pageTitle: string }>;
}

/**
 * Issue 15's figures: ingestion words/s against the raw embedder in the same run, 1 and 2
 * workers on one collection (one inference thread each, PostgreSQL + Redis), cold and warm ask
 * latency at 1, 8 and 32 concurrent clients, peak RSS, where the time goes per stage, and a
 * large synthetic space's memory at three sizes.
 */
export async function scaleThroughput(
  options: ScaleOptions,
): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  const parts = new Set<Part>(
    (options.parts?.split(',') ?? ALL_PARTS).map((part) => {
      if (!(ALL_PARTS as readonly string[]).includes(part)) {
        throw new Error(`unknown part ${part}; known: ${ALL_PARTS.join(', ')}`);
      }
      return part as Part;
    }),
  );
  const corpus = benchCorpus(options.limit);
  const rows: BenchRow[] = [];
  const details: Record<string, unknown> = {
    corpus: { pages: corpus.pages.length, words: corpus.words },
  };
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [
      { key: 'KB', pages: corpus.pages.map(({ id, title, body }) => ({ id, title, body })) },
    ],
  });
  try {
    if (parts.has('embedded') || parts.has('ask')) {
      rows.push(...(await embeddedPart(corpus, wiki, parts, options, details)));
    }
    if (parts.has('cpu')) rows.push(...(await cpuPerWordPart(options.limit, details)));
    if (parts.has('scaled')) rows.push(...(await scaledPart(corpus, wiki, details)));
  } finally {
    await wiki.close();
  }
  if (parts.has('synthetic')) rows.push(...(await syntheticPart(options, details)));
  return { rows, details };
}

/** SQuAD articles as wiki pages (real prose) plus the handbook; `limit` cuts the articles. */
function benchCorpus(limit: number | undefined): Corpus {
  const articles = limit === undefined ? 16 : Math.max(1, Math.min(16, Math.ceil(limit / 25)));
  const squad = squadWikiPages({ squadPath: squadPath(), articles, paragraphsPerPage: 4 });
  const pages = [...HANDBOOK_PAGES, ...squad.pages];
  const words = pages.reduce((sum, page) => sum + countWords(plainText(page.body)), 0);
  return { pages, words, questions: squad.questions };
}

async function embeddedPart(
  corpus: Corpus,
  wiki: FakeConfluence,
  parts: Set<Part>,
  options: ScaleOptions,
  details: Record<string, unknown>,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-embedded-'));
  try {
    let deployment = await embeddedDeployment(dataDir);
    try {
      // The embedder alone just before and just after: a machine whose load drifts skews both alike.
      const passages = corpus.pages.flatMap((p) => passagesOfWords(plainText(p.body), 100));
      const rawBefore = await rawPipelineRate(passages, { threads: 2 });
      const run = await timedIngestion(deployment, wiki.url, 'KB', 'one');
      const rawAfter = await rawPipelineRate(passages, { threads: 2 });
      const raw = combinedRate(rawBefore, rawAfter);
      const rate = corpus.words / run.seconds;
      const perCpu = corpus.words / run.cpuSeconds;
      details.embedded = { ...run, raw };
      rows.push(
        {
          metric: 'embedded ingestion',
          value: round(rate, 0),
          unit: 'words/s',
          note: `${corpus.pages.length} pages, ${corpus.words} words in ${round(run.seconds, 1)} s (${round(corpus.pages.length / run.seconds, 1)} pages/s)`,
        },
        {
          metric: 'raw embedder (transformers.js pipeline), same text',
          value: round(raw.wordsPerSecond, 0),
          unit: 'words/s',
          note: `${round(raw.wordsPerCpuSecond, 0)} words per CPU s; ${raw.passages} passages of ≤ 100 words, batches of 32, 2 threads, a process of its own; ${round(rawBefore.wordsPerSecond, 0)} before, ${round(rawAfter.wordsPerSecond, 0)} words/s after the ingestion`,
        },
        {
          metric: 'embedded ingestion / raw embedder, wall clock',
          value: round(rate / raw.wordsPerSecond, 2),
          unit: 'ratio',
        },
        {
          metric: 'embedded ingestion / raw embedder, per CPU second',
          value: round(perCpu / raw.wordsPerCpuSecond, 2),
          unit: 'ratio',
          note: `ingestion ${round(perCpu, 0)} words per CPU s of its process, raw ${round(raw.wordsPerCpuSecond, 0)}; target ≥ 0.80 (steadier than wall time on a shared machine)`,
        },
        ...stageRows('embedded', run.stages, run.seconds),
        {
          metric: 'embedded: peak RSS (api + worker)',
          value: round(run.peakRssMiB, 0),
          unit: 'MiB',
        },
      );
      if (parts.has('ask')) {
        const asks = await askLatencies(dataDir, deployment, corpus, options.limit);
        deployment = asks.deployment;
        details.asks = asks.details;
        rows.push(...asks.rows);
      }
    } finally {
      await deployment.stop();
    }
    if (parts.has('embedded')) {
      // The same ingestion with every body fetched again by the batch workers instead of
      // riding in the batch: what carrying the listing's content saves.
      const refetchDir = mkdtempSync(join(tmpdir(), 'docent-bench-refetch-'));
      const refetch = await embeddedDeployment(refetchDir, { DOCENT_BATCH_INLINE_BYTES: '0' });
      try {
        const run = await timedIngestion(refetch, wiki.url, 'KB', 'refetch');
        details.refetch = run;
        rows.push({
          metric: 'embedded ingestion, bodies fetched again',
          value: round(corpus.words / run.seconds, 0),
          unit: 'words/s',
          note: `DOCENT_BATCH_INLINE_BYTES=0: one GET per page; fetch ${round(run.stages.fetch, 1)} s in all`,
        });
      } finally {
        await refetch.stop();
        rmSync(refetchDir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function scaledPart(
  corpus: Corpus,
  wiki: FakeConfluence,
  details: Record<string, unknown>,
): Promise<BenchRow[]> {
  const infrastructure = scaledInfrastructure();
  if (!infrastructure) {
    throw new Error('the scaled part needs DOCENT_TEST_DATABASE_URL and DOCENT_TEST_REDIS_URL');
  }
  const rows: BenchRow[] = [];
  const rates: number[] = [];
  const passages = corpus.pages.flatMap((p) => passagesOfWords(plainText(p.body), 100));
  const rawBefore = await rawPipelineRate(passages, { threads: 1 });
  for (const workers of [1, 2]) {
    const deployment = await scaledDeployment(infrastructure, workers);
    try {
      const run = await timedIngestion(deployment, wiki.url, 'KB', 'one');
      const rate = corpus.words / run.seconds;
      rates.push(rate);
      details[`scaled${workers}`] = run;
      rows.push(
        {
          metric: `PostgreSQL + Redis, ${workers} worker(s), one collection`,
          value: round(rate, 0),
          unit: 'words/s',
          note: `${round(corpus.pages.length / run.seconds, 1)} pages/s; 1 ONNX thread per worker; peak RSS ${round(run.peakRssMiB, 0)} MiB (largest process)`,
        },
        ...stageRows(`${workers} worker(s)`, run.stages, run.seconds),
      );
    } finally {
      await deployment.stop();
    }
  }
  const raw = combinedRate(rawBefore, await rawPipelineRate(passages, { threads: 1 }));
  details.rawOneThread = raw;
  rows.push(
    {
      metric: '2 workers / 1 worker, one collection',
      value: round(rates[1]! / rates[0]!, 2),
      unit: 'ratio',
      note: 'target ≥ 1.8',
    },
    {
      metric: 'raw embedder (transformers.js pipeline), 1 thread, same text',
      value: round(raw.wordsPerSecond, 0),
      unit: 'words/s',
      note: `${round(raw.wordsPerCpuSecond, 0)} words per CPU s`,
    },
  );
  return rows;
}

/**
 * A large space of short synthetic pages through the fake Confluence, embedded mode: the
 * process's RSS when 20 %, 50 % and 100 % of it is committed (10k, 25k, 50k pages by default).
 */
async function syntheticPart(
  options: ScaleOptions,
  details: Record<string, unknown>,
): Promise<BenchRow[]> {
  const total = options.pages ?? (options.limit !== undefined ? options.limit * 10 : 50_000);
  const marks = [0.2, 0.5, 1].map((share) => Math.round(total * share));
  const pages = syntheticWikiPages(total);
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [{ key: 'BIG', pages }],
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-synthetic-'));
  const deployment = await embeddedDeployment(dataDir);
  const pid = deployment.pids()[0]!;
  const rss: Array<{ pages: number; rssMiB: number }> = [];
  try {
    const started = performance.now();
    const done = await ingestWikiSpace(deployment.base, wiki.url, 'BIG', 'big', 100, (progress) => {
      while (rss.length < marks.length && progress.documents_processed >= marks[rss.length]!) {
        rss.push({ pages: marks[rss.length]!, rssMiB: processMemoryMiB(pid).rss });
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const chunks = done.progress.chunks_indexed;
    const probe = await embedderFor(1);
    const dimensions = probe.dimensions;
    await probe.close();
    const before = processMemoryMiB(pid).rss;
    await postJson(deployment.base, '/docs/ask', KEY, {
      namespace_name: 'bench',
      collection_name: 'big',
      question: 'Which page records figure 4242?',
    });
    const afterAsk = processMemoryMiB(pid).rss;
    const matrixMiB = (chunks * dimensions * 4) / 1024 / 1024;
    details.synthetic = { total, seconds, rss, chunks, dimensions, before, afterAsk, matrixMiB };
    const first = rss[0]?.rssMiB ?? Number.NaN;
    return [
      ...rss.map((sample) => ({
        metric: `synthetic space: RSS at ${sample.pages} pages`,
        value: round(sample.rssMiB, 0),
        unit: 'MiB',
        note: 'embedded, one process, during ingestion (no ask yet: no vector matrix)',
      })),
      {
        metric: `synthetic space: RSS at ${total} / at ${marks[0]} pages`,
        value: round((rss.at(-1)?.rssMiB ?? Number.NaN) / first, 2),
        unit: 'ratio',
        note: 'target ≤ 1.5',
      },
      {
        metric: 'synthetic space: ingestion',
        value: round(total / seconds, 1),
        unit: 'pages/s',
        note: `${total} pages, ${chunks} chunks in ${round(seconds, 0)} s`,
      },
      {
        metric: 'synthetic space: RSS after the first ask',
        value: round(afterAsk, 0),
        unit: 'MiB',
        note: `+${round(afterAsk - before, 0)} MiB; the vector matrix is chunks × dims × 4 = ${round(matrixMiB, 0)} MiB and grows with the collection`,
      },
    ];
  } finally {
    await deployment.stop();
    await wiki.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface IngestionRun {
  seconds: number;
  /** CPU time of the processes running the jobs. */
  cpuSeconds: number;
  pages: number;
  chunks: number;
  stages: StageSeconds;
  batches: number;
  embeddingCalls: number;
  embeddedTexts: number;
  peakRssMiB: number;
}

/** Ingests a space and measures it: wall time, stages (from the workers' metrics), peak RSS. */
async function timedIngestion(
  deployment: Deployment,
  wikiUrl: string,
  space: string,
  collection: string,
): Promise<IngestionRun> {
  const before = await workerMetrics(deployment);
  const cpu = () =>
    deployment.workers.reduce((sum, worker) => sum + processCpuSeconds(worker.pid), 0);
  const cpuBefore = cpu();
  const started = performance.now();
  const done = await ingestWikiSpace(deployment.base, wikiUrl, space, collection, 100);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpu() - cpuBefore;
  const after = await workerMetrics(deployment);
  return {
    seconds,
    cpuSeconds,
    pages: done.progress.documents_processed,
    chunks: done.progress.chunks_indexed,
    stages: subtractStages(after.stages, before.stages),
    batches: after.batches - before.batches,
    embeddingCalls: after.embeddingCalls - before.embeddingCalls,
    embeddedTexts: after.embeddedTexts - before.embeddedTexts,
    peakRssMiB: Math.max(...deployment.pids().map((pid) => processMemoryMiB(pid).peak)),
  };
}

async function workerMetrics(deployment: Deployment) {
  let stages = stageSeconds('');
  let batches = 0;
  let embeddingCalls = 0;
  let embeddedTexts = 0;
  for (const worker of deployment.workers) {
    const text = await scrapeMetrics(worker.metricsUrl);
    stages = addStages(stages, stageSeconds(text));
    batches += sampleValue(text, 'docent_ingestion_batches_total');
    embeddingCalls += sampleValue(text, 'docent_ingestion_embedding_batch_texts_count');
    embeddedTexts += sampleValue(text, 'docent_ingestion_embedding_batch_texts_sum');
  }
  return { stages, batches, embeddingCalls, embeddedTexts };
}

function stageRows(label: string, stages: StageSeconds, wallSeconds: number): BenchRow[] {
  const total = Object.values(stages).reduce((sum, s) => sum + s, 0);
  const shown = Object.entries(stages)
    .filter(([, s]) => s > 0)
    .map(([stage, s]) => `${stage} ${round(s, 1)}`)
    .join(', ');
  return [
    {
      metric: `${label}: time per stage`,
      value: round(total, 1),
      unit: 's',
      note: `${shown} (wall ${round(wallSeconds, 1)} s; stages overlap)`,
    },
  ];
}

/**
 * Cold and warm ask latency at 1, 8 and 32 concurrent clients. Cold: a freshly started process
 * and questions it has not seen; warm: the same questions asked again right after.
 */
async function askLatencies(
  dataDir: string,
  first: Deployment,
  corpus: Corpus,
  limit: number | undefined,
): Promise<{ deployment: Deployment; rows: BenchRow[]; details: Record<string, unknown> }> {
  const perLevel = Math.min(limit ?? 200, Math.floor(corpus.questions.length / 3));
  const rows: BenchRow[] = [];
  const details: Record<string, unknown> = {};
  let deployment = first;
  for (const [level, clients] of [1, 8, 32].entries()) {
    await deployment.stop();
    deployment = await embeddedDeployment(dataDir);
    const questions = corpus.questions
      .filter((_, i) => i % 3 === level)
      .slice(0, perLevel)
      .map((q) => q.question);
    const cold = await askLoad(deployment, questions, clients);
    const warm = await askLoad(deployment, questions, clients);
    details[`clients${clients}`] = { cold, warm };
    for (const [label, load] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      rows.push({
        metric: `ask ${label}, ${clients} client(s): p50 / p95 / p99`,
        value: `${round(load.p50, 0)} / ${round(load.p95, 0)} / ${round(load.p99, 0)}`,
        unit: 'ms',
        note: `${load.count} asks, ${round(load.perSecond, 1)} asks/s, ${load.errors} errors; ${round(load.cpuMsPerAsk, 1)} CPU ms per ask (steadier on a shared machine)`,
      });
    }
  }
  return { deployment, rows, details };
}

async function askLoad(deployment: Deployment, questions: string[], clients: number) {
  const base = deployment.base;
  const cpu = () => deployment.pids().reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  const cpuBefore = cpu();
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < questions.length) {
        const question = questions[next++]!;
        const t = performance.now();
        try {
          await postJson(base, '/docs/ask', KEY, {
            namespace_name: 'bench',
            collection_name: 'one',
            question,
          });
          latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    count: questions.length,
    errors,
    /** CPU time of the serving processes (api and worker) per answered ask. */
    cpuMsPerAsk: ((cpu() - cpuBefore) * 1000) / Math.max(1, latencies.length),
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

function embedderFor(threads?: number): Promise<Embedder> {
  const env = modelEnvironment();
  return createEmbedder({
    model: env.DOCENT_EMBEDDING_MODEL!,
    modelsDir: env.DOCENT_MODELS_DIR!,
    allowDownload: false,
    ...(threads !== undefined && { threads }),
  });
}

function plainText(storage: string): string {
  return storage
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
