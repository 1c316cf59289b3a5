import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Passage } from '@docent/answerers';
import type { AskService } from '@docent/retrieval';
import { startFakeDrive, type FakeDrive } from '@docent/source-fakes';
import {
  type CorpusQuestion,
  type CorpusSet,
  isCorpusDocument,
  MEDIA_TYPES,
} from '../datasets/corpus-qa';
import { holdsFact } from '../metrics/fact-words';
import { median } from '../metrics/ranking-metrics';
import { ingestSource } from '../support/source-ingestion';

const DRIVE_TOKEN = 'ya29.bench-corpus-token';
const FOLDER = 'Corpus';

/** A fake Google Drive holding every document of the shared corpus in one folder. */
export function startCorpusDrive(corpusDir: string): Promise<FakeDrive> {
  const files = readdirSync(corpusDir).filter(isCorpusDocument).sort();
  return startFakeDrive({
    accessTokens: [DRIVE_TOKEN],
    files: [
      { id: 'corpus', name: FOLDER, mimeType: 'application/vnd.google-apps.folder' },
      ...files.map((name) => ({
        name,
        mimeType: MEDIA_TYPES[extname(name)]!,
        parent: 'corpus',
        content: readFileSync(join(corpusDir, name)),
      })),
    ],
  });
}

/**
 * Ingests the corpus folder through the DRIVE connector (real parsers, real page numbers) and
 * checks that every file made it.
 */
export async function ingestCorpus(
  base: string,
  collection: string,
  expectedDocuments: number,
): Promise<void> {
  const outcome = await ingestSource(base, collection, {
    type: 'DRIVE',
    spec: { token: DRIVE_TOKEN, folder_name: FOLDER },
  });
  if (outcome.progress.documents_processed !== expectedDocuments || outcome.failures?.length) {
    throw new Error(
      `corpus ingestion: ${outcome.progress.documents_processed} of ${expectedDocuments} documents, ` +
        `failures ${JSON.stringify(outcome.failures)}`,
    );
  }
}

export interface RealDocumentResult {
  set: CorpusSet;
  file: string;
  question: string;
  gold: string;
  evidencePages: number[];
  answer: string;
  found: boolean;
  top: { file: string; page: number } | null;
  fileFirst: boolean;
  pageFirst: boolean;
  pageInTop5: boolean;
  holdsFact: boolean;
}

/**
 * The headline figures are over the first two sets (developed on, comparable with earlier runs);
 * `bySet` has each set, the second one included.
 */
export interface RealDocumentScores {
  questions: number;
  fileFirst: number;
  pageFirst: number;
  pageInTop5: number;
  holdsFact: number;
  medianWords: number;
  bySet: Partial<
    Record<
      CorpusSet,
      { questions: number; pageFirst: number; pageInTop5: number; holdsFact: number }
    >
  >;
  results: RealDocumentResult[];
}

/**
 * Asks each question of the corpus (hybrid, top_k 5) and scores: the answer's first ref (the
 * passage it quotes) is the right file; it is on one of the evidence pages; one of retrieval's
 * five best passages is; the answer holds the gold answer's fact words (`holdsFact`).
 */
export async function scoreRealDocuments(
  ask: AskService,
  accountId: string,
  collection: string,
  questions: Array<CorpusQuestion & { set: CorpusSet }>,
): Promise<RealDocumentScores> {
  const results: RealDocumentResult[] = [];
  for (const q of questions) {
    const input = {
      namespaceName: 'bench',
      collectionName: collection,
      question: q.question,
      topK: 5,
    };
    let ranked: readonly Passage[] = [];
    const result = await ask.ask(accountId, input, { onRetrieved: (p) => (ranked = p) });
    const retrieved = ranked.slice(0, 5);
    const onPage = (ref: { docName: string; pageNum: number } | undefined) =>
      ref !== undefined && ref.docName === q.file && q.evidence_pages.includes(ref.pageNum);
    // The answer's first ref is the page it quotes (none when "not found").
    const first = result.refs[0];
    results.push({
      set: q.set,
      file: q.file,
      question: q.question,
      gold: q.answer,
      evidencePages: q.evidence_pages,
      answer: result.answer,
      found: result.found,
      top: first ? { file: first.docName, page: first.pageNum } : null,
      fileFirst: first?.docName === q.file,
      pageFirst: onPage(first),
      // Retrieval's five best passages, whatever the answer kept as refs.
      pageInTop5: retrieved.some(onPage),
      holdsFact: result.found && holdsFact(result.answer, q.answer, q.question),
    });
  }
  const share = (rows: RealDocumentResult[], key: keyof RealDocumentResult) =>
    rows.length === 0 ? 0 : rows.filter((r) => r[key] === true).length / rows.length;
  const headline = results.filter((r) => r.set !== 'second');
  const words = headline
    .filter((r) => r.found)
    .map((r) => r.answer.split(/\s+/).filter(Boolean).length);
  const bySet: RealDocumentScores['bySet'] = {};
  for (const set of ['pdf', 'office', 'second'] as const) {
    const rows = results.filter((r) => r.set === set);
    if (rows.length === 0) continue;
    bySet[set] = {
      questions: rows.length,
      pageFirst: share(rows, 'pageFirst'),
      pageInTop5: share(rows, 'pageInTop5'),
      holdsFact: share(rows, 'holdsFact'),
    };
  }
  return {
    questions: headline.length,
    fileFirst: share(headline, 'fileFirst'),
    pageFirst: share(headline, 'pageFirst'),
    pageInTop5: share(headline, 'pageInTop5'),
    holdsFact: share(headline, 'holdsFact'),
    medianWords: median(words),
    bySet,
    results,
  };
}
