import type { RealDocumentResult } from './real-documents';

/** One scored question as the table shows it. */
export interface RealDocumentLine {
  file: string;
  question: string;
  expected: string;
  /** "file p. N" of the first ref, "same file p. N" when it is the asked file, "-" when none. */
  first: string;
  pageFirst: boolean;
  pageInTop5: boolean;
  holdsFact: boolean;
  answer: string;
}

/** Pages as a reader writes them: "3", "3, 4". */
function pages(list: number[]): string {
  return list.length === 0 ? '-' : list.join(', ');
}

/** `text` cut to `max` characters at most, an ellipsis marking the cut. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * What each real-document question got: the pages its answer is on, the page of the first ref
 * (with its file when it is another one), whether that page is right, whether the answer holds
 * the gold fact, and the answer itself ("not found" when the answerer refused).
 */
export function realDocumentLines(results: RealDocumentResult[]): RealDocumentLine[] {
  return results.map((r) => ({
    file: r.file,
    question: r.question,
    expected: `p. ${pages(r.evidencePages)}`,
    first:
      r.top === null
        ? '-'
        : r.top.file === r.file
          ? `p. ${r.top.page}`
          : `${r.top.file} p. ${r.top.page}`,
    pageFirst: r.pageFirst,
    pageInTop5: r.pageInTop5,
    holdsFact: r.holdsFact,
    answer: r.found ? r.answer : '(not found)',
  }));
}

/** The per-question scores as aligned text lines for the console, long texts shortened. */
export function formatRealDocumentTable(
  results: RealDocumentResult[],
  widths = { file: 28, question: 56, answer: 70 },
): string[] {
  const header = [
    '#',
    'file',
    'question',
    'expected',
    'first ref',
    'page 1st',
    'top 5',
    'fact',
    'answer',
  ];
  const rows = realDocumentLines(results).map((line, i) => [
    String(i + 1),
    shorten(line.file, widths.file),
    shorten(line.question, widths.question),
    line.expected,
    shorten(line.first, widths.file + 6),
    mark(line.pageFirst),
    mark(line.pageInTop5),
    mark(line.holdsFact),
    shorten(line.answer, widths.answer),
  ]);
  return alignedTable(header, rows);
}

/** "yes" or "NO", as the console tables mark a verdict. */
export const mark = (ok: boolean): string => (ok ? 'yes' : 'NO');

/** Rows under a header, columns padded to their widest cell (the last left as it is). */
export function alignedTable(header: string[], rows: string[][]): string[] {
  const width = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const render = (cells: string[]) =>
    cells
      .map((cell, c) => (c === cells.length - 1 ? cell : cell.padEnd(width[c]!)))
      .join('  ')
      .trimEnd();
  return [render(header), width.map((w) => '-'.repeat(w)).join('  '), ...rows.map(render)];
}
