import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '@docent/api';
import {
  HANDBOOK_PAGES,
  HANDBOOK_QUESTIONS,
  squadWikiPages,
  startFakeChatCompletions,
  startFakeConfluence,
} from '@docent/source-fakes';
import type { BenchRow } from '../support/report';
import { modelEnvironment, squadPath } from '../support/shared-data';
import { percentile, round } from '../support/stats';
import {
  BENCH_KEY as KEY,
  BENCH_WIKI_USER as USER,
  ingestWikiSpace,
} from '../support/source-ingestion';

const LLM_KEY = 'sk-bench-streaming';
const LOCATOR = { namespace_name: 'bench', collection_name: 'wiki' };

interface StreamTiming {
  retrievalMs: number;
  headersMs: number;
  refsMs: number;
  firstDeltaMs: number;
  doneMs: number;
}

/**
 * Issue 24's targets: time to first byte of a streamed ask (DOCENT_ANSWERER=openai, the
 * chat-completions fake sending its first token at once) against the same ask's retrieval time
 * (its `Server-Timing`), and how soon a client's disconnect cancels the upstream completion.
 * Real service, embedded mode, ~100 wiki pages; client, service and fake share this process.
 */
export async function streamingLatency(options: { limit?: number }): Promise<{
  rows: BenchRow[];
  details: Record<string, unknown>;
}> {
  const squad = squadWikiPages({ squadPath: squadPath(), articles: 8, paragraphsPerPage: 4 });
  const pages = [...HANDBOOK_PAGES, ...squad.pages];
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [{ key: 'KB', pages: pages.map((p) => ({ id: p.id, title: p.title, body: p.body })) }],
  });
  const llm = await startFakeChatCompletions({ apiKey: LLM_KEY, firstTokenDelayMs: 0 });
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-stream-'));
  const { app } = await createApiApp({
    env: {
      ...modelEnvironment(),
      DOCENT_DATA_DIR: dataDir,
      DOCENT_BOOTSTRAP_API_KEYS: `bench:${KEY}`,
      DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
      DOCENT_LOG_LEVEL: 'warn',
      DOCENT_RATE_LIMIT_PER_MINUTE: '1000000',
      DOCENT_ANSWERER: 'openai',
      DOCENT_LLM_BASE_URL: llm.baseUrl,
      DOCENT_LLM_API_KEY: LLM_KEY,
      DOCENT_LLM_MODEL: 'gpt-4o-mini',
    },
  });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  try {
    await ingestWikiSpace(base, wiki.url, 'KB', 'wiki');
    const questions = [
      ...HANDBOOK_QUESTIONS.map((q) => q.question),
      ...squad.questions.map((q) => q.question),
    ].slice(0, options.limit ?? 120);

    const timings: StreamTiming[] = [];
    for (const question of questions) timings.push(await timeStreamedAsk(base, question));

    // Disconnects: the fake writes a piece every 50 ms; the client leaves after the first delta.
    llm.pieceDelayMs = 50;
    const cancels: number[] = [];
    for (const question of questions.slice(0, 30)) {
      const cancel = await timeDisconnect(base, question, () => llm.nextAbort());
      if (cancel !== null) cancels.push(cancel);
    }

    const of = (pick: (t: StreamTiming) => number) => timings.map(pick);
    const stat = (values: number[], metric: string, note?: string): BenchRow[] => [
      {
        metric: `${metric} p50`,
        value: round(percentile(values, 50), 1),
        unit: 'ms',
        ...(note && { note }),
      },
      { metric: `${metric} p95`, value: round(percentile(values, 95), 1), unit: 'ms' },
    ];
    const rows: BenchRow[] = [
      { metric: 'streamed asks', value: timings.length, unit: 'questions' },
      ...stat(
        of((t) => t.retrievalMs),
        'retrieval (Server-Timing)',
      ),
      ...stat(
        of((t) => t.headersMs),
        'time to first byte (headers)',
      ),
      ...stat(
        of((t) => t.headersMs - t.retrievalMs),
        'first byte − retrieval',
        'target ≤ 50 ms',
      ),
      ...stat(
        of((t) => t.refsMs - t.retrievalMs),
        'refs event − retrieval',
      ),
      ...stat(
        of((t) => t.firstDeltaMs - t.retrievalMs),
        'first delta − retrieval',
      ),
      ...stat(
        of((t) => t.doneMs),
        'whole streamed ask',
      ),
      { metric: 'disconnects measured', value: cancels.length, unit: 'asks' },
      ...stat(cancels, 'disconnect → upstream cancelled', 'target ≤ 100 ms'),
      {
        metric: 'disconnect → upstream cancelled max',
        value: round(Math.max(...cancels), 1),
        unit: 'ms',
      },
    ];
    return { rows, details: { timings, cancels } };
  } finally {
    await app.close();
    await Promise.all([wiki.close(), llm.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeStreamedAsk(base: string, question: string): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(`${base}/docs/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-key': KEY, accept: 'text/event-stream' },
    body: JSON.stringify({ ...LOCATOR, question, stream: true }),
  });
  const headersMs = performance.now() - started;
  if (response.status !== 200) throw new Error(`ask answered ${response.status}`);
  const retrievalMs = Number(
    /retrieval;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1],
  );
  let refsMs = NaN;
  let firstDeltaMs = NaN;
  let text = '';
  const decoder = new TextDecoder();
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(bytes, { stream: true });
    if (Number.isNaN(refsMs) && text.includes('event: refs')) refsMs = performance.now() - started;
    if (Number.isNaN(firstDeltaMs) && text.includes('event: delta')) {
      firstDeltaMs = performance.now() - started;
    }
  }
  if (!text.includes('event: done')) throw new Error(`no done event: ${text.slice(-300)}`);
  return { retrievalMs, headersMs, refsMs, firstDeltaMs, doneMs: performance.now() - started };
}

/** Ms from the client's abort to the fake seeing its request closed; null if it finished first. */
async function timeDisconnect(
  base: string,
  question: string,
  nextAbort: () => Promise<{ abortedAt: number | null }>,
): Promise<number | null> {
  const controller = new AbortController();
  const upstream = nextAbort();
  const response = await fetch(`${base}/docs/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-key': KEY },
    body: JSON.stringify({ ...LOCATOR, question, stream: true }),
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: delta')) {
    const { value, done } = await reader.read();
    if (done) return null;
    text += decoder.decode(value, { stream: true });
    // A "not found" answer is one delta then done: nothing left upstream to cancel.
    if (text.includes('event: done')) return null;
  }
  const abortedAt = performance.now();
  controller.abort();
  const entry = await Promise.race([
    upstream,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
  ]);
  return entry?.abortedAt ? entry.abortedAt - abortedAt : null;
}
