import type { Block } from '@docent/connector-sdk';
import type { BlockNode } from './block-tree';
import { isObject, type JsonObject, plainText } from './notion-objects';

/** Finds a page or database title without a request; undefined when not known yet. */
export type TitleLookup = (id: string) => string | undefined;

interface Nesting {
  /** List depth: list items, to-dos and toggles indent what they hold. */
  depth: number;
  /** Inside a callout, running text keeps the callout's label. */
  calloutLabel?: string;
}

const LIST_TYPES: Record<string, { ordered?: boolean }> = {
  bulleted_list_item: {},
  numbered_list_item: { ordered: true },
  toggle: {},
};

const HEADING_LEVELS: Record<string, number> = {
  heading_1: 1,
  heading_2: 2,
  heading_3: 3,
  heading_4: 4,
};

/** Blocks without text: layout and navigation, or what the API cannot show. */
const SKIPPED_TYPES = new Set(['divider', 'breadcrumb', 'table_of_contents', 'unsupported']);

const MEDIA_TYPES = new Set(['image', 'file', 'pdf', 'video', 'audio']);
const URL_TYPES = new Set(['bookmark', 'embed', 'link_preview']);

/**
 * A page's block tree as document blocks, in reading order. Headings keep their level, list
 * items their depth (toggles count as list items, their content one level deeper), tables one
 * row per table_row; containers (columns, synced blocks) are transparent.
 */
export function renderBlockTree(nodes: readonly BlockNode[], titles: TitleLookup): Block[] {
  const out: Block[] = [];
  for (const node of nodes) renderNode(node, { depth: 0 }, titles, out);
  return out;
}

function renderNode(node: BlockNode, nesting: Nesting, titles: TitleLookup, out: Block[]): void {
  const { block, children } = node;
  const { payload } = block;
  const text = plainText(payload.rich_text).trim();
  const renderChildren = (inner: Nesting) => {
    for (const child of children) renderNode(child, inner, titles, out);
  };
  const deeper: Nesting = { ...nesting, depth: nesting.depth + 1 };

  const headingLevel = HEADING_LEVELS[block.type];
  if (headingLevel !== undefined) {
    if (text !== '') out.push({ kind: 'heading', level: headingLevel, text });
    // A toggleable heading holds its section.
    renderChildren(nesting);
    return;
  }
  const list = LIST_TYPES[block.type];
  if (list !== undefined) {
    if (text !== '') out.push({ kind: 'list_item', text, depth: nesting.depth, ...list });
    renderChildren(deeper);
    return;
  }

  switch (block.type) {
    case 'paragraph':
    case 'template':
      pushText(out, text, nesting);
      renderChildren(deeper);
      return;
    case 'to_do':
      if (text !== '') {
        out.push({
          kind: 'list_item',
          text,
          depth: nesting.depth,
          checked: payload.checked === true,
        });
      }
      renderChildren(deeper);
      return;
    case 'quote':
      if (text !== '') out.push({ kind: 'quote', text });
      renderChildren(deeper);
      return;
    case 'callout': {
      const label = calloutLabel(payload);
      if (text !== '') out.push({ kind: 'callout', label, text });
      renderChildren({ ...nesting, calloutLabel: label });
      return;
    }
    case 'code': {
      const code = plainText(payload.rich_text);
      const language = typeof payload.language === 'string' ? payload.language : undefined;
      if (code.trim() !== '') {
        out.push({ kind: 'code', text: code, ...(language ? { language } : {}) });
      }
      pushText(out, plainText(payload.caption).trim(), nesting);
      return;
    }
    case 'equation':
      pushText(
        out,
        typeof payload.expression === 'string' ? payload.expression.trim() : '',
        nesting,
      );
      return;
    case 'table':
      renderTable(node, out);
      return;
    case 'table_row':
      out.push({ kind: 'table_row', cells: cellsOf(payload) });
      return;
    case 'child_page':
    case 'child_database':
      pushText(out, typeof payload.title === 'string' ? payload.title.trim() : '', nesting);
      return;
    case 'link_to_page': {
      const target = linkTarget(payload);
      const title = target === undefined ? undefined : titles(target);
      if (title !== undefined) pushText(out, title, nesting);
      return;
    }
    case 'synced_block':
    case 'column_list':
    case 'column':
      renderChildren(nesting);
      return;
  }

  if (URL_TYPES.has(block.type)) {
    const url = typeof payload.url === 'string' ? payload.url.trim() : '';
    const caption = plainText(payload.caption).trim();
    pushText(out, caption !== '' && url !== '' ? `${caption}: ${url}` : caption || url, nesting);
    return;
  }
  if (MEDIA_TYPES.has(block.type)) {
    const caption = plainText(payload.caption).trim();
    const name = typeof payload.name === 'string' ? payload.name.trim() : '';
    pushText(out, caption || name, nesting);
    return;
  }
  if (SKIPPED_TYPES.has(block.type)) {
    renderChildren(nesting);
    return;
  }
  // A type newer than this code: keep its text if it has the usual rich_text, and its children.
  pushText(out, text, nesting);
  renderChildren(nesting);
}

function pushText(out: Block[], text: string, nesting: Nesting): void {
  if (text === '') return;
  out.push(
    nesting.calloutLabel === undefined
      ? { kind: 'paragraph', text }
      : { kind: 'callout', label: nesting.calloutLabel, text },
  );
}

/** The icon emoji when there is one, else "Callout". */
function calloutLabel(payload: JsonObject): string {
  const icon = payload.icon;
  if (isObject(icon) && icon.type === 'emoji' && typeof icon.emoji === 'string') return icon.emoji;
  return 'Callout';
}

function renderTable(node: BlockNode, out: Block[]): void {
  const hasHeader = node.block.payload.has_column_header === true;
  node.children.forEach((child, index) => {
    if (child.block.type !== 'table_row') return;
    const cells = cellsOf(child.block.payload);
    out.push(
      hasHeader && index === 0
        ? { kind: 'table_row', cells, header: true }
        : { kind: 'table_row', cells },
    );
  });
}

function cellsOf(payload: JsonObject): string[] {
  const cells = Array.isArray(payload.cells) ? payload.cells : [];
  return cells.map((cell) => plainText(cell).trim());
}

function linkTarget(payload: JsonObject): string | undefined {
  if (typeof payload.page_id === 'string') return payload.page_id;
  if (typeof payload.database_id === 'string') return payload.database_id;
  return undefined;
}
