import { type Block, type LayoutBlockKind } from '@docent/document-model';

/** Text with the ranges of it that are markup (list markers, quote marks, a callout's label). */
export interface MarkedText {
  text: string;
  markup: Array<[number, number]>;
}

/** A non-heading block turned into text, plus what splitting and packing need to know. */
export type RenderedBlock =
  | {
      kind: 'prose';
      /** Which block it was: a chunk's layout says so, so readers need not guess from markers. */
      blockKind: Exclude<LayoutBlockKind, 'table_row' | 'code'>;
      /** A callout's label. */
      label?: string;
      /** The label is the term the callout describes (an option, a setting), not a title. */
      term?: boolean;
      /** The block's own text, without list markers, quote marks or labels. */
      body: string;
      /** Adds the markers back to a part of `body` (`first`: the part that opens the block). */
      decorate(part: string, first: boolean): MarkedText;
    }
  | { kind: 'code'; body: string }
  | { kind: 'table_row'; body: string; tableId: number; header: boolean };

export type HeadingOrRendered =
  { kind: 'heading'; level: number; title: string } | { kind: 'rendered'; block: RenderedBlock };

const INDENT = '  ';

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const QUOTE_MARK = '> ';

function quoteLines(text: string): MarkedText {
  const quoted = text
    .split('\n')
    .map((line) => `${QUOTE_MARK}${line}`)
    .join('\n');
  return { text: quoted, markup: quoteMarkup(quoted) };
}

/** The quote marks of a part of a rendered quote (each line opens with one). */
export function quoteMarkup(text: string): Array<[number, number]> {
  const markup: Array<[number, number]> = [];
  for (const match of text.matchAll(/(?:^|\n)(> )/g)) {
    const start = match.index + match[0].length - QUOTE_MARK.length;
    markup.push([start, start + QUOTE_MARK.length]);
  }
  return markup;
}

/** Code keeps its indentation; only blank lines around it go. */
function trimBlankLines(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '');
}

function prose(
  blockKind: Extract<RenderedBlock, { kind: 'prose' }>['blockKind'],
  body: string,
  firstPrefix: string,
  options: { label?: string; term?: boolean; quote?: boolean } = {},
): RenderedBlock {
  return {
    kind: 'prose',
    blockKind,
    ...(options.label !== undefined && { label: options.label }),
    ...(options.term && { term: true }),
    body,
    decorate: (part, first) => {
      if (options.quote) return quoteLines(part);
      const prefix = first ? firstPrefix : '';
      return { text: prefix + part, markup: prefix === '' ? [] : [[0, prefix.length]] };
    },
  };
}

/** Index just past the run of consecutive list items that starts at `start`. */
function listRunEnd(blocks: readonly Block[], start: number): number {
  let end = start;
  while (blocks[end]?.kind === 'list_item') end += 1;
  return end;
}

/**
 * Renders a page's blocks in order, keeping headings apart. List numbering and indentation
 * follow runs of consecutive list items; indentation is relative to the run's shallowest item,
 * so producers may count depth from 0 or from 1. Consecutive table rows form one table.
 * Blank blocks are dropped.
 */
export function renderBlocks(blocks: readonly Block[]): HeadingOrRendered[] {
  const out: HeadingOrRendered[] = [];
  let tableId = 0;
  let previousKind: Block['kind'] | undefined;
  let listBaseDepth = 0;
  let listCounters: number[] = [];

  blocks.forEach((block, index) => {
    if (block.kind === 'list_item' && previousKind !== 'list_item') {
      listBaseDepth = blocks
        .slice(index, listRunEnd(blocks, index))
        .reduce(
          (min, item) => (item.kind === 'list_item' ? Math.min(min, item.depth) : min),
          Infinity,
        );
      listCounters = [];
    }
    if (block.kind === 'table_row' && previousKind !== 'table_row') tableId += 1;
    previousKind = block.kind;

    switch (block.kind) {
      case 'heading': {
        const title = collapseSpaces(block.text);
        if (title !== '') out.push({ kind: 'heading', level: block.level, title });
        return;
      }
      case 'paragraph': {
        const body = block.text.trim();
        if (body !== '') out.push({ kind: 'rendered', block: prose('paragraph', body, '') });
        return;
      }
      case 'list_item': {
        const body = block.text.trim();
        if (body === '') return;
        const depth = Math.max(0, block.depth - listBaseDepth);
        listCounters = listCounters.slice(0, depth + 1);
        let marker = '-';
        if (block.ordered) {
          const number = (listCounters[depth] ?? 0) + 1;
          listCounters[depth] = number;
          marker = `${number}.`;
        } else {
          listCounters[depth] = 0;
        }
        const checkbox = block.checked === undefined ? '' : block.checked ? ' [x]' : ' [ ]';
        const prefix = `${INDENT.repeat(depth)}${marker}${checkbox} `;
        out.push({ kind: 'rendered', block: prose('list_item', body, prefix) });
        return;
      }
      case 'table_row': {
        const cells = block.cells.map(collapseSpaces);
        if (cells.every((cell) => cell === '')) return;
        out.push({
          kind: 'rendered',
          block: { kind: 'table_row', body: cells.join(' | '), tableId, header: !!block.header },
        });
        return;
      }
      case 'code': {
        const body = trimBlankLines(block.text);
        if (body.trim() !== '') out.push({ kind: 'rendered', block: { kind: 'code', body } });
        return;
      }
      case 'quote': {
        const body = block.text.trim();
        if (body !== '') {
          out.push({ kind: 'rendered', block: prose('quote', body, '', { quote: true }) });
        }
        return;
      }
      case 'callout': {
        const body = block.text.trim();
        const label = block.label?.trim();
        if (body !== '') {
          out.push({
            kind: 'rendered',
            block: prose(
              'callout',
              body,
              label ? `${label}: ` : '',
              label ? { label, ...(block.term && { term: true }) } : {},
            ),
          });
        }
        return;
      }
    }
  });
  return out;
}
