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
/**
 * "Appendix A—Acronyms", "Appendix B. Protocol Data Structures", "APPENDIX C": an appendix is a
 * top-level part like a numbered chapter; its sections are "A.1", "A.2".
 */
const APPENDIX_HEADING = /^(?:Appendix|APPENDIX|Annex|ANNEX)\s+[A-Z](?:\s*[.:—–-]\s*\p{Lu}|$)/u;
const MAX_NUMBERED_CHARS = 90;
const MAX_NUMBERED_WORDS = 12;
const MIN_NUMBERED_RATIO = 0.88;
/** Sentences, questions and list lead-ins are not headings (nor are contents entries). */
const NOT_A_TITLE_ENDING = /[.,;:?]$/;
/** Markup, arrows and brackets belong to code and diagrams; question marks to list items. */
const NOT_TITLE_TEXT = /[<>=|{}[\]?]/;

/**
 * Headings from font sizes: the body size is the one most characters use across the document;
 * a short paragraph (a few lines, some letters) set clearly larger is a heading, and the
 * distinct heading sizes, largest first, give levels 1-6.
 */
export class PdfHeadingRules {
  /** The font size most characters of the document use. */
  readonly bodySize: number;
  private readonly levels = new Map<number, number>();

  constructor(paragraphs: PdfParagraph[]) {
    const characters = new Map<number, number>();
    for (const paragraph of paragraphs) {
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
   * So is an appendix's title, at the top level.
   */
  levelOf(paragraph: PdfParagraph): number | undefined {
    if (this.looksLikeHeading(paragraph)) return this.levels.get(paragraph.size);
    return this.numberedLevel(paragraph);
  }

  private numberedLevel(paragraph: PdfParagraph): number | undefined {
    const [line, ...more] = paragraph.lines;
    if (!line || more.length > 0 || line.tabular || paragraph.bullet) return undefined;
    // Section headings may be a point smaller than the body (bold sans); footnotes are smaller.
    if (paragraph.size < this.bodySize * MIN_NUMBERED_RATIO) return undefined;
    const text = line.text;
    // An appendix's title is top-level; a section's level is its number's depth ("A.2" is 2).
    const level = APPENDIX_HEADING.test(text)
      ? 1
      : NUMBERED_HEADING.exec(text)?.[1]?.split('.').length;
    if (level === undefined || text.length > MAX_NUMBERED_CHARS) return undefined;
    // Contents entries are gone before headings are read (`withoutContentsEntries`).
    if (NOT_A_TITLE_ENDING.test(text) || NOT_TITLE_TEXT.test(text)) return undefined;
    if (text.split(/\s+/).length > MAX_NUMBERED_WORDS) return undefined;
    return Math.min(6, level);
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
