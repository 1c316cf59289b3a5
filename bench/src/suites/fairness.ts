import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HANDBOOK_PAGES, startFakeConfluence } from '@docent/source-fakes';
import { scaledInfrastructure } from '@docent/test-support';
import { loadSciFact, type SciFactDoc } from '../datasets/scifact';
import { embeddedDeployment, scaledDeployment, type Deployment } from '../support/deployments';
import type { BenchRow } from '../support/report';
import { sharedDir } from '../support/shared-data';
import {
  BENCH_KEY,
  BENCH_WIKI_USER as USER,
  ingestSource,
  startIngestion,
  type BenchSource,
} from '../support/source-ingestion';
import { percentile, round } from '../support/stats';

/** The second account: its small ingestions are timed beside the first account's large one. */
const SMALL_ACCOUNT_KEY = 'bench-key-small-account-01';
const TWO_ACCOUNTS = `bench:${BENCH_KEY},small:${SMALL_ACCOUNT_KEY}`;
/** Timed small ingestions per condition (idle, beside the large one). */
const RUNS = Number(process.env.DOCENT_BENCH_FAIRNESS_RUNS ?? 5);
/** Documents the large ingestion commits before the small ones are timed: its queue is full by then. */
const LARGE_HEAD_START = 64;
const TARGET_RATIO = 5;
const TARGET_SECONDS = 15;

const ALL_PARTS = ['embedded', 'scaled'] as const;
type Part = (typeof ALL_PARTS)[number];

export interface FairnessOptions {
  /** Pages of the large ingestion (default 5,000 SciFact abstracts). */
  pages?: number;
  /** Same, for a quick check (`pages` wins). */
  limit?: number;
  /** Modes to run, comma-separated: embedded, scaled (default both; scaled needs PostgreSQL + Redis). */
  parts?: string;
}

interface Condition {
  seconds: number[];
  median: number;
  max: number;
}

interface ModeFigures {
  mode: Part;
  idle: Condition;
  beside: Condition;
  large: {
    pages: number;
    processedWhileTimed: number;
    secondsTimed: number;
    endedWhileTimed: boolean;
  };
}

/**
 * Issue 23's fairness figure: a 3-page ingestion of one account (the handbook, from a fake
 * Confluence), timed on an idle service and again while another account's large ingestion (5,000
 * SciFact abstracts as a wiki space) runs, in the embedded default (one process) and on
 * PostgreSQL + Redis (one api, two workers). Target: beside the large one, within 5× its idle
 * time or 15 s.
 */
export async function fairness(
  options: FairnessOptions,
): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  const parts = (options.parts?.split(',') ?? ALL_PARTS).map((part) => {
    if (!(ALL_PARTS as readonly string[]).includes(part)) {
      throw new Error(`unknown part ${part}; known: ${ALL_PARTS.join(', ')}`);
    }
    return part as Part;
  });
  const pages = options.pages ?? options.limit ?? 5_000;
  const docs = loadSciFact(join(sharedDir(), 'bench/scifact')).docs.slice(0, pages);
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [
      { key: 'LARGE', pages: docs.map(wikiPage) },
      { key: 'SMALL', pages: HANDBOOK_PAGES.map(({ id, title, body }) => ({ id, title, body })) },
    ],
  });
  const source = (space: string): BenchSource => ({
    type: 'WIKI',
    spec: { url: wiki.url, space, username: USER.username, token: USER.password },
  });
  const figures: ModeFigures[] = [];
  try {
    for (const mode of parts) {
      const deployment = await deploy(mode);
      try {
        figures.push(await measure(mode, deployment, source, docs.length));
      } finally {
        await deployment.stop();
      }
    }
  } finally {
    await wiki.close();
  }
  return {
    rows: figures.flatMap(rowsOf),
    details: { smallPages: HANDBOOK_PAGES.length, largePages: docs.length, runs: RUNS, figures },
  };
}

async function deploy(mode: Part): Promise<Deployment> {
  const env = { DOCENT_BOOTSTRAP_API_KEYS: TWO_ACCOUNTS };
  if (mode === 'scaled') {
    const infrastructure = scaledInfrastructure();
    if (!infrastructure) {
      throw new Error('the scaled part needs DOCENT_TEST_DATABASE_URL and DOCENT_TEST_REDIS_URL');
    }
    return scaledDeployment(infrastructure, 2, env);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-bench-fairness-'));
  const deployment = await embeddedDeployment(dataDir, env);
  return {
    ...deployment,
    async stop() {
      await deployment.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(
  mode: Part,
  deployment: Deployment,
  source: (space: string) => BenchSource,
  largePages: number,
): Promise<ModeFigures> {
  const small = async (collection: string): Promise<number> => {
    const started = performance.now();
    await ingestSource(
      deployment.base,
      collection,
      source('SMALL'),
      50,
      undefined,
      SMALL_ACCOUNT_KEY,
    );
    return (performance.now() - started) / 1000;
  };
  // Models load on the first batch: not part of any timed run.
  await small('warm-up');
  const idle: number[] = [];
  for (let i = 1; i <= RUNS; i++) idle.push(await small(`idle-${i}`));

  const large = await startIngestion(deployment.base, 'large', source('LARGE'), BENCH_KEY);
  try {
    const headStart = Math.min(LARGE_HEAD_START, largePages);
    const progressed = await waitForProgress(large.status, headStart);
    const timedFrom = performance.now();
    const beside: number[] = [];
    for (let i = 1; i <= RUNS; i++) beside.push(await small(`beside-${i}`));
    const secondsTimed = (performance.now() - timedFrom) / 1000;
    const after = await large.status();
    return {
      mode,
      idle: condition(idle),
      beside: condition(beside),
      large: {
        pages: largePages,
        processedWhileTimed: after.progress.documents_processed - progressed,
        secondsTimed,
        // Ended before the small ones: they waited for it (or it was too small to measure).
        endedWhileTimed: after.status !== 'running' && after.status !== 'queued',
      },
    };
  } finally {
    await large.cancel();
  }
}

/** Polls until the ingestion has processed `documents` documents; returns how many it had. */
async function waitForProgress(
  status: () => ReturnType<Awaited<ReturnType<typeof startIngestion>>['status']>,
  documents: number,
): Promise<number> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const current = await status();
    if (current.status !== 'queued' && current.status !== 'running') {
      throw new Error(
        `the large ingestion ended ${current.status}: ${JSON.stringify(current.error)}`,
      );
    }
    if (current.progress.documents_processed >= documents) {
      return current.progress.documents_processed;
    }
    if (Date.now() > deadline) throw new Error('the large ingestion made no progress in 15 min');
    await new Promise((r) => setTimeout(r, 250));
  }
}

function condition(seconds: number[]): Condition {
  return { seconds, median: percentile(seconds, 50), max: Math.max(...seconds) };
}

function rowsOf(figures: ModeFigures): BenchRow[] {
  const { mode, idle, beside, large } = figures;
  const label = mode === 'embedded' ? 'embedded' : 'PostgreSQL + Redis (1 api, 2 workers)';
  const ratio = beside.median / idle.median;
  const worst = beside.max / idle.median;
  const met = beside.max <= Math.max(TARGET_RATIO * idle.median, TARGET_SECONDS);
  const times = (c: Condition) => c.seconds.map((s) => round(s, 1)).join(', ');
  return [
    {
      metric: `${label}: 3-page ingestion, idle service`,
      value: round(idle.median, 2),
      unit: 's',
      note: `median of ${idle.seconds.length}: ${times(idle)}`,
    },
    {
      metric: `${label}: same beside another account's ${large.pages}-page ingestion`,
      value: round(beside.median, 2),
      unit: 's',
      note: `median of ${beside.seconds.length}: ${times(beside)}; the large one processed ${large.processedWhileTimed} pages meanwhile (${round(large.processedWhileTimed / large.secondsTimed, 1)} pages/s)${large.endedWhileTimed ? ', and ended before the small ones did' : ''}`,
    },
    {
      metric: `${label}: beside / idle`,
      value: round(ratio, 1),
      unit: '×',
      note: `slowest ${round(worst, 1)}× (${round(beside.max, 1)} s); target: slowest within ${TARGET_RATIO}× idle or ${TARGET_SECONDS} s — ${met ? 'met' : 'NOT met'}`,
    },
  ];
}

function wikiPage(doc: SciFactDoc) {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return { id: doc.id, title: doc.title, body: `<p>${escape(doc.text)}</p>` };
}
