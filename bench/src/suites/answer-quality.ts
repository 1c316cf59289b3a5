import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '@docent/api';
import { ExtractiveAnswerer, type ExtractiveAnswererOptions } from '@docent/answerers';
import type { Runtime } from '@docent/runtime';
import { AskService, type AskResult } from '@docent/retrieval';
import type { SearchMode } from '@docent/search-index';
import { startFakeConfluence } from '@docent/source-fakes';
import { RUNTIME } from '@docent/nest-runtime';
import { loadSciFact, type SciFactQuery } from '../datasets/scifact';
import { loadSquad, type SquadQuestion } from '../datasets/squad';
import { mean, median, mrrAt, ndcgAt, recallAt } from '../metrics/ranking-metrics';
import {
  containsAnswer,
  exactMatch,
  f1,
  normalizeAnswer,
  wordCount,
} from '../metrics/squad-metrics';
import { paragraphBaseline } from './paragraph-baseline';
import { buildFollowUps } from './follow-up-set';
import type { BenchRow } from '../support/report';
import { modelEnvironment, sharedDir, squadPath } from '../support/shared-data';
import { percentile, round } from '../support/stats';
import {
  BENCH_KEY as KEY,
  BENCH_WIKI_USER as USER,
  ingestWikiSpace,
} from '../support/wiki-ingestion';

const MODES: SearchMode[] = ['bm25', 'vector', 'hybrid'];
/** Written into a kept data directory once every collection (SciFact included) is ingested. */
const INGESTED_MARKER = 'bench-quality-ingested';

export interface QualityOptions {
  limit?: number;
  /** Skip SciFact (its ingestion is most of the run). */
  noScifact?: boolean;
  /**
   * Keep the service's data in this directory and, when it already holds the collections, skip
   * ingesting them: tuning runs of answer and ranking settings then take minutes. Settings that
   * change what is indexed (chunk size...) need a fresh directory.
   */
  keepData?: string;
}

interface SquadScores {
  recallAt1: number;
  recallAt5: number;
  articleHitAt1: number;
  containment: number;
  medianWords: number;
  em: number;
  f1: number;
  latencies: number[];
}

/**
 * Issue 8: answer quality on SQuAD v1.1 (dev part) and retrieval on SciFact (dev half), for
 * BM25, vectors and hybrid, through the production ingestion and ask code.
 */
export async function answerQuality(
  options: QualityOptions,
): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  const squad = loadSquad(squadPath());
  const scifact = options.noScifact ? null : loadSciFact(join(sharedDir(), 'bench/scifact'));
  const half = Math.floor(squad.articles.length / 2);
  const page = (id: string, title: string, paragraphs: string[]) => ({
    id,
    title,
    body: paragraphs
      .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
      .join('\n'),
  });
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [
      {
        key: 'SQUAD',
        pages: squad.articles.map((a, i) => page(String(100_000 + i), a.title, a.paragraphs)),
      },
      {
        key: 'HALF',
        pages: squad.articles
          .slice(0, half)
          .map((a, i) => page(String(200_000 + i), a.title, a.paragraphs)),
      },
      ...(scifact
        ? [{ key: 'SCIFACT', pages: scifact.docs.map((d) => page(d.id, d.title, [d.text])) }]
        : []),
    ],
  });
  const dataDir = options.keepData ?? mkdtempSync(join(tmpdir(), 'docent-quality-'));
  const reuse = options.keepData !== undefined && existsSync(join(dataDir, INGESTED_MARKER));
  const { app } = await createApiApp({
    env: {
      ...modelEnvironment(),
      DOCENT_DATA_DIR: dataDir,
      DOCENT_BOOTSTRAP_API_KEYS: `bench:${KEY}`,
      DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
      DOCENT_LOG_LEVEL: 'warn',
      DOCENT_RATE_LIMIT_PER_MINUTE: '1000000',
      // Tuning knobs under test (chunk size...), from the caller's environment.
      ...Object.fromEntries(
        Object.entries(process.env).filter(
          (e): e is [string, string] =>
            e[0].startsWith('DOCENT_') && e[0] !== 'DOCENT_DATA_DIR' && e[1] !== undefined,
        ),
      ),
    },
  });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  try {
    const started = performance.now();
    if (!reuse) {
      await ingest(base, wiki.url, [
        ['SQUAD', 'squad'],
        ['HALF', 'squad-half'],
        ...(scifact ? ([['SCIFACT', 'scifact']] as Array<[string, string]>) : []),
      ]);
      if (options.keepData !== undefined && scifact) {
        writeFileSync(join(dataDir, INGESTED_MARKER), new Date().toISOString());
      }
    }
    const ingestSeconds = (performance.now() - started) / 1000;
    const runtime = app.get<Runtime>(RUNTIME);
    const accountId = (await runtime.store.accounts.ensureAccount('bench')).id;
    // One answerer for the three modes, so they share its sentence-vector cache as in production.
    const answerer = answererFor(runtime);
    const askWith = (mode: SearchMode, a = answerer) => askServiceFor(runtime, mode, a);
    const sample = sampleQuestions(squad.questions, options.limit);
    if (process.env.BENCH_SWEEP) {
      return {
        rows: await sweep(process.env.BENCH_SWEEP, runtime, accountId, sample, squad, scifact),
        details: {},
      };
    }

    const rows: BenchRow[] = [];
    const details: Record<string, unknown> = {
      ...(!reuse && { ingestSeconds: round(ingestSeconds, 1) }),
      squadQuestions: sample.length,
    };
    const squadByMode: Record<string, SquadScores> = {};
    for (const mode of MODES) {
      const misses: unknown[] | undefined =
        mode === 'hybrid' && process.env.BENCH_DUMP ? [] : undefined;
      squadByMode[mode] = await scoreSquad(askWith(mode), accountId, 'squad', sample, misses);
      if (misses) writeFileSync(process.env.BENCH_DUMP!, JSON.stringify(misses, null, 1));
    }
    const baseline = await paragraphBaseline(squad, sample);
    details.squad = { ...squadByMode, baseline };
    rows.push(...squadRows(squadByMode, baseline));

    if (scifact) {
      const sciByMode: Record<string, unknown> = {};
      const names = await documentSourceIds(runtime, accountId, 'scifact');
      for (const mode of MODES) {
        const scores = await scoreSciFact(askWith(mode), accountId, scifact.queries, names);
        sciByMode[mode] = scores;
        rows.push(
          { metric: `SciFact nDCG@10 (${mode})`, value: round(scores.ndcg, 3), unit: '' },
          { metric: `SciFact Recall@10 (${mode})`, value: round(scores.recall, 3), unit: '' },
          { metric: `SciFact MRR@10 (${mode})`, value: round(scores.mrr, 3), unit: '' },
        );
      }
      details.scifact = sciByMode;
    }

    const followUps = buildFollowUps(
      squad,
      options.limit ? Math.ceil(options.limit / 3) : undefined,
    );
    const followUpScores = await scoreFollowUps(askWith('hybrid'), accountId, followUps);
    details.followUps = followUpScores;
    rows.push(
      {
        metric: 'follow-up recall@5: full question',
        value: round(followUpScores.full, 3),
        unit: '',
        note: `${followUps.length} pairs`,
      },
      {
        metric: 'follow-up recall@5: bare follow-up',
        value: round(followUpScores.bare, 3),
        unit: '',
      },
      {
        metric: 'follow-up recall@5: with history',
        value: round(followUpScores.withHistory, 3),
        unit: '',
      },
    );

    const unanswerable = await scoreUnanswerable(
      askWith('hybrid'),
      askWith('hybrid', answererFor(runtime, NO_THRESHOLDS)),
      accountId,
      squad,
      half,
      options.limit,
    );
    details.unanswerable = unanswerable;
    rows.push(
      {
        metric: 'unanswerable: "not found" rate',
        value: round(unanswerable.notFoundRate, 3),
        unit: '',
        note: `${unanswerable.unanswerable} questions of absent articles`,
      },
      {
        metric: 'answerable: containment, threshold on',
        value: round(unanswerable.containmentWith, 3),
        unit: '',
        note: `${unanswerable.answerable} questions`,
      },
      {
        metric: 'answerable: containment, threshold off',
        value: round(unanswerable.containmentWithout, 3),
        unit: '',
      },
    );
    const latencies = squadByMode.hybrid!.latencies;
    rows.push(
      {
        metric: 'ask latency p50 (hybrid, in process)',
        value: round(percentile(latencies, 50), 1),
        unit: 'ms',
      },
      {
        metric: 'ask latency p95 (hybrid, in process)',
        value: round(percentile(latencies, 95), 1),
        unit: 'ms',
      },
    );
    if (!reuse) {
      rows.push({
        metric: 'ingestion (all collections)',
        value: round(ingestSeconds, 1),
        unit: 's',
      });
    }
    return { rows, details };
  } finally {
    await app.close();
    await wiki.close();
    if (options.keepData === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

type AnswererSettings = Omit<ExtractiveAnswererOptions, 'embedTexts' | 'embedQuery'>;

/** Answerer and fusion settings of one ask service; unset ones are the runtime's defaults. */
interface AskSettings {
  answerer?: AnswererSettings;
  vectorWeight?: number;
  fusion?: 'rrf' | 'convex';
  citedFirst?: boolean;
}

/** Never "not found": what the answer would be without the thresholds. */
const NO_THRESHOLDS: AnswererSettings = {
  minScore: -1,
  minEntityCoverage: 0,
  minEvidence: -1,
};

function answererFor(runtime: Runtime, settings: AnswererSettings = {}): ExtractiveAnswerer {
  return new ExtractiveAnswerer({
    embedTexts: (texts) => runtime.embedder.embedDocuments(texts),
    embedQuery: (text) => runtime.embedder.embedQuery(text),
    ...settings,
  });
}

/** The production ask path over the bench's runtime, with the settings under test. */
function askServiceFor(
  runtime: Runtime,
  mode: SearchMode,
  answerer: ExtractiveAnswerer,
  settings: Omit<AskSettings, 'answerer'> = {},
): AskService {
  return new AskService(
    runtime.store.catalog,
    runtime.index,
    runtime.embedder,
    answerer,
    runtime.resolver,
    {
      mode,
      vectorWeight: settings.vectorWeight ?? runtime.config.vectorWeight,
      fusion: settings.fusion ?? runtime.config.fusion,
      citedFirst: settings.citedFirst,
    },
  );
}

interface SweepConfig extends AskSettings {
  name: string;
  /** Default hybrid. */
  mode?: SearchMode;
  /** Also score the unanswerable set (questions of articles absent from squad-half). */
  unanswerable?: boolean;
}

/**
 * Tuning: several settings scored on one ingestion (hybrid; SQuAD, and SciFact when ingested).
 * `BENCH_SWEEP=file.json` holds an array of `SweepConfig`, e.g.
 * `[{"name": "vw 0.6", "vectorWeight": 0.6}, {"name": "strict", "answerer": {"minEvidence": 0.45}, "unanswerable": true}]`.
 */
async function sweep(
  file: string,
  runtime: Runtime,
  accountId: string,
  sample: SquadQuestion[],
  squad: ReturnType<typeof loadSquad>,
  scifact: ReturnType<typeof loadSciFact> | null,
): Promise<BenchRow[]> {
  const sciNames = scifact ? await documentSourceIds(runtime, accountId, 'scifact') : null;
  const configs = JSON.parse(readFileSync(file, 'utf8')) as SweepConfig[];
  const rows: BenchRow[] = [];
  for (const config of configs) {
    const ask = askServiceFor(
      runtime,
      config.mode ?? 'hybrid',
      answererFor(runtime, config.answerer),
      config,
    );
    const s = await scoreSquad(ask, accountId, 'squad', sample);
    rows.push({
      metric: config.name,
      value: `r@5 ${round(s.recallAt5, 3)} hit@1 ${round(s.articleHitAt1, 3)} contain ${round(s.containment, 3)}`,
      unit: '',
      note: `median ${round(s.medianWords, 1)} words, F1 ${round(s.f1, 1)}`,
    });
    if (scifact && sciNames) {
      const sci = await scoreSciFact(ask, accountId, scifact.queries, sciNames);
      rows[rows.length - 1]!.note +=
        `; SciFact nDCG@10 ${round(sci.ndcg, 3)} R@10 ${round(sci.recall, 3)}`;
    }
    if (config.unanswerable) {
      const u = await scoreUnanswerable(
        ask,
        askServiceFor(
          runtime,
          'hybrid',
          answererFor(runtime, { ...config.answerer, ...NO_THRESHOLDS }),
          config,
        ),
        accountId,
        squad,
        Math.floor(squad.articles.length / 2),
        sample.length,
      );
      rows[rows.length - 1]!.note +=
        `; not found ${round(u.notFoundRate, 3)}, answerable ${round(u.containmentWith, 3)} vs ${round(u.containmentWithout, 3)}`;
    }
    console.log(`${config.name}: ${rows[rows.length - 1]!.value} (${rows[rows.length - 1]!.note})`);
  }
  return rows;
}

/** A deterministic, evenly spread sample (every question when no limit). */
export function sampleQuestions<T>(questions: T[], limit?: number): T[] {
  if (!limit || limit >= questions.length) return questions;
  const step = questions.length / limit;
  return Array.from({ length: limit }, (_, i) => questions[Math.floor(i * step)]!);
}

async function ingest(base: string, wikiUrl: string, jobs: Array<[string, string]>): Promise<void> {
  for (const [space, collection] of jobs)
    await ingestWikiSpace(base, wikiUrl, space, collection, 200);
}

async function scoreSquad(
  ask: AskService,
  accountId: string,
  collection: string,
  questions: SquadQuestion[],
  misses?: unknown[],
): Promise<SquadScores> {
  const r1: number[] = [];
  const r5: number[] = [];
  const hit: number[] = [];
  const contained: number[] = [];
  const words: number[] = [];
  const em: number[] = [];
  const f: number[] = [];
  const latencies: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    const result = await ask.ask(accountId, {
      namespaceName: 'bench',
      collectionName: collection,
      question: q.question,
      topK: 5,
    });
    latencies.push(performance.now() - t);
    const refHas = (i: number) => containsAnswer(result.refs[i]?.sampleText ?? '', q.answers);
    r1.push(refHas(0) ? 1 : 0);
    r5.push(result.refs.some((_, i) => refHas(i)) ? 1 : 0);
    hit.push(result.refs[0]?.docName === q.article ? 1 : 0);
    contained.push(result.found && containsAnswer(result.answer, q.answers) ? 1 : 0);
    if (misses && contained[contained.length - 1] === 0 && r5[r5.length - 1] === 1) {
      misses.push({
        question: q.question,
        gold: q.answers,
        answer: result.answer,
        top: result.refs[0]?.sampleText.slice(0, 300),
      });
    }
    if (result.found) words.push(wordCount(result.answer));
    em.push(exactMatch(result.answer, q.answers));
    f.push(f1(result.answer, q.answers));
  }
  return {
    recallAt1: mean(r1),
    recallAt5: mean(r5),
    articleHitAt1: mean(hit),
    containment: mean(contained),
    medianWords: median(words),
    em: 100 * mean(em),
    f1: 100 * mean(f),
    latencies,
  };
}

function squadRows(
  byMode: Record<string, SquadScores>,
  baseline: Omit<SquadScores, 'latencies'>,
): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [name, s] of [
    ...Object.entries(byMode),
    ['baseline (BM25 paragraphs + best sentence)', baseline] as const,
  ]) {
    rows.push(
      { metric: `SQuAD passage recall@1 (${name})`, value: round(s.recallAt1, 3), unit: '' },
      { metric: `SQuAD passage recall@5 (${name})`, value: round(s.recallAt5, 3), unit: '' },
      { metric: `SQuAD article hit@1 (${name})`, value: round(s.articleHitAt1, 3), unit: '' },
      {
        metric: `SQuAD answer containment (${name})`,
        value: round(s.containment, 3),
        unit: '',
        note: `median ${round(s.medianWords, 1)} words`,
      },
      {
        metric: `SQuAD EM / F1 (${name})`,
        value: `${round(s.em, 1)} / ${round(s.f1, 1)}`,
        unit: '',
      },
    );
  }
  return rows;
}

/** doc_name → SciFact id (the page id the document came from). */
async function documentSourceIds(
  runtime: Runtime,
  accountId: string,
  collection: string,
): Promise<Map<string, string>> {
  const { collection: c } = await runtime.resolver.collection(accountId, 'bench', collection);
  const names = new Map<string, string>();
  let after: string | undefined;
  do {
    const page = await runtime.store.catalog.listDocuments(c.id, { after, limit: 1000 });
    for (const d of page.items) names.set(d.name, d.sourceId);
    after = page.nextAfter ?? undefined;
  } while (after);
  return names;
}

async function scoreSciFact(
  ask: AskService,
  accountId: string,
  queries: SciFactQuery[],
  sourceIds: Map<string, string>,
): Promise<{ ndcg: number; recall: number; mrr: number; queries: number }> {
  const nd: number[] = [];
  const rc: number[] = [];
  const mr: number[] = [];
  for (const q of queries) {
    const result: AskResult = await ask.ask(accountId, {
      namespaceName: 'bench',
      collectionName: 'scifact',
      question: q.text,
      topK: 10,
    });
    const ranked = [...new Set(result.refs.map((r) => sourceIds.get(r.docName) ?? r.docName))];
    nd.push(ndcgAt(ranked, q.relevant, 10));
    rc.push(recallAt(ranked, q.relevant, 10));
    mr.push(mrrAt(ranked, q.relevant, 10));
  }
  return { ndcg: mean(nd), recall: mean(rc), mrr: mean(mr), queries: queries.length };
}

async function scoreFollowUps(
  ask: AskService,
  accountId: string,
  pairs: ReturnType<typeof buildFollowUps>,
): Promise<{
  full: number;
  bare: number;
  withHistory: number;
  pairs: number;
  examples: unknown[];
}> {
  const full: number[] = [];
  const bare: number[] = [];
  const history: number[] = [];
  const recall5 = (r: AskResult, answers: string[]) =>
    r.refs.some((ref) => containsAnswer(ref.sampleText, answers)) ? 1 : 0;
  for (const p of pairs) {
    const input = { namespaceName: 'bench', collectionName: 'squad', topK: 5 };
    full.push(recall5(await ask.ask(accountId, { ...input, question: p.full }), p.answers));
    bare.push(recall5(await ask.ask(accountId, { ...input, question: p.followUp }), p.answers));
    history.push(
      recall5(
        await ask.ask(accountId, {
          ...input,
          question: p.followUp,
          history: [{ question: p.previous, answer: p.previousAnswer }],
        }),
        p.answers,
      ),
    );
  }
  return {
    full: mean(full),
    bare: mean(bare),
    withHistory: mean(history),
    pairs: pairs.length,
    examples: pairs.slice(0, 5),
  };
}

async function scoreUnanswerable(
  ask: AskService,
  askWithoutThreshold: AskService,
  accountId: string,
  squad: ReturnType<typeof loadSquad>,
  half: number,
  limit?: number,
): Promise<{
  notFoundRate: number;
  unanswerable: number;
  containmentWith: number;
  containmentWithout: number;
  answerable: number;
}> {
  const present = new Set(squad.articles.slice(0, half).map((a) => a.title));
  const absent = sampleQuestions(
    squad.questions.filter((q) => !present.has(q.article)),
    limit ? Math.ceil(limit / 2) : undefined,
  );
  const answerable = sampleQuestions(
    squad.questions.filter((q) => present.has(q.article)),
    limit ? Math.ceil(limit / 2) : undefined,
  );
  const input = { namespaceName: 'bench', collectionName: 'squad-half', topK: 5 };
  let notFound = 0;
  for (const q of absent)
    if (!(await ask.ask(accountId, { ...input, question: q.question })).found) notFound++;
  let withT = 0;
  let withoutT = 0;
  for (const q of answerable) {
    const a = await ask.ask(accountId, { ...input, question: q.question });
    if (a.found && containsAnswer(a.answer, q.answers)) withT++;
    const b = await askWithoutThreshold.ask(accountId, { ...input, question: q.question });
    if (containsAnswer(b.answer, q.answers)) withoutT++;
  }
  return {
    notFoundRate: notFound / absent.length,
    unanswerable: absent.length,
    containmentWith: withT / answerable.length,
    containmentWithout: withoutT / answerable.length,
    answerable: answerable.length,
  };
}

export { normalizeAnswer };
