import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiApp } from '@docent/api';
import { RUNTIME } from '@docent/nest-runtime';
import type { Runtime } from '@docent/runtime';
import {
  type AnswerSet,
  HANDBOOK_ANSWER_SET,
  HANDBOOK_SPACE_KEY,
  HANDBOOK_SPACE_PAGES,
  OPERATIONS_ANSWER_SET,
  OPERATIONS_FOLDER,
  operationsDriveFiles,
  PRODUCT_ANSWER_SET,
  PRODUCT_WORKSPACE_TOKEN,
  productWorkspace,
  type Split,
  startFakeConfluence,
  startFakeDrive,
  startFakeNotion,
  type WikiCorpusPage,
} from '@docent/source-fakes';
import type { SourceMarkup } from '../answers/answer-cleanliness';
import { type AnswerSummary, summarise, summaryRows } from '../answers/answer-summary';
import { formatAnswerTable } from '../answers/answer-table';
import {
  type AskReply,
  judgeAnswerable,
  judgeFollowUp,
  judgeNearMiss,
  type Verdict,
} from '../answers/answer-verdicts';
import { notionBlockTitles, wikiPanelTitles } from '../answers/fixture-titles';
import { type GoldContext, locateGold, markupOf } from '../answers/gold-locations';
import { readSourceDocuments, type SourceAccess } from '../answers/source-documents';
import {
  GIT_MANUAL_SPACE_KEY,
  loadGitManualPages,
  loadGitManualQuestions,
} from '../datasets/git-manual';
import { answererFor, askServiceFor } from '../quality/ask-services';
import { type BenchModel, benchModels } from '../support/bench-models';
import { postJson } from '../support/http-json';
import type { BenchRow } from '../support/report';
import { sharedDir } from '../support/shared-data';
import { round } from '../support/stats';
import { benchElasticsearchUrl, indexName, openIndexMode } from '../support/index-mode';
import {
  BENCH_KEY as KEY,
  BENCH_WIKI_USER as USER,
  ingestSource,
  ingestWikiSpace,
} from '../support/source-ingestion';

const DEFAULT_MODELS = 'local/all-MiniLM-L6-v2@q8';
const DRIVE_TOKEN = 'ya29.bench-answer-sets';
const SOURCES = ['confluence', 'drive', 'notion', 'git-manual'] as const;
type SourceName = (typeof SOURCES)[number];

/** One source under test: its questions, how to ingest it, where its gold sentences are. */
interface SourceUnderTest {
  name: SourceName;
  set: AnswerSet;
  collection: string;
  ingest(base: string): Promise<unknown>;
  gold: Map<string, GoldContext>;
  markup: SourceMarkup;
}

export interface AnswerSetOptions {
  /** Keep the service's data here (one folder per model) and skip collections it holds. */
  keepData?: string;
}

/**
 * Answers as a user meets them, on the fixture handbook (Confluence), operations folder
 * (Drive), product workspace (Notion) and the git manual (Debian's git-doc as a wiki space):
 * each source ingested through the real service (embedded mode, fake servers), every question
 * asked over HTTP, and the replies judged — facts and the expected sentence held, refs[0] and
 * its highlight, cleanliness faults, short_answer EM/F1, "not found" on near misses, follow-ups
 * naming one entity — per source and split, for each model of `BENCH_MODELS`.
 * `BENCH_ANSWER_SOURCES` picks sources (default all four).
 */
export async function answerSets(
  options: AnswerSetOptions,
): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  const wanted = sourcesWanted(process.env.BENCH_ANSWER_SOURCES);
  const gitPages = wanted.includes('git-manual') ? loadGitManualPages() : [];
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    spaces: [
      { key: HANDBOOK_SPACE_KEY, pages: HANDBOOK_SPACE_PAGES },
      ...(gitPages.length > 0 ? [{ key: GIT_MANUAL_SPACE_KEY, pages: gitPages }] : []),
    ],
  });
  const drive = await startFakeDrive({
    accessTokens: [DRIVE_TOKEN],
    files: operationsDriveFiles(),
  });
  const notion = await startFakeNotion(productWorkspace());
  try {
    const sources = await prepareSources(wanted, gitPages, {
      wikiUrl: wiki.url,
      driveUrl: drive.url,
      notionUrl: notion.url,
    });
    const rows: BenchRow[] = [];
    const details: Record<string, unknown> = {};
    for (const model of benchModels(process.env.BENCH_MODELS ?? DEFAULT_MODELS)) {
      const measured = await measureModel(model, sources, options, {
        driveUrl: drive.url,
        notionUrl: notion.url,
      });
      rows.push(...measured.rows);
      details[`${model.label}, ${indexName()}`] = measured.details;
    }
    return { rows, details };
  } finally {
    await wiki.close();
    await drive.close();
    await notion.close();
  }
}

function sourcesWanted(list: string | undefined): SourceName[] {
  if (!list) return [...SOURCES];
  const names = list.split(',').map((s) => s.trim());
  for (const name of names) {
    if (!(SOURCES as readonly string[]).includes(name)) {
      throw new Error(`BENCH_ANSWER_SOURCES: unknown source ${name}; known: ${SOURCES.join(', ')}`);
    }
  }
  return names as SourceName[];
}

/** Reads each source with its connector and locates every gold sentence (throws if one is missing). */
async function prepareSources(
  wanted: SourceName[],
  gitPages: WikiCorpusPage[],
  urls: { wikiUrl: string; driveUrl: string; notionUrl: string },
): Promise<SourceUnderTest[]> {
  const wikiAccess = (space: string): SourceAccess => ({
    type: 'WIKI',
    url: urls.wikiUrl,
    space,
    username: USER.username,
    token: USER.password,
  });
  type Plan = Omit<SourceUnderTest, 'gold' | 'markup'> & { access: SourceAccess; titles: string[] };
  const plans: Record<SourceName, () => Plan> = {
    confluence: () => ({
      name: 'confluence',
      set: HANDBOOK_ANSWER_SET,
      collection: 'answers-confluence',
      access: wikiAccess(HANDBOOK_SPACE_KEY),
      titles: wikiPanelTitles(HANDBOOK_SPACE_PAGES),
      ingest: (base) =>
        ingestWikiSpace(base, urls.wikiUrl, HANDBOOK_SPACE_KEY, 'answers-confluence', 100),
    }),
    drive: () => ({
      name: 'drive',
      set: OPERATIONS_ANSWER_SET,
      collection: 'answers-drive',
      access: {
        type: 'DRIVE',
        apiUrl: urls.driveUrl,
        token: DRIVE_TOKEN,
        folderName: OPERATIONS_FOLDER.name,
      },
      titles: [],
      ingest: (base) =>
        ingestSource(
          base,
          'answers-drive',
          {
            type: 'DRIVE',
            spec: { token: DRIVE_TOKEN, folder_name: OPERATIONS_FOLDER.name },
          },
          100,
        ),
    }),
    notion: () => ({
      name: 'notion',
      set: PRODUCT_ANSWER_SET,
      collection: 'answers-notion',
      access: { type: 'PAGES', apiUrl: urls.notionUrl, token: PRODUCT_WORKSPACE_TOKEN },
      titles: notionBlockTitles(productWorkspace().pages),
      ingest: (base) =>
        ingestSource(
          base,
          'answers-notion',
          { type: 'PAGES', spec: { token: PRODUCT_WORKSPACE_TOKEN } },
          100,
        ),
    }),
    'git-manual': () => ({
      name: 'git-manual',
      set: loadGitManualQuestions(),
      collection: 'answers-git-manual',
      access: wikiAccess(GIT_MANUAL_SPACE_KEY),
      titles: wikiPanelTitles(gitPages),
      ingest: (base) =>
        ingestWikiSpace(base, urls.wikiUrl, GIT_MANUAL_SPACE_KEY, 'answers-git-manual', 250),
    }),
  };
  const sources: SourceUnderTest[] = [];
  for (const name of wanted) {
    const { access, titles, ...plan } = plans[name]();
    const documents = await readSourceDocuments(access);
    sources.push({
      ...plan,
      gold: locateGold(documents, plan.set),
      markup: markupOf(documents, titles),
    });
  }
  return sources;
}

async function measureModel(
  model: BenchModel,
  sources: SourceUnderTest[],
  options: AnswerSetOptions,
  urls: { driveUrl: string; notionUrl: string },
): Promise<{ rows: BenchRow[]; details: Record<string, unknown> }> {
  // Elasticsearch's run keeps data of its own (its SQLite knows what its indices hold).
  const slug =
    model.label.replace(/[^\w.-]+/g, '-') + (benchElasticsearchUrl() ? '-elasticsearch' : '');
  const dataDir = options.keepData
    ? join(options.keepData, slug)
    : mkdtempSync(join(tmpdir(), 'docent-answers-'));
  const index = openIndexMode(dataDir, options.keepData !== undefined);
  const label = `${model.label}, ${index.name}`;
  const { app } = await createApiApp({
    env: {
      // Settings under test (DOCENT_NOT_FOUND_THRESHOLD...), from the caller's environment.
      ...Object.fromEntries(
        Object.entries(process.env).filter(
          (e): e is [string, string] => e[0].startsWith('DOCENT_') && e[1] !== undefined,
        ),
      ),
      DOCENT_MODELS_DIR: process.env.DOCENT_MODELS_DIR ?? join(sharedDir(), 'models'),
      DOCENT_EMBEDDING_MODEL: model.model,
      DOCENT_EMBEDDING_DTYPE: model.dtype ?? '',
      DOCENT_DATA_DIR: dataDir,
      DOCENT_DRIVE_API_URL: urls.driveUrl,
      DOCENT_PAGES_API_URL: urls.notionUrl,
      DOCENT_BOOTSTRAP_API_KEYS: `bench:${KEY}`,
      DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
      DOCENT_LOG_LEVEL: 'warn',
      DOCENT_RATE_LIMIT_PER_MINUTE: '1000000',
      ...index.env,
    },
  });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  try {
    const rows: BenchRow[] = [];
    const details: Record<string, unknown> = {
      model: model.model,
      dtype: model.dtype ?? 'profile default',
      index: index.name,
    };
    const summaries: AnswerSummary[] = [];
    for (const source of sources) {
      const ingestSeconds = await ingestOnce(dataDir, source.collection, () => source.ingest(base));
      const verdicts = await askAll(base, source);
      if (process.env.BENCH_RECORD) await recordAsks(app.get<Runtime>(RUNTIME), source);
      printVerdicts(`${source.name} [${label}]`, verdicts);
      const bySplit = (['dev', 'test'] as const).map((split) =>
        summarise(
          source.name,
          split,
          verdicts.filter((v) => v.split === split),
        ),
      );
      summaries.push(...bySplit);
      for (const summary of bySplit) rows.push(...summaryRows(summary, label));
      details[source.name] = {
        ...(ingestSeconds !== null && { ingestSeconds: round(ingestSeconds, 1) }),
        summaries: bySplit,
        verdicts,
      };
    }
    const fixtures = summaries.filter((s) => s.source !== 'git-manual');
    if (fixtures.length > 1) rows.push(...fixtureRows(fixtures, label));
    return { rows, details };
  } finally {
    await app.close();
    await index.release();
    if (options.keepData === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Ingests a collection unless the kept data directory already holds it; seconds, or null. */
async function ingestOnce(
  dataDir: string,
  collection: string,
  ingest: () => Promise<unknown>,
): Promise<number | null> {
  const marker = join(dataDir, `bench-ingested-${collection}`);
  if (existsSync(marker)) return null;
  const started = performance.now();
  await ingest();
  writeFileSync(marker, new Date().toISOString());
  return (performance.now() - started) / 1000;
}

async function askAll(base: string, source: SourceUnderTest): Promise<Verdict[]> {
  const ask = (question: string, history: Array<[string, string]> = []) =>
    postJson<AskReply>(base, '/docs/ask', KEY, {
      namespace_name: 'bench',
      collection_name: source.collection,
      question,
      top_k: 5,
      ...(history.length > 0 && { history_messages: history }),
    });
  const verdicts: Verdict[] = [];
  for (const split of ['dev', 'test'] as Split[]) {
    for (const question of source.set.answerable[split]) {
      const reply = await ask(question.question);
      verdicts.push(
        judgeAnswerable(question, split, reply, source.gold.get(question.id)!, source.markup),
      );
    }
    for (const question of source.set.nearMisses[split]) {
      verdicts.push(judgeNearMiss(question, split, await ask(question.question)));
    }
    for (const followUp of source.set.followUps[split]) {
      const reply = await ask(
        followUp.question,
        followUp.history.map((turn) => [turn.question, turn.answer]),
      );
      verdicts.push(
        judgeFollowUp(followUp, split, reply, source.gold.get(followUp.id)!, source.markup),
      );
    }
  }
  return verdicts;
}

/**
 * With `BENCH_RECORD`, the answerable questions asked once more through the bench's own ask path
 * (the service's answerer as configured, recording each request): the HTTP answerer records
 * nothing, and `bench/src/tools/sentence-choice.ts` fits on what the recording holds.
 */
async function recordAsks(runtime: Runtime, source: SourceUnderTest): Promise<void> {
  const accountId = (await runtime.store.accounts.ensureAccount('bench')).id;
  const ask = askServiceFor(runtime, 'hybrid', answererFor(runtime));
  for (const split of ['dev', 'test'] as Split[]) {
    for (const question of source.set.answerable[split]) {
      await ask.ask(accountId, {
        namespaceName: 'bench',
        collectionName: source.collection,
        question: question.question,
        topK: 5,
      });
    }
  }
}

function printVerdicts(title: string, verdicts: Verdict[]): void {
  const heading = `answers, question by question: ${title}`;
  console.log(`\n${heading}\n${'-'.repeat(heading.length)}`);
  for (const line of formatAnswerTable(verdicts)) console.log(line);
}

/** Wiki, Drive and Notion fixtures together, per split: the targets are on these. */
function fixtureRows(summaries: AnswerSummary[], label: string): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const split of ['dev', 'test']) {
    const parts = summaries.filter((s) => s.split === split);
    const weighted = (
      value: (s: AnswerSummary) => number,
      weight: (s: AnswerSummary) => number,
    ) => {
      const total = parts.reduce((sum, s) => sum + weight(s), 0);
      const sum = parts.reduce(
        (acc, s) => acc + (Number.isNaN(value(s)) ? 0 : value(s) * weight(s)),
        0,
      );
      return total === 0 ? '-' : round(sum / total, 3);
    };
    rows.push(
      {
        metric: `fixtures ${split}: clean answers [${label}]`,
        value: weighted(
          (s) => s.clean,
          (s) => s.answered,
        ),
        unit: '',
        note: `${parts.reduce((sum, s) => sum + s.answered, 0)} answers (wiki, Drive, Notion)`,
      },
      {
        metric: `fixtures ${split}: near misses "not found" [${label}]`,
        value: weighted(
          (s) => s.nearMissNotFound,
          (s) => s.nearMisses,
        ),
        unit: '',
        note: `${parts.reduce((sum, s) => sum + s.nearMisses, 0)} questions`,
      },
      {
        metric: `fixtures ${split}: follow-ups with one entity [${label}]`,
        value: weighted(
          (s) => s.followUpsOneEntity,
          (s) => s.followUps,
        ),
        unit: '',
        note: `${parts.reduce((sum, s) => sum + s.followUps, 0)} follow-ups`,
      },
    );
  }
  return rows;
}
