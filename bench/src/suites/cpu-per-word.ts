import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  HANDBOOK_PAGES,
  startFakeChatCompletions,
  startFakeConfluence,
} from '@docent/source-fakes';
import { loadSciFact, type SciFactDoc } from '../datasets/scifact';
import { embeddedDeployment, type Deployment } from '../support/deployments';
import { processCpuSeconds, threadCpuSecondsOf } from '../support/process-memory';
import { sampleValue, scrapeMetrics, stageSeconds } from '../support/prometheus-text';
import {
  combinedRate,
  countWords,
  passagesOfAbout,
  rawPipelineRate,
} from '../support/raw-pipeline';
import type { BenchRow } from '../support/report';
import { sharedDir } from '../support/shared-data';
import { round } from '../support/stats';
import { BENCH_WIKI_USER as USER, ingestWikiSpace } from '../support/source-ingestion';

/** ONNX threads of the reference and of the service's embedder: the same on any machine. */
const THREADS = 2;
const TARGET = 0.8;
const LLM_KEY = 'bench-llm-key';

/** The parts of the service's CPU time, in seconds (see `cpuParts`). */
interface CpuParts {
  model: number;
  tokenize: number;
  pool: number;
  spans: number;
  chunk: number;
  mainOther: number;
  otherThreads: number;
  total: number;
}

/**
 * Issue 23's CPU per word: SciFact abstracts (1,000 by default) ingested by the embedded service
 * from a fake Confluence, against the raw embedder measured the same way in the same run —
 * transformers.js's feature-extraction pipeline in a process of its own, batches of 32 passages
 * of about 100 words (each abstract cut into equal parts, so batches carry little padding), 2 ONNX threads (the
 * service's embedder is given 2 as well), CPU time of the whole process in both cases. Words
 * are the abstracts' words for both (the service also embeds each page's title: work it does on
 * top). The reference runs before and after the ingestion (a drifting load skews both alike),
 * and once more with ONNX Runtime's thread spinning off, as the service runs it. With
 * DOCENT_BENCH_LLM_ANSWERER=1 the same ingestion runs again in a fresh service configured with
 * an LLM answerer (the chat-completions fake, DOCENT_ANSWERER=openai), which declares no chunk
 * extras: no sentence vector is pooled or stored.
 */
export async function cpuPerWord(options: {
  limit?: number;
}): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  const details: Record<string, unknown> = {};
  const rows = await cpuPerWordPart(options.limit, details);
  return { rows, details };
}

/** Issue 23's CPU per word as a part of another suite (`pnpm bench --suite scale --parts cpu`). */
export async function cpuPerWordPart(
  limit: number | undefined,
  details: Record<string, unknown>,
): Promise<BenchRow[]> {
  const docs = loadSciFact(join(sharedDir(), 'bench/scifact')).docs.slice(0, limit ?? 1_000);
  const words = docs.reduce((sum, doc) => sum + countWords(doc.text), 0);
  const passages = docs.flatMap((doc) => passagesOfAbout(doc.text, 100));
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [
      { key: 'SCIFACT', pages: docs.map(wikiPage) },
      { key: 'WARM', pages: HANDBOOK_PAGES.map(({ id, title, body }) => ({ id, title, body })) },
    ],
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-cpu-'));
  try {
    const before = await rawPipelineRate(passages, { threads: THREADS });
    const service = await warmedIngestion(dataDir, wiki.url, {});
    const llmService = process.env.DOCENT_BENCH_LLM_ANSWERER
      ? await llmAnswererIngestion(wiki.url)
      : null;
    const after = await rawPipelineRate(passages, { threads: THREADS });
    const withoutSpinning = await rawPipelineRate(passages, { threads: THREADS, spinning: false });
    const reference = combinedRate(before, after);
    const rate = words / service.seconds;
    const perCpu = words / service.cpu.total;
    details.cpuPerWord = {
      pages: docs.length,
      words,
      passages: passages.length,
      reference: { before, after, withoutSpinning },
      service,
      ...(llmService && { llmAnswererService: llmService }),
    };
    const ratio = perCpu / reference.wordsPerCpuSecond;
    const share = (seconds: number) => `${round((100 * seconds) / service.cpu.total, 1)} %`;
    const part = (metric: string, seconds: number, note: string): BenchRow => ({
      metric: `CPU: ${metric}`,
      value: round(seconds, 1),
      unit: 'CPU s',
      note: `${share(seconds)}; ${note}`,
    });
    const { cpu } = service;
    return [
      {
        metric: 'CPU per word: corpus',
        value: docs.length,
        unit: 'pages',
        note: `SciFact abstracts, ${words} words; ${service.chunks} chunks, ${service.embeddedTexts} texts embedded in ${service.embeddingCalls} calls`,
      },
      {
        metric: 'raw embedder (transformers.js pipeline)',
        value: round(reference.wordsPerSecond, 0),
        unit: 'words/s',
        note: `${round(reference.wordsPerCpuSecond, 0)} words per CPU s; ${passages.length} passages of ~100 words, batches of 32, ${THREADS} threads; before ${round(before.wordsPerCpuSecond, 0)}, after ${round(after.wordsPerCpuSecond, 0)} words per CPU s`,
      },
      {
        metric: 'embedded ingestion, same words',
        value: round(rate, 0),
        unit: 'words/s',
        note: `${round(perCpu, 0)} words per CPU s; ${round(service.seconds, 1)} s, ${round(cpu.total, 1)} CPU s (${round(cpu.total / service.seconds, 2)} cores)`,
      },
      {
        metric: 'ingestion / raw embedder, wall clock',
        value: round(rate / reference.wordsPerSecond, 2),
        unit: 'ratio',
      },
      {
        metric: 'ingestion / raw embedder, per CPU second',
        value: round(ratio, 2),
        unit: 'ratio',
        note: `target ≥ ${TARGET} — ${ratio >= TARGET ? 'met' : 'NOT met'}`,
      },
      {
        metric: 'same, against the raw embedder without ONNX thread spinning',
        value: round(perCpu / withoutSpinning.wordsPerCpuSecond, 2),
        unit: 'ratio',
        note: `reference ${round(withoutSpinning.wordsPerCpuSecond, 0)} words per CPU s (the service's embedder turns spinning off)`,
      },
      part('model (worker thread + ONNX threads)', cpu.model, 'forward passes'),
      part(
        'tokenize (event loop)',
        cpu.tokenize,
        'texts to token ids for the model, but for ids counted already (reused)',
      ),
      part('pool (event loop)', cpu.pool, 'token states to one vector per text'),
      part('spans (event loop)', cpu.spans, 'sentence vectors for the extractive answerer'),
      part(
        'chunk (event loop)',
        cpu.chunk,
        'chunks, token counts (of windows too, to batch them by length), windows, answer units',
      ),
      part(
        'rest of the event loop',
        cpu.mainOther,
        'listing, ledger and index writes, HTTP, JSON, garbage collection on this thread',
      ),
      part('other threads', cpu.otherThreads, "V8's garbage-collector helpers, libuv's pool"),
      // Parts of "the rest of the event loop" timed by the wall clock (waits included).
      ...(['list', 'index', 'commit'] as const).map((stage) => ({
        metric: `wall: ${stage} stage`,
        value: round(service.stages[stage] ?? 0, 1),
        unit: 's',
        note: 'wall time, not CPU: what the rest of the event loop spent it on, at most',
      })),
      ...(llmService ? llmAnswererRows(service, llmService, words) : []),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await wiki.close();
  }
}

/**
 * An embedded service on `dataDir` (with `env`) that ingests the warm-up space first — the
 * models load on the first batch, which is not part of the measured ingestion — then the
 * measured one.
 */
async function warmedIngestion(dataDir: string, wikiUrl: string, env: Record<string, string>) {
  const deployment = await embeddedDeployment(dataDir, {
    DOCENT_EMBEDDING_THREADS: String(THREADS),
    ...env,
  });
  try {
    await ingestWikiSpace(deployment.base, wikiUrl, 'WARM', 'warm-up', 100);
    return await measuredIngestion(deployment, wikiUrl);
  } finally {
    await deployment.stop();
  }
}

/** The measured ingestion again, in a service whose answerer is an LLM (no chunk extras). */
async function llmAnswererIngestion(wikiUrl: string) {
  const llm = await startFakeChatCompletions({ apiKey: LLM_KEY, models: ['bench-model'] });
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-cpu-llm-'));
  try {
    return await warmedIngestion(dataDir, wikiUrl, {
      DOCENT_ANSWERER: 'openai',
      DOCENT_LLM_BASE_URL: llm.baseUrl,
      DOCENT_LLM_API_KEY: LLM_KEY,
      DOCENT_LLM_MODEL: 'bench-model',
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await llm.close();
  }
}

type MeasuredIngestion = Awaited<ReturnType<typeof measuredIngestion>>;

function llmAnswererRows(
  extractive: MeasuredIngestion,
  llm: MeasuredIngestion,
  words: number,
): BenchRow[] {
  return [
    {
      metric: 'LLM answerer (no chunk extras): embedded ingestion, same words',
      value: round(words / llm.seconds, 0),
      unit: 'words/s',
      note: `${round(words / llm.cpu.total, 0)} words per CPU s; ${round(llm.seconds, 1)} s, ${round(llm.cpu.total, 1)} CPU s; spans ${round(llm.cpu.spans, 1)} CPU s, chunk ${round(llm.cpu.chunk, 1)} CPU s`,
    },
    {
      metric: 'CPU seconds, LLM answerer / extractive answerer',
      value: round(llm.cpu.total / extractive.cpu.total, 3),
      unit: 'ratio',
      note: `${round(llm.cpu.total, 1)} against ${round(extractive.cpu.total, 1)} CPU s for the same ${words} words`,
    },
  ];
}

async function measuredIngestion(deployment: Deployment, wikiUrl: string) {
  // The one process's metrics are on its operator port, never the public one.
  const { metricsUrl } = deployment.workers[0]!;
  const pid = deployment.pids()[0]!;
  const sample = async () => {
    const text = await scrapeMetrics(metricsUrl);
    const embedder = (part: string) =>
      sampleValue(text, `docent_embedder_cpu_seconds{part="${part}"}`);
    return {
      process: processCpuSeconds(pid),
      main: threadCpuSecondsOf(pid),
      model: embedder('model'),
      tokenize: embedder('tokenize'),
      pool: embedder('pool'),
      spans: embedder('spans'),
      chunk: sampleValue(text, 'docent_ingestion_stage_cpu_seconds_total{stage="chunk"}'),
      stages: stageSeconds(text),
      embeddingCalls: sampleValue(text, 'docent_ingestion_embedding_batch_texts_count'),
      embeddedTexts: sampleValue(text, 'docent_ingestion_embedding_batch_texts_sum'),
    };
  };
  const start = await sample();
  const started = performance.now();
  // Polled every half second, as a client would: a poll costs the service CPU too.
  const done = await ingestWikiSpace(deployment.base, wikiUrl, 'SCIFACT', 'scifact', 500);
  const seconds = (performance.now() - started) / 1000;
  const end = await sample();
  const delta = (key: 'process' | 'main' | 'model' | 'tokenize' | 'pool' | 'spans' | 'chunk') =>
    end[key] - start[key];
  const onMain = delta('tokenize') + delta('pool') + delta('spans') + delta('chunk');
  const cpu: CpuParts = {
    model: delta('model'),
    tokenize: delta('tokenize'),
    pool: delta('pool'),
    spans: delta('spans'),
    chunk: delta('chunk'),
    mainOther: delta('main') - onMain,
    otherThreads: delta('process') - delta('main') - delta('model'),
    total: delta('process'),
  };
  return {
    seconds,
    pages: done.progress.documents_processed,
    chunks: done.progress.chunks_indexed,
    embeddingCalls: end.embeddingCalls - start.embeddingCalls,
    embeddedTexts: end.embeddedTexts - start.embeddedTexts,
    stages: Object.fromEntries(
      Object.entries(end.stages).map(([stage, s]) => [
        stage,
        s - start.stages[stage as keyof typeof start.stages],
      ]),
    ),
    cpu,
  };
}

function wikiPage(doc: SciFactDoc) {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return { id: doc.id, title: doc.title, body: `<p>${escape(doc.text)}</p>` };
}
