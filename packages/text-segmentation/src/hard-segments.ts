/**
 * Cuts text at the line breaks that always end a sentence: blank lines, lines that start a list
 * item, a markdown heading, a quote or a table row, and the line after a heading. Any other line
 * break is a soft wrap and stays inside the segment (sentence splitting then decides).
 */

const LIST_ITEM_LINE = /^(?:[-*+•◦▪‣–]|\d{1,3}[.)]|[a-z][.)]|\[[ xX]\])\s+\S/;
const MARKDOWN_HEADING_LINE = /^#{1,6}\s+\S/;
const QUOTE_OR_TABLE_LINE = /^(?:>|\|)/;
const UNFINISHED_LINE_END = /[.!?,;:\-–—([{/&]$/;
const STARTS_LIKE_NEW_TEXT = /^[\p{Lu}\p{N}]/u;
/** A line longer than this is prose, not a heading. */
const MAX_HEADING_WORDS = 10;
/** A line longer than this is prose, not a label under a title (an affiliation, an address). */
const MAX_LABEL_WORDS = 16;

export interface TextSegment {
  /** Offset of the segment's first character in the original text. */
  start: number;
  /** Offset just past its last character. */
  end: number;
}

interface Line {
  start: number;
  end: number;
  trimmed: string;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  const lineBreak = /\r\n|\r|\n/g;
  let start = 0;
  for (;;) {
    const match = lineBreak.exec(text);
    const end = match ? match.index : text.length;
    lines.push({ start, end, trimmed: text.slice(start, end).trim() });
    if (!match) return lines;
    start = match.index + match[0].length;
  }
}

function startsStructure(line: string): boolean {
  return (
    LIST_ITEM_LINE.test(line) || MARKDOWN_HEADING_LINE.test(line) || QUOTE_OR_TABLE_LINE.test(line)
  );
}

/** A short first line without closing punctuation, followed by a capitalised line: a title. */
function looksLikeHeading(line: string, next: string): boolean {
  if (MARKDOWN_HEADING_LINE.test(line)) return true;
  if (UNFINISHED_LINE_END.test(line) || !STARTS_LIKE_NEW_TEXT.test(next)) return false;
  return line.split(/\s+/).length <= MAX_HEADING_WORDS;
}

/**
 * The lines from `index` to the next blank or structure line are labels, not prose: none ends a
 * sentence or runs longer than a title. Under a short first line they name what it is — an
 * author's affiliation ("Tom Millar" / "United States Computer Emergency Readiness Team"), an
 * address — and stay one unit with it.
 */
function labelBlock(lines: Line[], index: number): boolean {
  for (let i = index; i < lines.length; i++) {
    const line = lines[i]!.trimmed;
    if (line === '' || (i > index && startsStructure(line))) return true;
    if (/[.!?;:]$/.test(line) || line.split(/\s+/).length > MAX_LABEL_WORDS) return false;
  }
  return true;
}

export function hardSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let current: { start: number; end: number; lineCount: number; lastLine: string } | undefined;
  const close = (): void => {
    if (current) segments.push({ start: current.start, end: current.end });
    current = undefined;
  };

  const lines = linesOf(text);
  lines.forEach((line, index) => {
    if (line.trimmed === '') {
      close();
      return;
    }
    const breaksBefore =
      current !== undefined &&
      (startsStructure(line.trimmed) ||
        (current.lineCount === 1 &&
          looksLikeHeading(current.lastLine, line.trimmed) &&
          (MARKDOWN_HEADING_LINE.test(current.lastLine) || !labelBlock(lines, index))));
    if (breaksBefore) close();
    if (current) {
      current.end = line.end;
      current.lineCount += 1;
      current.lastLine = line.trimmed;
    } else {
      current = { start: line.start, end: line.end, lineCount: 1, lastLine: line.trimmed };
    }
  });
  close();
  return segments;
}
