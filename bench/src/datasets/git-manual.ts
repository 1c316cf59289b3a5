import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AnswerableQuestion,
  type AnswerSet,
  alternateSplit,
  type NearMissQuestion,
  type WikiCorpusPage,
} from '@docent/source-fakes';
import { gitManualPageToStorage } from './git-manual-storage';

/** Where Debian's git-doc package installs the HTML manual. */
export const GIT_DOC_DIR = '/usr/share/doc/git-doc';
export const GIT_MANUAL_SPACE_KEY = 'GITDOC';

/**
 * Every HTML page of the git manual (Debian's git-doc) as a wiki page in Confluence storage
 * format, titled as the page titles itself ("git-config(1)", "Git User Manual"). Throws with
 * the install command when the package is missing.
 */
export function loadGitManualPages(
  dir = process.env.BENCH_GIT_DOC_DIR ?? GIT_DOC_DIR,
): WikiCorpusPage[] {
  // Another HTML manual (BENCH_GIT_DOC_DIR) need not be git's, but must hold HTML pages.
  const present =
    dir === GIT_DOC_DIR
      ? existsSync(join(dir, 'git-config.html'))
      : existsSync(dir) && readdirSync(dir).some((file) => file.endsWith('.html'));
  if (!present) {
    throw new Error(
      `the git manual is not installed at ${dir}: run "apt-get install -y git-doc" ` +
        '(Debian; HTML pages under /usr/share/doc/git-doc) or set BENCH_GIT_DOC_DIR',
    );
  }
  const files = readdirSync(dir)
    // index.html is a link to git.html.
    .filter((file) => file.endsWith('.html') && !lstatSync(join(dir, file)).isSymbolicLink())
    .sort();
  const html = new Map(files.map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
  const titles = new Map(
    files.map((file) => [file, /<title>([^<]*)<\/title>/.exec(html.get(file)!)?.[1]?.trim()]),
  );
  const pages = files.map((file, index) => {
    const { title, body } = gitManualPageToStorage(html.get(file)!, (target) => titles.get(target));
    return { id: String(900_000 + index), title: title || file, body };
  });
  const seen = new Set<string>();
  for (const page of pages) {
    if (seen.has(page.title)) throw new Error(`two git manual pages are titled ${page.title}`);
    seen.add(page.title);
  }
  return pages;
}

type GitManualLine =
  ({ kind: 'answerable' } & AnswerableQuestion) | ({ kind: 'near_miss' } & NearMissQuestion);

/**
 * bench/data/git-manual-qa.jsonl (or BENCH_GIT_MANUAL_QA, the questions of the manual at
 * BENCH_GIT_DOC_DIR): answerable and near-miss questions, each kind split alternately.
 */
export function loadGitManualQuestions(
  file = process.env.BENCH_GIT_MANUAL_QA ??
    join(__dirname, '..', '..', 'data', 'git-manual-qa.jsonl'),
): AnswerSet {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as GitManualLine);
  const strip = <T extends { kind: string }>({ kind: _kind, ...rest }: T) => rest;
  return {
    source: 'git-manual',
    answerable: alternateSplit(
      lines.flatMap((line) =>
        line.kind === 'answerable' ? [strip(line) as AnswerableQuestion] : [],
      ),
    ),
    nearMisses: alternateSplit(
      lines.flatMap((line) => (line.kind === 'near_miss' ? [strip(line) as NearMissQuestion] : [])),
    ),
    followUps: { dev: [], test: [] },
  };
}
