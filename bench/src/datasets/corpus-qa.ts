import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

/** A question about one file of the shared corpus, with where its answer is. */
export interface CorpusQuestion {
  file: string;
  question: string;
  /** The gold answer (the fact, in a few words). */
  answer: string;
  /** 1-based page (PDF page, DOCX rendered page, slide, sheet; 1 for HTML and Markdown). */
  page: number;
  /** Verbatim text on that page (whitespace-normalised, case-insensitive) that holds the answer. */
  evidence: string;
  /** Every page on which `evidence` appears. */
  evidence_pages: number[];
}

/** The corpus's own PDF questions (../shared/corpus/pdf-qa.jsonl). */
export function loadPdfQuestions(corpusDir: string): CorpusQuestion[] {
  return readJsonLines(join(corpusDir, 'pdf-qa.jsonl'));
}

/** This repository's questions over the corpus's DOCX, PPTX, XLSX, HTML and Markdown files. */
export function loadOfficeQuestions(): CorpusQuestion[] {
  return readJsonLines(join(__dirname, '..', '..', 'data', 'corpus-qa.jsonl'));
}

/**
 * The second set: questions written after the first two were developed on, phrased the way an
 * engineer asks rather than in the documents' words, over every format. It is scored beside them
 * and never tuned on (bench/data/corpus-qa-second.jsonl; pages as in `CorpusQuestion`).
 */
export function loadSecondQuestions(): CorpusQuestion[] {
  return readJsonLines(join(__dirname, '..', '..', 'data', 'corpus-qa-second.jsonl'));
}

/** Which set a corpus question is from: the developed-on PDF and other-format sets, or the second. */
export type CorpusSet = 'pdf' | 'office' | 'second';

/** Every corpus question, tagged with its set. */
export function loadCorpusQuestions(corpusDir: string): Array<CorpusQuestion & { set: CorpusSet }> {
  return [
    ...loadPdfQuestions(corpusDir).map((q) => ({ ...q, set: 'pdf' as const })),
    ...loadOfficeQuestions().map((q) => ({ ...q, set: 'office' as const })),
    ...loadSecondQuestions().map((q) => ({ ...q, set: 'second' as const })),
  ];
}

function readJsonLines(file: string): CorpusQuestion[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CorpusQuestion);
}

export const MEDIA_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.html': 'text/html',
  '.md': 'text/markdown',
};

/** The corpus files Docent ingests (MANIFEST.md and the Q/A file are not documents). */
export function isCorpusDocument(file: string): boolean {
  return extname(file) in MEDIA_TYPES && file !== 'MANIFEST.md';
}
