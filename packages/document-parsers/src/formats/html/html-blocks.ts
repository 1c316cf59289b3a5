import {
  appendCallout,
  type Block,
  type BlockSink,
  type CalloutBlock,
  isAllCode,
  isTermTitle,
  tableGrid,
  withoutPermalinkMark,
} from '@docent/document-model';
import { isTag, isText, type AnyNode, type Element, type ParentNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { collapseWhitespace } from '../../blocks/block-text';
import { BLOCK_BOUNDARIES, isSkipped } from './html-content-rules';

const HEADING = /^h([1-6])$/;

type ListItem = Extract<Block, { kind: 'list_item' }>;

/** Text of inline content: whitespace collapsed, `<br>` kept as a line break. */
function inlineText(node: AnyNode): string {
  const parts: string[] = [];
  const visit = (current: AnyNode): void => {
    if (isText(current)) parts.push(current.data);
    else if (isTag(current)) {
      if (isSkipped(current)) return;
      if (current.name === 'br') parts.push('\n');
      else if (current.name === 'img' && current.attribs.alt)
        parts.push(` ${current.attribs.alt} `);
      else {
        const block = BLOCK_BOUNDARIES.has(current.name) || current.name === 'li';
        if (block) parts.push('\n');
        current.children.forEach(visit);
        if (block) parts.push('\n');
      }
    }
  };
  visit(node);
  return tidyInline(parts.join(''));
}

function tidyInline(text: string): string {
  return text
    .split('\n')
    .map((line) => collapseWhitespace(line))
    .filter((line) => line !== '')
    .join('\n');
}

function codeLanguage(pre: Element): string | undefined {
  const code = pre.children.find(
    (child): child is Element => isTag(child) && child.name === 'code',
  );
  const classes = `${pre.attribs.class ?? ''} ${code?.attribs.class ?? ''}`;
  return /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(classes)?.[1];
}

function rawText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (isTag(node)) return node.name === 'br' ? '\n' : node.children.map(rawText).join('');
  return '';
}

/** Rows of a table, not those of tables nested in its cells. */
function tableRows(table: Element): Element[] {
  const rows: Element[] = [];
  const visit = (node: ParentNode): void => {
    for (const child of node.children) {
      if (!isTag(child)) continue;
      if (child.name === 'tr') rows.push(child);
      else if (['thead', 'tbody', 'tfoot'].includes(child.name)) visit(child);
    }
  };
  visit(table);
  return rows;
}

/** A bold line standing in for a heading sits below every real heading. */
const BOLD_TITLE_LEVEL = 6;
const BOLD_TITLE_MAX_WORDS = 12;

/**
 * A paragraph that is nothing but bold text, short and without a sentence's closing mark: how
 * authors title a section or an option without a heading, so it is read as one and the text
 * under it belongs to it. A bold sentence stays a paragraph.
 */
function boldTitle(paragraph: Element): string | undefined {
  const parts = paragraph.children.filter((child) => !(isText(child) && child.data.trim() === ''));
  if (parts.length === 0) return undefined;
  if (!parts.every((child) => isTag(child) && (child.name === 'strong' || child.name === 'b'))) {
    return undefined;
  }
  const text = withoutPermalinkMark(collapseWhitespace(inlineText(paragraph))).replace(/:\s*$/, '');
  if (text === '' || /[.!?]["')\]]?$/.test(text)) return undefined;
  return text.split(/\s+/).length <= BOLD_TITLE_MAX_WORDS ? text : undefined;
}

/** Walks an HTML tree into blocks, gathering loose inline text into paragraphs. */
class HtmlBlockWriter {
  readonly blocks: Block[] = [];
  private readonly sink: BlockSink = {
    blocks: this.blocks,
    push: (block) => this.blocks.push(block),
  };
  private inline = '';
  /** A term just written as a title: the paragraphs under it, up to a heading, describe it. */
  private described: { term: string; block?: CalloutBlock } | undefined;

  walk(node: AnyNode, listDepth: number): void {
    if (isText(node)) {
      this.inline += node.data;
      return;
    }
    if (!isTag(node)) {
      if ('children' in node) for (const child of node.children) this.walk(child, listDepth);
      return;
    }
    if (isSkipped(node)) return;
    const heading = HEADING.exec(node.name);
    if (heading) {
      this.flush();
      const text = withoutPermalinkMark(collapseWhitespace(inlineText(node)));
      if (text) {
        this.described = undefined;
        this.blocks.push({ kind: 'heading', level: Number(heading[1]), text });
      }
      return;
    }
    switch (node.name) {
      case 'br':
        this.inline += '\n';
        return;
      case 'ul':
      case 'ol':
      case 'menu':
        this.flush();
        this.list(node, listDepth);
        return;
      case 'table':
        this.flush();
        this.table(node);
        return;
      case 'dl':
        this.flush();
        this.definitionList(node, listDepth);
        return;
      case 'pre': {
        this.flush();
        const text = rawText(node).replace(/^\n/, '').replace(/\s+$/, '');
        const language = codeLanguage(node);
        if (text.trim())
          this.blocks.push(language ? { kind: 'code', text, language } : { kind: 'code', text });
        return;
      }
      case 'blockquote': {
        this.flush();
        const inner = new HtmlBlockWriter();
        for (const child of node.children) inner.walk(child, 0);
        inner.flush();
        const text = inner.blocks
          .map(blockText)
          .filter((t) => t !== '')
          .join('\n');
        if (text) this.blocks.push({ kind: 'quote', text });
        return;
      }
      case 'img':
        return;
    }
    if (node.name === 'p') {
      const title = boldTitle(node);
      if (title !== undefined) {
        this.flush();
        this.blocks.push({ kind: 'heading', level: BOLD_TITLE_LEVEL, text: title });
        // An option's or a setting's name: the paragraphs under it are its description.
        this.described = isTermTitle(title, isAllCode(node.children)) ? { term: title } : undefined;
        return;
      }
    }
    const boundary = BLOCK_BOUNDARIES.has(node.name) || node.name === 'li';
    if (boundary) this.flush();
    for (const child of node.children) this.walk(child, listDepth);
    if (boundary) this.flush();
  }

  flush(): void {
    const text = tidyInline(this.inline);
    this.inline = '';
    if (!text) return;
    const described = this.described;
    if (described === undefined) this.blocks.push({ kind: 'paragraph', text });
    else
      described.block = appendCallout(this.sink, described.block, {
        label: described.term,
        text,
        term: true,
      });
  }

  private list(list: Element, depth: number): void {
    const ordered = list.name === 'ol';
    for (const item of list.children) {
      if (!isTag(item) || isSkipped(item)) continue;
      if (item.name !== 'li') {
        this.walk(item, depth);
        continue;
      }
      const nested: Element[] = [];
      const ownParts = item.children.filter((child) => {
        if (isTag(child) && ['ul', 'ol', 'menu'].includes(child.name)) {
          nested.push(child);
          return false;
        }
        return true;
      });
      const checkbox = item.children
        .flatMap((child) => (isTag(child) ? [child, ...child.children] : []))
        .find(
          (child): child is Element =>
            isTag(child) && child.name === 'input' && child.attribs.type === 'checkbox',
        );
      const text = tidyInline(ownParts.map(inlineText).join(' '));
      if (text) {
        const block: ListItem = { kind: 'list_item', text, depth, ordered };
        if (checkbox) block.checked = 'checked' in checkbox.attribs;
        this.blocks.push(block);
      }
      for (const sublist of nested) this.list(sublist, depth + 1);
    }
  }

  /**
   * A definition list (a manual's options, settings, glossary): each description's running text
   * becomes term callouts labelled with its term (consecutive paragraphs in one), as a panel is with its title, so "The default is
   * 128MB" stays about "shared_buffers (integer)"; its lists, tables and code stay what they are.
   */
  private definitionList(list: Element, depth: number): void {
    let terms: string[] = [];
    const flushTerms = () => {
      for (const text of terms) this.blocks.push({ kind: 'paragraph', text });
      terms = [];
    };
    for (const child of list.children) {
      if (!isTag(child) || isSkipped(child)) continue;
      if (child.name === 'dt') {
        const term = withoutPermalinkMark(collapseWhitespace(inlineText(child)));
        if (term) terms.push(term);
        continue;
      }
      if (child.name !== 'dd') {
        flushTerms();
        this.walk(child, depth);
        this.flush();
        continue;
      }
      const label = terms.join(', ');
      terms = [];
      const inner = new HtmlBlockWriter();
      for (const part of child.children) inner.walk(part, depth);
      inner.flush();
      if (label === '') {
        this.blocks.push(...inner.blocks);
        continue;
      }
      if (inner.blocks[0]?.kind !== 'paragraph') this.blocks.push({ kind: 'callout', text: label });
      let open: CalloutBlock | undefined;
      for (const block of inner.blocks) {
        if (block.kind === 'paragraph')
          open = appendCallout(this.sink, open, { label, text: block.text, term: true });
        else this.blocks.push(block);
      }
    }
    flushTerms();
  }

  private table(table: Element): void {
    const caption = table.children.find(
      (child): child is Element => isTag(child) && child.name === 'caption',
    );
    const captionText = caption ? collapseWhitespace(inlineText(caption)) : '';
    if (captionText) this.blocks.push({ kind: 'paragraph', text: captionText });
    const rows = tableRows(table).map((row) => ({
      cells: row.children
        .filter(
          (child): child is Element => isTag(child) && (child.name === 'td' || child.name === 'th'),
        )
        .map((cell) => ({
          text: collapseWhitespace(inlineText(cell)),
          heading: cell.name === 'th',
          colspan: cell.attribs['colspan'],
          rowspan: cell.attribs['rowspan'],
        })),
      inHead: row.parent !== null && isTag(row.parent) && row.parent.name === 'thead',
    }));
    for (const { cells, header } of tableGrid(rows)) {
      this.blocks.push(
        header ? { kind: 'table_row', cells, header } : { kind: 'table_row', cells },
      );
    }
  }
}

function blockText(block: Block): string {
  return block.kind === 'table_row' ? block.cells.join(' | ') : block.text;
}

function findFirst(node: ParentNode, name: string): Element | undefined {
  for (const child of node.children) {
    if (!isTag(child)) continue;
    if (child.name === name) return child;
    const found = findFirst(child, name);
    if (found) return found;
  }
  return undefined;
}

/**
 * HTML → blocks. The content root is `<main>` when the page has one, else `<body>`; scripts,
 * styles, navigation, footers, asides, hidden elements and the page header are dropped; the
 * `<title>` is not a block (the caller has the file name).
 */
export function htmlToBlocks(html: string, options: { wholeFragment?: boolean } = {}): Block[] {
  const document = parseDocument(html, { decodeEntities: true });
  const root = options.wholeFragment
    ? document
    : (findFirst(document, 'main') ?? findFirst(document, 'body') ?? document);
  const writer = new HtmlBlockWriter();
  writer.walk(root, 0);
  writer.flush();
  return writer.blocks;
}
