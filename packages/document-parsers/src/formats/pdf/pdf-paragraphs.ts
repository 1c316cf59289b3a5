import { type PdfLine } from './pdf-lines';

export interface PdfParagraph {
  lines: PdfLine[];
  size: number;
  /** The first line starts with a bullet glyph (removed from the line's text). */
  bullet: boolean;
}

/**
 * Bullet glyphs, and any character of U+F000–U+F0FF at a line's start: Symbol and Wingdings
 * fonts map their bullets there (SP 800-61 sets every bullet as U+F03C).
 */
const BULLET = /^[•●▪◦‣∙■□➢➤►▶✓✔\uf000-\uf0ff]\s*/u;
/** A baseline step above this share of the font size is more than single spacing. */
const FIRST_STEP_LIMIT = 1.6;
/** Later steps may exceed the paragraph's first step by this factor. */
const STEP_GROWTH_LIMIT = 1.3;

function sameSize(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.12 * Math.max(a, b);
}

/**
 * Groups a page's lines (in reading order) into paragraphs: a new one starts on a change of
 * direction or font size, a move up the page (a new column or box), a vertical gap wider than
 * the paragraph's line spacing, or a bullet.
 */
export function groupParagraphs(lines: PdfLine[]): PdfParagraph[] {
  const paragraphs: PdfParagraph[] = [];
  let current: PdfParagraph | undefined;
  let firstStep: number | undefined;
  for (const original of lines) {
    const bullet = BULLET.test(original.text);
    const line = bullet ? { ...original, text: original.text.replace(BULLET, '') } : original;
    if (line.text === '') continue;
    const previous = current?.lines[current.lines.length - 1];
    let continues = false;
    if (current && previous && !bullet) {
      const step = previous.across - line.across;
      const size = Math.max(previous.size, line.size);
      const sameBaseline = Math.abs(step) < 0.5 * size;
      const spacingOk =
        sameBaseline ||
        (step > 0 &&
          step <= FIRST_STEP_LIMIT * size &&
          (firstStep === undefined || step <= firstStep * STEP_GROWTH_LIMIT + 0.5));
      continues =
        Math.abs(line.angle - previous.angle) < 0.02 &&
        sameSize(line.size, current.size) &&
        spacingOk;
      if (continues && !sameBaseline && firstStep === undefined) firstStep = step;
    }
    if (continues && current) {
      current.lines.push(line);
    } else {
      current = { lines: [line], size: line.size, bullet };
      firstStep = undefined;
      paragraphs.push(current);
    }
  }
  return paragraphs;
}
