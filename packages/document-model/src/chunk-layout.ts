/**
 * What a chunk's text is made of, block by block, so that whoever reads the chunk (the
 * extractive answerer, the UI) can tell content from markup without guessing it from the text:
 * a list marker, a task box, a panel's or expand macro's title, a quote mark, a table's header
 * row, a code block.
 */
export type LayoutBlockKind =
  'paragraph' | 'list_item' | 'table_row' | 'code' | 'quote' | 'callout';

export interface LayoutBlock {
  kind: LayoutBlockKind;
  /** [start, end) of the block in the chunk's text, in UTF-16 units. */
  start: number;
  end: number;
  /**
   * Ranges of [start, end) that are markup, not content: "- ", "1. ", "- [ ] ", "> ", a callout's
   * "Label: ". Sorted, not overlapping.
   */
  markup?: Array<[number, number]>;
  /** A callout's label: the panel's title, an expand macro's title, "Note", an emoji. */
  label?: string;
  /** A callout whose label is the term it describes (an option, a setting), not a title. */
  term?: boolean;
  /** Table rows: rows with the same number belong to one table of the chunk. */
  table?: number;
  /** Table rows: a header row (its cells name the columns). */
  header?: boolean;
}

export type ChunkLayout = LayoutBlock[];

const KIND_CODES: Record<LayoutBlockKind, string> = {
  paragraph: 'p',
  list_item: 'l',
  table_row: 't',
  code: 'c',
  quote: 'q',
  callout: 'n',
};
const KINDS_BY_CODE = new Map(
  Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as LayoutBlockKind]),
);
/** A callout describing a term: its own code, so layouts stored before it decode unchanged. */
const TERM_CODE = 'd';

type EncodedBlock = [code: string, start: number, end: number, markup?: number[], extra?: string];

/**
 * A compact string for storage beside the chunk (about 12 bytes a block): the index keeps it
 * opaque and returns it with hits.
 */
export function encodeChunkLayout(layout: ChunkLayout): string {
  const encoded: EncodedBlock[] = layout.map((block) => {
    const code = block.kind === 'callout' && block.term ? TERM_CODE : KIND_CODES[block.kind];
    const entry: EncodedBlock = [code, block.start, block.end];
    const markup = (block.markup ?? []).flat();
    const extra =
      block.kind === 'callout'
        ? (block.label ?? '')
        : block.kind === 'table_row'
          ? `${block.table ?? 0}${block.header ? 'h' : ''}`
          : '';
    if (markup.length > 0 || extra !== '') entry.push(markup);
    if (extra !== '') entry.push(extra);
    return entry;
  });
  return JSON.stringify(encoded);
}

/** The layout `encodeChunkLayout` wrote, or undefined for anything else (never throws). */
export function decodeChunkLayout(encoded: string | null | undefined): ChunkLayout | undefined {
  if (!encoded) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const layout: ChunkLayout = [];
  for (const entry of parsed) {
    if (!Array.isArray(entry)) return undefined;
    const [code, start, end, markup, extra] = entry as unknown[];
    const term = code === TERM_CODE;
    const kind = term ? 'callout' : typeof code === 'string' ? KINDS_BY_CODE.get(code) : undefined;
    if (!kind || typeof start !== 'number' || typeof end !== 'number' || end < start) {
      return undefined;
    }
    const block: LayoutBlock = { kind, start, end, ...(term && { term: true }) };
    if (Array.isArray(markup) && markup.length >= 2) {
      const ranges: Array<[number, number]> = [];
      for (let i = 0; i + 1 < markup.length; i += 2) {
        const [a, b] = [markup[i], markup[i + 1]];
        if (typeof a === 'number' && typeof b === 'number') ranges.push([a, b]);
      }
      block.markup = ranges;
    }
    if (typeof extra === 'string') {
      if (kind === 'callout' && extra !== '') block.label = extra;
      if (kind === 'table_row') {
        block.table = Number.parseInt(extra, 10) || 0;
        if (extra.endsWith('h')) block.header = true;
      }
    }
    layout.push(block);
  }
  return layout;
}
