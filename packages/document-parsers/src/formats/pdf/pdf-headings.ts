import { type PdfParagraph } from './pdf-paragraphs';

/** "Clearly larger" than the body text: both relatively and in points. */
const MIN_RATIO = 1.15;
const MIN_POINTS = 1.5;
const MAX_HEADING_CHARS = 200;
const MAX_HEADING_LINES = 3;
/**
 * "3.2.7 Incident Notification", "2. Overview", "A.2 Scenarios": section numbers of at most two
 * digits each, an appendix's letter first.
 */
const NUMBERED_HEADING = /^((?:[A-Z]\.)?(?:\d{1,2}\.)*\d{1,2})\.?\s+\p{Lu}/u;
const MAX_NUMBERED_CHARS = 90;
const MAX_NUMBERED_WORDS = 12;
const MIN_NUMBERED_RATIO = 0.88;
/** A run-in title's next paragraph is prose: at least this many words, ending a sentence. */
const MIN_PROSE_WORDS = 15;
/** Unnumbered titles at body size are the innermost headings. */
export const RUN_IN_TITLE_LEVEL = 6;
const CAPTION = /^(?:Figure|Fig\.|Table|Exhibit)\s+[\dA-Z]/;
/** A line on this many pages is a running header or footer, not a section's title. */
const RUNNING_REPEATS = 3;

function runningKey(text: string): string {
  return text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
}
/** Sentences, questions, list lead-ins and table-of-contents lines are not headings. */
const NOT_A_TITLE_ENDING = /[.,;:?]$|(?:\s\.|\.\.)[.\s]*[0-9ivxlc]+$/i;
/** Markup, arrows and brackets belong to code and diagrams; question marks to list items. */
const NOT_TITLE_TEXT = /[<>=|{}[\]?]/;

/**
 * Headings from font sizes: the body size is the one most characters use across the document;
 * a short paragraph (a few lines, some letters) set clearly larger is a heading, and the
 * distinct heading sizes, largest first, give levels 1-6.
 */
export class PdfHeadingRules {
  private readonly bodySize: number;
  private readonly levels = new Map<number, number>();
  /** One-line paragraphs by their text with digits masked: a running header recurs. */
  private readonly lineCounts = new Map<string, number>();

  constructor(paragraphs: PdfParagraph[]) {
    const characters = new Map<number, number>();
    for (const paragraph of paragraphs) {
      if (paragraph.lines.length === 1) {
        const key = runningKey(paragraph.lines[0]!.text);
        this.lineCounts.set(key, (this.lineCounts.get(key) ?? 0) + 1);
      }
      const count = paragraph.lines.reduce((sum, line) => sum + line.text.length, 0);
      characters.set(paragraph.size, (characters.get(paragraph.size) ?? 0) + count);
    }
    let most = -1;
    this.bodySize = 0;
    for (const [size, count] of characters) {
      if (count > most) {
        most = count;
        this.bodySize = size;
      }
    }
    const headingSizes = new Set<number>();
    for (const paragraph of paragraphs) {
      if (this.looksLikeHeading(paragraph)) headingSizes.add(paragraph.size);
    }
    [...headingSizes]
      .sort((a, b) => b - a)
      .forEach((size, index) => this.levels.set(size, Math.min(6, index + 1)));
  }

  /**
   * The heading level of a paragraph, or `undefined` for body text. Besides larger type, a
   * lone short line in body-size type that starts with a section number ("2.1 Tenets of Zero
   * Trust") is a heading of the number's depth: many reports set those in bold at body size.
   */
  levelOf(paragraph: PdfParagraph): number | undefined {
    if (this.looksLikeHeading(paragraph)) return this.levels.get(paragraph.size);
    return this.numberedLevel(paragraph);
  }

  /**
   * A lone Title Case line at body size, unpunctuated, over a paragraph of prose ("Scenario 1:
   * Domain Name System (DNS) Server Denial of Service (DoS)", RFC 793's "Knowing When to Keep
   * Quiet") is an unnumbered section title: the innermost heading, under the numbered ones.
   */
  isRunInTitle(
    paragraph: PdfParagraph,
    next: PdfParagraph | undefined,
    nextEndsPage = false,
  ): boolean {
    const [line, ...more] = paragraph.lines;
    if (!line || more.length > 0 || line.tabular || paragraph.bullet || !next) return false;
    if (paragraph.size < this.bodySize * MIN_NUMBERED_RATIO) return false;
    if (paragraph.size >= this.bodySize * MIN_RATIO) return false;
    const text = line.text;
    const words = text.split(/\s+/);
    if (text.length > MAX_NUMBERED_CHARS || words.length > MAX_NUMBERED_WORDS) return false;
    if (NOT_A_TITLE_ENDING.test(text) || NOT_TITLE_TEXT.test(text) || !/\p{L}{2}/u.test(text)) {
      return false;
    }
    // A caption names a figure; a line on many pages is the running header ("RFC 8446 TLS
    // August 2018").
    if (CAPTION.test(text) || (this.lineCounts.get(runningKey(text)) ?? 0) >= RUNNING_REPEATS) {
      return false;
    }
    // Title Case: every word longer than "of", "the", "and" capitalised (or a number, a bracket).
    const capitalised = words.filter((word) => /^[\p{Lu}\p{N}(“"]/u.test(word)).length;
    if (words.some((word) => word.length > 3 && !/^[\p{Lu}\p{N}(“"]/u.test(word))) return false;
    if (capitalised * 2 < words.length) return false;
    // What follows is prose: lines of running text that end a sentence (or run on to the next
    // page).
    const prose = next.lines.map((l) => l.text).join(' ');
    return (
      !next.bullet &&
      next.lines.every((l) => !l.tabular) &&
      prose.split(/\s+/).length >= MIN_PROSE_WORDS &&
      (nextEndsPage || /[.!?:)]$/.test(prose))
    );
  }

  private numberedLevel(paragraph: PdfParagraph): number | undefined {
    const [line, ...more] = paragraph.lines;
    if (!line || more.length > 0 || line.tabular || paragraph.bullet) return undefined;
    // Section headings may be a point smaller than the body (bold sans); footnotes are smaller.
    if (paragraph.size < this.bodySize * MIN_NUMBERED_RATIO) return undefined;
    const text = line.text;
    const number = NUMBERED_HEADING.exec(text)?.[1];
    if (!number || text.length > MAX_NUMBERED_CHARS) return undefined;
    if (NOT_A_TITLE_ENDING.test(text) || NOT_TITLE_TEXT.test(text)) return undefined;
    if (text.split(/\s+/).length > MAX_NUMBERED_WORDS) return undefined;
    return Math.min(6, number.split('.').length);
  }

  private looksLikeHeading(paragraph: PdfParagraph): boolean {
    if (this.bodySize === 0 || paragraph.bullet) return false;
    const { size, lines } = paragraph;
    if (size < this.bodySize * MIN_RATIO || size - this.bodySize < MIN_POINTS) return false;
    const text = lines.map((line) => line.text).join(' ');
    return (
      lines.length <= MAX_HEADING_LINES && text.length <= MAX_HEADING_CHARS && /\p{L}/u.test(text)
    );
  }
}
