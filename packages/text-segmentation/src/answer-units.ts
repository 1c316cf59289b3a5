import type { ChunkLayout, LayoutBlock, LayoutBlockKind } from '@docent/document-model';
import { sentenceSpans } from './sentences';

/**
 * A candidate answer: a sentence of a paragraph, list item, quote or callout, a table row, or a
 * cell's sentence of a long row — as an answer quotes it, without markup.
 */
export interface AnswerUnit {
  /**
   * What an answer quotes: the sentence without list or task markers, quote marks or a
   * callout's label; a table row as "key: value" (with its columns' names when the table has a
   * header and more than two columns). Whitespace collapsed to single spaces.
   */
  text: string;
  /** [start, end) of its source in the chunk's text (UTF-16): what a highlight marks. */
  start: number;
  end: number;
  /**
   * Words that say what the unit is about without being in it: a callout's label (an expand
   * macro's question, a panel's title), the cells that name a long row, a table's column names.
   */
  context: string;
  kind: LayoutBlockKind;
  /** The unit's block in the chunk's layout: sentences of one block share it. */
  block: number;
  /** Ends with a colon: it introduces what follows (a list, a command). */
  leadIn: boolean;
  /**
   * The term (an option, a setting) whose description the sentence is part of: what a question
   * asking "which option…" wants named, so it may be quoted "term: sentence".
   */
  term?: string;
  /**
   * Where the term's label starts in the chunk's text when it opens the sentence's block right
   * before the sentence ("-S, --staged: Stash only…"): a highlight of "term: sentence" from there.
   */
  termStart?: number;
  /**
   * A cell of a table whose header names each column, quoted "key — Column: value": its row's
   * key, its column's name and its value, as fields (a key may hold " — ", a value ": ").
   */
  cell?: TableCell;
}

/** A cell of a table with named columns: "Wren — Port: 7301". */
export interface TableCell {
  /** The row's first cell: what the row is about ("Wren", "High"). */
  key: string;
  /** The cell's column name ("Port", "First reply"). */
  column: string;
  value: string;
}

/** The extractive answerer's word cap, which decides when a table row is quoted by its cells. */
export const DEFAULT_ANSWER_WORDS = 45;

/** Cells this short at the start of a long row name it (an id, a title). */
const ROW_KEY_CELL_WORDS = 6;
/** A cell holding a value, not a name: "n/a", "0 or 1", "yes", "12", "-". */
const BARE_VALUE =
  /^(?:n\/?a|none|yes|no|true|false|x|✓|✔|[-–—]|\d+(?:[.,]\d+)?(?:\s*(?:or|to|-|–)\s*\d+(?:[.,]\d+)?)?)$/i;
const LIST_ITEM_MARKER = /^[ \t]*(?:[-*+•◦▪‣]|\d{1,3}[.)]|[a-z][.)])(?:[ \t]+\[[ xX]\])?[ \t]+/;
const QUOTE_MARKER = /^[ \t]*> /;
const BULLET_GLYPH = /^[•◦▪‣●○■□➢►–]\s+/u;
const LEAD_IN_MAX_WORDS = 8;
const LEAD_IN_LIST_MAX_WORDS = 30;
/**
 * A list item longer than this is a statement of its own ("Policy engine (PE): This component
 * is responsible for…"), not a name or phrase the lead-in needs to say something.
 */
const LEAD_IN_ITEM_MAX_WORDS = 12;
/**
 * A list item pairing a key with what it does ("0 (default): show the suggested command.",
 * "positive number: run the suggested command after specified deciseconds"): its value is a
 * sentence (it ends with a full stop, or runs longer than a short value does), so the item says
 * something alone and is not joined under its lead-in. A key with a short value ("Free: 5 users",
 * "Owner: Dana") is one of the facts the lead-in's list gives ("The plans are:"), and is joined.
 */
const PAIRED_ITEM = /^[^:]{1,40}:\s+(\S.*)$/s;
const PAIRED_VALUE_MAX_WORDS = 5;

function isPairedStatement(item: string): boolean {
  const value = PAIRED_ITEM.exec(item)?.[1]?.trim();
  if (value === undefined) return false;
  return /[.!?]["')\]]?$/.test(value) || wordsIn(value) > PAIRED_VALUE_MAX_WORDS;
}

/**
 * The chunk's candidate answers in reading order. With the chunk's layout (every chunk indexed
 * by this version has one) the blocks say what is a list item, a table row and its header, a
 * callout's label, code; without it (an older index), the lines are read the same way from
 * their markers. Code is never a candidate; a table's header row names its columns. Ingestion
 * embeds these same units once, so an answer finds their vectors stored with the chunk.
 */
export function answerUnits(
  text: string,
  layout?: ChunkLayout,
  maxWords = DEFAULT_ANSWER_WORDS,
): AnswerUnit[] {
  const blocks = layout && layout.length > 0 ? layout : inferLayout(text);
  const units: AnswerUnit[] = [];
  const headers = new Map<number, string[]>();
  blocks.forEach((block, index) => {
    switch (block.kind) {
      case 'code':
        return;
      case 'table_row': {
        const cells = splitCells(text.slice(block.start, block.end));
        if (block.header) {
          headers.set(block.table ?? 0, cells);
          return;
        }
        units.push(...rowUnits(block, index, cells, headers.get(block.table ?? 0), maxWords));
        return;
      }
      default:
        if (isReferenceEntry(text.slice(block.start, block.end))) return;
        units.push(
          ...proseUnits(text, block, index).filter(
            (unit) =>
              !isPageList(unit.text) &&
              !PART_POINTER.test(unit.text) &&
              !DANGLING_CLAUSE.test(unit.text),
          ),
        );
    }
  });
  return joinLeadIns(units).filter((unit) => unit.text !== '');
}

/** "[RFC8447] ", "[2] ", "[M-19-19] ": a reference list's label. */
const REFERENCE_LABEL = /^\s*\[[^\]\s]{1,20}\]\s+\p{Lu}/u;
/** What an entry of a reference list holds besides its label (a prose citation does not). */
const REFERENCE_PARTS = [
  /^\s*\[[^\]]+\]\s+\p{Lu}[\p{L}'’-]+,(?: \p{Lu}\.)+/u, // "Salowey, J."
  /["“][^"”]{8,}[,.]?["”]/u, // a quoted title
  /\bDOI\b|<?https?:\/\//, // a DOI or a URL
  /\((?:19|20)\d{2}\)/, // "(2019)"
];

/**
 * An entry of a reference list ("[RFC8447] Salowey, J. and S. Turner, "IANA Registry Updates
 * for TLS and DTLS", RFC 8447, DOI …, August 2018, <https://…>."): it names a source, it states
 * nothing, and was quoted as the answer to questions its title shares words with. A sentence
 * that starts with a citation ("[RFC5705] defines keying material exporters…") is prose.
 */
function isReferenceEntry(blockText: string): boolean {
  if (!REFERENCE_LABEL.test(blockText)) return false;
  return REFERENCE_PARTS.some((part) => part.test(blockText));
}

/** A manual page's name with its section: "git-ls-files(1)", "gitignore(5)". */
const MANUAL_PAGE = /^[\p{L}\p{N}._+-]+\(\d\w*\)$/u;

/**
 * A bracketed pointer alone, left on its own line by a PDF: "(Section 3.3.1)", "(see Table 4)",
 * "(Sections 3.3.1, 3.3.4)". It names where something is said and says nothing itself.
 */
const PART_POINTER =
  /^\((?:see\s+)?(?:sections?|figures?|tables?|appendix|appendices|chapters?|pages?|pp?\.|§)\s*[\w.,\s–-]{1,30}\)\.?$/i;

/**
 * A condition with nothing after it: "If the state is SYN-SENT then", "If the SYN bit is on and
 * the security/compartment and precedence" (pseudo-code, or a sentence a page break cut), "If
 * you now run" before a command. It says what holds, never what follows from it.
 */
const DANGLING_CLAUSE =
  /^(?:if|when|unless|although|while|because|since|whereas|once|until)\b[^,;:.!?]*$/i;

/** A cell that may name its row: text, not a bare value. */
function isName(cell: string): boolean {
  return cell !== '' && !BARE_VALUE.test(cell);
}

function firstSentence(text: string): string {
  const span = sentenceSpans(text)[0];
  return span ? collapse(text.slice(span.start, span.end)) : text;
}

/**
 * A run of page names ("git-write-tree(1), git-ls-files(1), gitignore(5)": a "See also"
 * section): it points elsewhere and states nothing, yet holds the very words a question names.
 */
function isPageList(sentence: string): boolean {
  const items = sentence
    .replace(/[.;]$/, '')
    .split(/,\s*|\s+(?:and|or)\s+/)
    .filter((item) => item.trim() !== '');
  return items.length >= 2 && items.every((item) => MANUAL_PAGE.test(item.trim()));
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

/** Sentences of a prose block, each mapped back to where it stands in the chunk's text. */
function proseUnits(text: string, block: LayoutBlock, index: number): AnswerUnit[] {
  // The block's content without its markup, with each content character's chunk offset.
  let body = '';
  const offsets: number[] = [];
  let at = block.start;
  for (const [from, to] of [...(block.markup ?? []), [block.end, block.end] as [number, number]]) {
    for (let i = Math.max(at, block.start); i < Math.min(from, block.end); i++) {
      body += text[i];
      offsets.push(i);
    }
    at = Math.max(at, to);
  }
  const context = block.kind === 'callout' ? (block.label ?? '') : '';
  // The sentences of a term's description (an option's, a setting's) are about the term.
  const term = block.kind === 'callout' && block.term ? collapse(block.label ?? '') : '';
  const label = block.markup?.[0]?.[0] === block.start ? block.markup[0] : undefined;
  return sentenceSpans(body).map(({ start: from, end }) => {
    // A bullet glyph left in running text (a PDF's list, a pasted one) is markup too.
    const bullet = BULLET_GLYPH.exec(body.slice(from, end));
    const start = bullet ? from + bullet[0].length : from;
    const sentence = collapse(body.slice(start, end));
    return {
      text: sentence,
      start: offsets[start]!,
      end: offsets[end - 1]! + 1,
      context,
      kind: block.kind,
      block: index,
      leadIn: sentence.endsWith(':'),
      ...(term !== '' && { term }),
      ...(term !== '' && label && offsets[start] === label[1] && { termStart: label[0] }),
    };
  });
}

/**
 * A table row as an answer reads it: "key: value" for two columns; one "key — Column: value" a
 * cell when a header names more; a row too long to quote is read cell by cell, each cell's
 * sentences carrying the short cells that name the row.
 */
function rowUnits(
  block: LayoutBlock,
  index: number,
  cells: string[],
  header: string[] | undefined,
  maxWords: number,
): AnswerUnit[] {
  const filled = cells.map(collapse);
  const shape = { start: block.start, end: block.end, kind: block.kind, block: index };
  if (filled.filter(Boolean).length <= 1) {
    const only = filled.find(Boolean) ?? '';
    return [{ ...shape, text: only, context: header?.join(' ') ?? '', leadIn: only.endsWith(':') }];
  }
  if (wordsIn(filled.join(' ')) > maxWords) {
    const key: string[] = [];
    let i = 0;
    for (; i < filled.length && wordsIn(filled[i]!) <= ROW_KEY_CELL_WORDS; i++) {
      if (filled[i] !== '') key.push(filled[i]!);
    }
    // Leading cells that are values ("0 or 1", "n/a" of FedRAMP's cardinality columns) name no
    // row: the first sentence of the next cell, which does ("eAuth Level (OVERALL) The overall
    // electronic authentication level…"), joins the key its cells are read with.
    if (!key.some(isName) && filled[i]) key.push(firstSentence(filled[i]!));
    const rowKey = key.join(' ');
    return filled.slice(i).flatMap((cell, c) => {
      const column = header?.[i + c] ?? '';
      return sentenceSpans(cell).map(({ start, end }) => ({
        ...shape,
        text: collapse(cell.slice(start, end)),
        context: [rowKey, column].filter(Boolean).join(' '),
        leadIn: false,
      }));
    });
  }
  const [first = '', ...others] = filled;
  if (header && header.length === filled.length && filled.length > 2) {
    // A row under merged cells (a sheet's Function and Category cells span the rows of their
    // subcategories) starts empty: no cell names it, so each filled cell is a unit of its own,
    // its column's name as context — not the next cell joined on as if it said more about it
    // ("PR.IP-4: Backups… are tested periodically; · COBIT 5 APO13.01").
    if (first === '') {
      return filled.flatMap((cell, c) =>
        cell === ''
          ? []
          : [{ ...shape, text: cell, context: header[c] ?? '', leadIn: cell.endsWith(':') }],
      );
    }
    // A header naming each column of a wider table: one unit a cell, read "key — Column: value",
    // so a question about one column is answered with that cell, not the whole row. A first cell
    // that is a value ("n/a") names no row: the first sentence of the first cell that is not
    // one does ("eAuth Level (OVERALL) The overall…"), as the context its cells are read with.
    const name = isName(first) ? undefined : others.find(isName);
    const key = name === undefined ? first : firstSentence(name);
    const lead = name === undefined ? first : '';
    return others.flatMap((cell, c) => {
      if (cell === '') return [];
      const column = header[c + 1] ?? '';
      // "Billing — Port: 8431", "Billing: 8431", or, the row named in context, "Port: 8431".
      const label = [lead, column].filter(Boolean).join(' — ');
      return [
        {
          ...shape,
          text: label === '' ? cell : `${label}: ${cell}`,
          context: [header[0] ?? '', column, name === undefined ? '' : key]
            .filter(Boolean)
            .join(' '),
          leadIn: false,
          ...(column !== '' && { cell: { key, column, value: cell } }),
        },
      ];
    });
  }
  const values = others.filter(Boolean);
  const text =
    first === ''
      ? values.join('; ')
      : `${first}${/[:?]$/.test(first) ? ' ' : ': '}${values.join('; ')}`;
  return [{ ...shape, text, context: header?.join(' ') ?? '', leadIn: false }];
}

/**
 * A short lead-in ending in a colon ("Project co-leaders:") says what the list under it is, and
 * its items say nothing alone: they become one candidate, the items joined by semicolons, within
 * a word budget.
 */
function joinLeadIns(units: AnswerUnit[]): AnswerUnit[] {
  const out: AnswerUnit[] = [];
  for (let i = 0; i < units.length; i++) {
    let unit = units[i]!;
    if (unit.leadIn && wordsIn(unit.text) <= LEAD_IN_MAX_WORDS) {
      let words = wordsIn(unit.text);
      const items: AnswerUnit[] = [];
      let block = unit.block;
      while (i + 1 < units.length) {
        const next = units[i + 1]!;
        // One item each: the first sentence of each following list item.
        if (next.kind !== 'list_item' || next.block === block) break;
        if (wordsIn(next.text) > LEAD_IN_ITEM_MAX_WORDS || isPairedStatement(next.text)) break;
        if (words + wordsIn(next.text) > LEAD_IN_LIST_MAX_WORDS) break;
        items.push(next);
        words += wordsIn(next.text);
        block = next.block;
        i++;
      }
      // Alone ("The component descriptions:" before items that are statements of their own),
      // it states nothing: never an answer.
      if (items.length === 0) continue;
      unit = {
        ...unit,
        text: `${unit.text} ${items.map((item) => item.text.replace(/[.;]$/, '')).join('; ')}`,
        end: items.at(-1)!.end,
        leadIn: false,
      };
    }
    out.push(unit);
  }
  return out;
}

/**
 * A layout read from the text alone, for chunks indexed before chunks had one: list, task and
 * quote markers open blocks of their own, table rows (" | ") are rows, a line that reads like a
 * shell command is code; other lines run on as prose.
 */
function inferLayout(text: string): ChunkLayout {
  const blocks: ChunkLayout = [];
  let prose: LayoutBlock | undefined;
  let start = 0;
  for (const line of text.split('\n')) {
    const end = start + line.length;
    const block = lineBlock(line, start, end);
    if (block) {
      blocks.push(block);
      prose = undefined;
    } else if (line.trim() === '') {
      prose = undefined;
    } else if (prose) {
      prose.end = end;
    } else {
      prose = { kind: 'paragraph', start, end };
      blocks.push(prose);
    }
    start = end + 1;
  }
  return blocks;
}

function lineBlock(line: string, start: number, end: number): LayoutBlock | undefined {
  const list = LIST_ITEM_MARKER.exec(line);
  if (list) return { kind: 'list_item', start, end, markup: [[start, start + list[0].length]] };
  const quote = QUOTE_MARKER.exec(line);
  if (quote) return { kind: 'quote', start, end, markup: [[start, start + quote[0].length]] };
  if (line.includes(' | ')) return { kind: 'table_row', start, end };
  if (looksLikeCommand(line)) return { kind: 'code', start, end };
  return undefined;
}

/** "skylark deploy --env production", "sudo systemctl restart x && y", "$ git log -p". */
function looksLikeCommand(line: string): boolean {
  const trimmed = line.trim();
  if (/[.!?:]$/.test(trimmed) || !/^[\p{Ll}$./~]/u.test(trimmed)) return false;
  return /(?:^\$ |^sudo |^\.\/|\s--?[a-z][\w-]*|&&|\|\||[{};=]\s*$)/.test(trimmed);
}

function splitCells(row: string): string[] {
  return row.split(' | ');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function wordsIn(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
