import { type PdfTextItem } from './pdfjs-api';

/** One line of text on a page, in the line's own reading direction. */
export interface PdfLine {
  text: string;
  /** Baseline angle in radians (0 for ordinary horizontal text). */
  angle: number;
  /** Position across the reading direction: the baseline's height for horizontal text. */
  across: number;
  /** Start and end along the reading direction. */
  start: number;
  end: number;
  /** Font size that covers most of the line's characters. */
  size: number;
  /** Words set apart by wide gaps or runs of spaces, as in tables and diagrams. */
  tabular: boolean;
}

interface Placed {
  text: string;
  angle: number;
  across: number;
  start: number;
  end: number;
  size: number;
  hasEOL: boolean;
}

const ANGLE_TOLERANCE = 0.02;
/** A gap wider than this share of the font size is a word space the PDF did not draw. */
const SPACE_GAP = 0.18;
/** A gap wider than this many font sizes separates columns rather than words. */
const COLUMN_GAP = 2;
/** A footnote mark is set at most this share of the line's font size… */
const NOTE_SIZE = 0.85;
/** …and its baseline at least this share of it above the line's. */
const NOTE_RAISE = 0.2;
const SPACE_RUN = /\S {3,}\S/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]/g;

function place(item: PdfTextItem): Placed {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const angle = Math.atan2(b, a);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const size = Math.hypot(c, d) || item.height || Math.hypot(a, b);
  const start = e * cos + f * sin;
  return {
    text: item.str.replace(CONTROL_CHARACTERS, ''),
    angle,
    across: -e * sin + f * cos,
    start,
    end: start + item.width,
    size,
    hasEOL: item.hasEOL,
  };
}

/**
 * `text` (set as `mark`) is one to three digits set smaller than `base` and raised above its
 * baseline: how a footnote's number looks, whether it marks a word or labels the note.
 */
function smallRaisedDigits(text: string, mark: Placed, base: Placed): boolean {
  return (
    /^\s*\d{1,3}\s*$/.test(text) &&
    mark.size < NOTE_SIZE * base.size &&
    mark.across - base.across > NOTE_RAISE * base.size
  );
}

class LineBuilder {
  private readonly sizes = new Map<number, number>();
  text = '';
  end: number;
  private tabular = false;
  private first: Placed;

  constructor(first: Placed) {
    this.first = first;
    this.end = first.start;
    this.append(first);
  }

  accepts(item: Placed): boolean {
    const size = Math.max(item.size, this.first.size);
    return (
      Math.abs(item.angle - this.first.angle) < ANGLE_TOLERANCE &&
      Math.abs(item.across - this.first.across) < 0.5 * size &&
      item.start > this.end - 0.5 * size
    );
  }

  append(item: Placed): void {
    if (item.text === '') return;
    if (this.isLeadingNoteMarker(item)) {
      // The line is a footnote: its number is the note's label, not the start of its sentence
      // ("45 General Records Schedule…" was quoted with its 45). The line starts over at its text.
      this.first = item;
      this.text = '';
      this.sizes.clear();
      this.end = item.start;
    }
    if (this.isNoteMarker(item)) {
      // What follows the mark is spaced from it, as from the word it marks.
      this.end = Math.max(this.end, item.end);
      return;
    }
    const gap = item.start - this.end;
    if (this.text.trim() !== '' && gap > COLUMN_GAP * item.size) this.tabular = true;
    if (SPACE_RUN.test(item.text)) this.tabular = true;
    const spaced = /\s$/.test(this.text) || /^\s/.test(item.text);
    if (this.text !== '' && !spaced && gap > SPACE_GAP * item.size) this.text += ' ';
    this.text += item.text;
    this.end = Math.max(this.end, item.end);
    const rounded = Math.round(item.size * 2) / 2;
    this.sizes.set(rounded, (this.sizes.get(rounded) ?? 0) + item.text.trim().length);
  }

  /**
   * A footnote reference: one to three digits set smaller and above the baseline right after a
   * word or its punctuation ("internet users.⁵"). It is a mark, not text: kept, it glues to the
   * sentence ("users.5 It is…") and hides where the sentence ends.
   */
  private isNoteMarker(item: Placed): boolean {
    return (
      smallRaisedDigits(item.text, item, this.first) &&
      /[\p{L}.,;:)\]”"'’]$/u.test(this.text) &&
      item.start - this.end < SPACE_GAP * this.first.size
    );
  }

  /**
   * The line so far is only one to three digits set smaller and above the baseline of `item`,
   * which is text: a footnote's number before the note.
   */
  private isLeadingNoteMarker(item: Placed): boolean {
    return (
      smallRaisedDigits(this.text, this.first, item) &&
      /^\s*\p{L}/u.test(item.text) &&
      item.start - this.end < COLUMN_GAP * item.size
    );
  }

  toLine(): PdfLine {
    let size = this.first.size;
    let most = -1;
    for (const [candidate, count] of this.sizes) {
      if (count > most) {
        most = count;
        size = candidate;
      }
    }
    return {
      text: this.text.replace(/\s+/g, ' ').trim(),
      angle: this.first.angle,
      across: this.first.across,
      start: this.first.start,
      end: this.end,
      size,
      tabular: this.tabular || SPACE_RUN.test(this.text.trim()),
    };
  }
}

/**
 * Rebuilds lines from pdf.js text items in content order: an item continues the current line
 * when it sits on the same baseline, a little before or anywhere after its end, and the
 * previous item did not end a line (`hasEOL`).
 */
export function buildLines(items: PdfTextItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let current: LineBuilder | undefined;
  let endedLine = false;
  const finish = (): void => {
    const line = current?.toLine();
    if (line && line.text !== '') lines.push(line);
    current = undefined;
  };
  for (const item of items) {
    const placed = place(item);
    if (placed.text.trim() === '' && !current) {
      endedLine = placed.hasEOL;
      continue;
    }
    if (current && !endedLine && current.accepts(placed)) current.append(placed);
    else if (placed.text.trim() !== '') {
      finish();
      current = new LineBuilder(placed);
    }
    endedLine = placed.hasEOL;
  }
  finish();
  return lines;
}
