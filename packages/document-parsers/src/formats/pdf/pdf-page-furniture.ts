import { type PdfLine } from './pdf-lines';

/** How many lines from a page's top and from its bottom can be running headers or footers. */
const EDGE_LINES = 3;
/** A running header or footer repeats on at least this many pages. */
const MIN_PAGES = 3;
const ROMAN_NUMBER = /(?<![\p{L}\d])[ivxlc]{1,7}(?![\p{L}\d])/gu;
/** "struct {", "enum {" open a page of code as often as a header does: code is not furniture. */
const CODE_PUNCTUATION = /[{}();=<>]/;
/** Roman numbers are page numbers only in short lines ("vii", "[Page ii]"), not in prose. */
const SHORT_LINE_WORDS = 4;

/** A line as it repeats from page to page: numbers (page numbers, section counts) made alike. */
function shapeOf(text: string): string {
  const flat = text.toLowerCase().replace(/\s+/g, ' ').trim().replace(/\d+/g, '#');
  return flat.split(' ').length <= SHORT_LINE_WORDS ? flat.replace(ROMAN_NUMBER, '#') : flat;
}

/**
 * The page furniture of a PDF: lines among the top or bottom few of a page (or set at an angle,
 * as in a margin) whose text, numbers aside, recurs at the same place on at least three pages —
 * running headers and footers, page numbers, "available free of charge from…" bands. They are
 * not the page's content: kept, they glue onto the sentences around them ("…pseudo header
 * conceptually [Page 16] September 1981 Transmission Control Protocol…") and hide that a
 * sentence goes on on the next page.
 */
export function pageFurniture(pages: readonly PdfLine[][]): Set<PdfLine> {
  const byShape = new Map<string, Array<{ page: number; line: PdfLine }>>();
  pages.forEach((lines, page) => {
    for (const line of edgeLines(lines)) {
      const shape = shapeOf(line.text);
      const same = byShape.get(shape) ?? [];
      same.push({ page, line });
      byShape.set(shape, same);
    }
  });
  const furniture = new Set<PdfLine>();
  for (const [shape, placed] of byShape) {
    if (placed.length < MIN_PAGES || CODE_PUNCTUATION.test(shape)) continue;
    for (const { line } of placed) {
      // At the same place on each page: a caption ("Figure 12.") or a state's name recurs too,
      // but wherever the figure or the text puts it.
      const pagesHere = new Set(
        placed.filter(({ line: other }) => samePlace(line, other)).map(({ page }) => page),
      );
      if (pagesHere.size >= MIN_PAGES) furniture.add(line);
    }
  }
  return furniture;
}

function samePlace(a: PdfLine, b: PdfLine): boolean {
  const tolerance = 0.5 * Math.max(a.size, b.size);
  return (
    Math.abs(a.angle - b.angle) < 0.02 &&
    Math.abs(a.across - b.across) <= tolerance &&
    Math.abs(a.start - b.start) <= 12 * tolerance
  );
}

function edgeLines(lines: readonly PdfLine[]): PdfLine[] {
  const level = lines.filter((line) => Math.abs(line.angle) < 0.02);
  const byHeight = [...level].sort((a, b) => b.across - a.across);
  const edges = new Set([...byHeight.slice(0, EDGE_LINES), ...byHeight.slice(-EDGE_LINES)]);
  for (const line of lines) if (Math.abs(line.angle) >= 0.02) edges.add(line);
  return [...edges];
}
