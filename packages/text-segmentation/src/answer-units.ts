import { splitSentences } from './sentences';

/** A candidate answer: a sentence, or a cell's sentence of a long table row with the row's key. */
export interface AnswerUnit {
  /** Whitespace collapsed to single spaces. */
  text: string;
  /** The leading cells that name a long row ("AC-1 | ACCESS CONTROL POLICY"), else ''. */
  rowKey: string;
}

/** The extractive answerer's word cap, which decides when a table row is quoted by its cells. */
export const DEFAULT_ANSWER_WORDS = 45;

/**
 * The passage's sentences as an extractive answer quotes them. A table row too long to quote
 * whole (a spreadsheet row of a control catalogue, a registry entry) is cut into its cells'
 * sentences instead, each carrying the short cells that open the row as its context, so the
 * answer quotes the cell that holds it. Ingestion embeds these same units once, so an answer
 * finds their vectors stored with the chunk.
 */
export function answerUnits(text: string, maxWords = DEFAULT_ANSWER_WORDS): AnswerUnit[] {
  const units: AnswerUnit[] = [];
  let prose: string[] = [];
  const flushProse = () => {
    if (prose.length === 0) return;
    units.push(
      ...joinLeadIns(splitSentences(prose.join('\n'))).map((t) => ({ text: t, rowKey: '' })),
    );
    prose = [];
  };
  for (const line of text.split('\n')) {
    const cells = line.split(' | ');
    if (cells.length < 2 || wordsIn(line) <= maxWords) {
      prose.push(line);
      continue;
    }
    flushProse();
    const key: string[] = [];
    let i = 0;
    for (; i < cells.length && wordsIn(cells[i]!) <= ROW_KEY_CELL_WORDS; i++) {
      if (cells[i]!.trim() !== '') key.push(cells[i]!.trim());
    }
    const rowKey = key.join(' | ');
    for (const cell of cells.slice(i)) {
      for (const sentence of splitSentences(cell)) units.push({ text: sentence, rowKey });
    }
  }
  flushProse();
  return units.map((unit) => ({ ...unit, text: unit.text.replace(/\s+/g, ' ').trim() }));
}

/**
 * A 32-bit FNV-1a hash of a unit's text: what a stored sentence vector is filed under, so an
 * answer uses it only for the very text it was computed from.
 */
export function answerUnitKey(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Cells this short at the start of a long row name it (an id, a title). */
const ROW_KEY_CELL_WORDS = 6;

const LIST_ITEM = /^\s*(?:[-*•]|\d{1,3}[.)])\s+/;
const LEAD_IN_MAX_WORDS = 30;

/**
 * A short lead-in ending in a colon ("Project co-leaders:") says what the list under it is, and
 * its items say nothing alone: keep them together as one candidate, within a word budget.
 */
function joinLeadIns(sentences: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    let text = sentences[i]!;
    if (text.trimEnd().endsWith(':') && wordsIn(text) <= 8) {
      let words = wordsIn(text);
      while (i + 1 < sentences.length && LIST_ITEM.test(sentences[i + 1]!)) {
        const next = sentences[i + 1]!;
        if (words + wordsIn(next) > LEAD_IN_MAX_WORDS) break;
        text = `${text} ${next}`;
        words += wordsIn(next);
        i++;
      }
    }
    out.push(text);
  }
  return out;
}

function wordsIn(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
