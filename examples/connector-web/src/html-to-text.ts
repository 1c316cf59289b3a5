import type { Block } from '@docent/connector-sdk';

/** A page as the connector keeps it: its title, its text as blocks, the links it holds. */
export interface PageText {
  title: string | undefined;
  blocks: Block[];
  /** `href`s as written (relative or absolute), in order. */
  links: string[];
  /** `<meta name="robots" content="noindex">` or `nofollow`. */
  noindex: boolean;
  nofollow: boolean;
}

const SKIPPED = /<(script|style|noscript|template|svg|iframe|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'br',
  'hr',
  'ul',
  'ol',
  'table',
  'tbody',
  'thead',
  'form',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
]);
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  euro: '€',
  middot: '·',
  bull: '•',
};

/**
 * HTML to blocks, headings kept as headings: `h1`-`h6`, paragraphs, list items, table rows,
 * preformatted code and quotes. Scripts, styles and the head are dropped. A small tokenizer
 * rather than a DOM: pages are read once, and malformed markup degrades to text.
 */
export function htmlToText(html: string): PageText {
  const title = decode(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1] ?? '').trim();
  const robots = /<meta\b[^>]*name\s*=\s*["']?robots["']?[^>]*>/i.exec(html)?.[0] ?? '';
  const links: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const href = decode(match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (href !== '') links.push(href);
  }
  const body = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<![^>]*>|<\?[^>]*>/g, '')
    .replace(SKIPPED, ' ');
  const writer = new BlockWriter();
  const tags = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|([^<]+)/g;
  let preDepth = 0;
  for (const [, closing, rawName, text] of body.matchAll(tags)) {
    if (text !== undefined) {
      writer.text(decode(text), preDepth > 0);
      continue;
    }
    const name = rawName!.toLowerCase();
    const heading = /^h([1-6])$/.exec(name);
    if (heading) {
      if (closing) writer.end();
      else writer.start({ kind: 'heading', level: Number(heading[1]) });
    } else if (name === 'li') {
      if (closing) writer.end();
      else writer.start({ kind: 'list_item' });
    } else if (name === 'pre') {
      preDepth += closing ? -1 : 1;
      if (closing) writer.end();
      else writer.start({ kind: 'code' });
    } else if (name === 'blockquote') {
      if (closing) writer.end();
      else writer.start({ kind: 'quote' });
    } else if (name === 'tr') {
      if (closing) writer.endRow();
      else writer.startRow();
    } else if (name === 'td' || name === 'th') {
      if (closing) writer.endCell();
      else writer.startCell(name === 'th');
    } else if (BLOCK_TAGS.has(name)) {
      writer.end();
    }
  }
  writer.end();
  return {
    title: title === '' ? undefined : title,
    blocks: writer.blocks,
    links,
    noindex: /noindex|none/i.test(robots),
    nofollow: /nofollow|none/i.test(robots),
  };
}

type Open = { kind: 'heading'; level: number } | { kind: 'list_item' | 'code' | 'quote' };

class BlockWriter {
  readonly blocks: Block[] = [];
  private open: Open | undefined;
  private buffer = '';
  private row: { cells: string[]; header: boolean } | undefined;
  private cell: string | undefined;

  start(open: Open): void {
    this.end();
    this.open = open;
  }

  text(value: string, preformatted: boolean): void {
    if (this.cell !== undefined) this.cell += value;
    else this.buffer += preformatted ? value : value.replace(/\s+/g, ' ');
  }

  end(): void {
    const open = this.open ?? { kind: 'paragraph' as const };
    const text = open.kind === 'code' ? this.buffer.replace(/^\n+|\s+$/g, '') : clean(this.buffer);
    this.buffer = '';
    this.open = undefined;
    if (text === '') return;
    if (open.kind === 'heading') this.blocks.push({ kind: 'heading', level: open.level, text });
    else if (open.kind === 'list_item') this.blocks.push({ kind: 'list_item', text, depth: 0 });
    else if (open.kind === 'code') this.blocks.push({ kind: 'code', text });
    else if (open.kind === 'quote') this.blocks.push({ kind: 'quote', text });
    else this.blocks.push({ kind: 'paragraph', text });
  }

  startRow(): void {
    this.end();
    this.row = { cells: [], header: false };
  }

  startCell(header: boolean): void {
    this.row ??= { cells: [], header: false };
    if (header) this.row.header = true;
    this.cell = '';
  }

  endCell(): void {
    if (this.cell === undefined || !this.row) return;
    this.row.cells.push(clean(this.cell));
    this.cell = undefined;
  }

  endRow(): void {
    this.endCell();
    const row = this.row;
    this.row = undefined;
    if (row && row.cells.some((c) => c !== '')) {
      this.blocks.push({
        kind: 'table_row',
        cells: row.cells,
        ...(row.header ? { header: true } : {}),
      });
    }
  }
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}
