import { type Block, DocumentError } from '@docent/connector-sdk';
import { isAllCode, isTermTitle, withoutPermalinkMark } from '@docent/document-model';
import { type ChildNode, type Element, isCDATA, isTag, isText } from 'domhandler';
import { BlockWriter } from './block-writer';
import { attribute, childElements, rawText } from './dom-access';
import { imageLabel, linkLabel, userMention } from './inline-references';
import { renderAdfExtension, renderMacro } from './macro-rendering';
import { renderTable } from './table-rendering';

export interface WalkState {
  /** Nesting of the list being walked: 0 for a top-level list. */
  listDepth: number;
  /** Element nesting, bounded so a pathological page cannot overflow the stack. */
  nesting: number;
}

/** Far deeper than any editor produces; deeper pages are refused as malformed. */
export const MAX_ELEMENT_NESTING = 400;

/** Containers whose content is block flow: they end the running paragraph on both sides. */
const BLOCK_CONTAINERS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'figure',
  'figcaption',
  'center',
  // Outside a <dl>: markup the editor would not produce, read as blocks.
  'dt',
  'dd',
  'details',
  'summary',
  'address',
  'caption',
  // Table parts outside a <table>: markup the editor would not produce, read as blocks.
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'ac:layout',
  'ac:layout-section',
  'ac:layout-cell',
  'ac:rich-text-body',
  'ac:task-body',
]);

/** Elements that carry no page text: macro parameters, emoticons, editor placeholders... */
const DROPPED = new Set([
  'ac:parameter',
  'ac:emoticon',
  'ac:placeholder',
  'ac:task-id',
  'ac:task-uuid',
  'ac:task-status',
  'ac:adf-attribute',
  'script',
  'style',
  'head',
  'title',
  'colgroup',
  'col',
]);

const HEADING = /^h([1-6])$/;

/** A bold line standing in for a heading sits below every real heading. */
const BOLD_TITLE_LEVEL = 6;
const BOLD_TITLE_MAX_WORDS = 12;

/**
 * A paragraph that is nothing but bold text, short and without a sentence's closing mark
 * ("**Restore drill**", "**core.autocrlf**", "**Step 2:**"): how wiki authors title a
 * section or an option without a heading, so it is read as one and the text under it belongs to
 * it. A bold sentence ("**Never restore during business hours.**") stays a paragraph.
 */
function boldTitle(paragraph: Element, state: WalkState): string | undefined {
  const parts = paragraph.children.filter((child) => !(isText(child) && child.data.trim() === ''));
  if (parts.length === 0) return undefined;
  if (!parts.every((child) => isTag(child) && (child.name === 'strong' || child.name === 'b'))) {
    return undefined;
  }
  const text = withoutPermalinkMark(flattenToText(paragraph.children, state)).replace(/:\s*$/, '');
  if (text === '' || /[.!?]["')\]]?$/.test(text)) return undefined;
  return text.split(/\s+/).length <= BOLD_TITLE_MAX_WORDS ? text : undefined;
}

/** Walks storage-format nodes, streaming text and blocks into `writer`. */
export function walkNodes(
  nodes: readonly ChildNode[],
  writer: BlockWriter,
  state: WalkState,
): void {
  for (const node of nodes) {
    if (isText(node)) writer.text(node.data);
    else if (isCDATA(node)) writer.text(rawText(node.children));
    else if (isTag(node)) walkElement(node, writer, nested(state));
  }
}

function nested(state: WalkState): WalkState {
  if (state.nesting >= MAX_ELEMENT_NESTING) {
    throw new DocumentError(`elements are nested more than ${MAX_ELEMENT_NESTING} levels deep`);
  }
  return { ...state, nesting: state.nesting + 1 };
}

/** The text of some nodes on one line, e.g. a heading or a table cell. */
export function flattenToText(nodes: readonly ChildNode[], state: WalkState): string {
  const writer = new BlockWriter();
  walkNodes(nodes, writer, state);
  return writer.result().map(blockText).join(' ').replace(/\s+/g, ' ').trim();
}

function walkElement(element: Element, writer: BlockWriter, state: WalkState): void {
  const name = element.name;
  if (DROPPED.has(name)) return;

  const heading = HEADING.exec(name);
  if (heading) {
    const text = withoutPermalinkMark(flattenToText(element.children, state));
    if (text) writer.add({ kind: 'heading', level: Number(heading[1]), text });
    return;
  }

  switch (name) {
    case 'br':
      writer.lineBreak();
      return;
    case 'hr':
      writer.flush();
      return;
    case 'ul':
    case 'ol':
      walkList(element, name === 'ol', writer, state);
      return;
    case 'li':
      // A list item outside any list: markup the editor would not produce, kept as an item.
      walkListItem(element, { ordered: false }, writer, state);
      return;
    case 'ac:task-list':
      walkList(element, false, writer, state);
      return;
    case 'dl':
      walkDefinitionList(element, writer, state);
      return;
    case 'ac:task':
      walkListItem(element, { ordered: false, checked: isCompleteTask(element) }, writer, state);
      return;
    case 'table':
      writer.flush();
      renderTable(element, writer, (nodes) => flattenToText(nodes, state));
      return;
    case 'pre':
      writer.addCode(rawText(element.children).replace(/^\n/, '').replace(/\s+$/, ''));
      return;
    case 'blockquote': {
      const text = blocksOf(element.children, state).map(blockText).join('\n');
      if (text.trim()) writer.add({ kind: 'quote', text });
      return;
    }
    case 'ac:structured-macro':
    case 'ac:macro':
      renderMacro(element, writer, {
        walkBlocks: (nodes) => walkBlocks(nodes, writer, state),
        flatten: (nodes) => flattenToText(nodes, state),
      });
      return;
    case 'ac:adf-extension':
      renderAdfExtension(element, writer, {
        walkBlocks: (nodes) => walkBlocks(nodes, writer, state),
        walkListItem: (item, checked) =>
          walkListItem(item, { ordered: false, checked }, writer, state),
        flatten: (nodes) => flattenToText(nodes, state),
      });
      return;
    case 'ac:link':
      writer.text(linkLabel(element, (nodes) => flattenToText(nodes, state)));
      return;
    case 'ac:image':
    case 'img':
      writer.text(imageLabel(element));
      return;
    case 'ri:user':
      writer.text(userMention(element));
      return;
    case 'time':
      writer.text(attribute(element, 'datetime') ?? rawText(element.children));
      return;
  }

  if (name === 'p') {
    const title = boldTitle(element, state);
    if (title !== undefined) {
      writer.add({ kind: 'heading', level: BOLD_TITLE_LEVEL, text: title });
      // An option's or a setting's name: the paragraph under it is its description.
      if (isTermTitle(title, isAllCode(element.children))) writer.describeNext(title);
      return;
    }
  }
  if (BLOCK_CONTAINERS.has(name)) {
    walkBlocks(element.children, writer, state);
    return;
  }
  // Inline formatting (strong, em, span, a, code, u, sub, inline comment markers...): flattened.
  walkNodes(element.children, writer, state);
}

function walkBlocks(nodes: readonly ChildNode[], writer: BlockWriter, state: WalkState): void {
  writer.flush();
  walkNodes(nodes, writer, state);
  writer.flush();
}

function walkList(list: Element, ordered: boolean, writer: BlockWriter, state: WalkState): void {
  writer.flush();
  for (const child of list.children) {
    if (isTag(child) && child.name === 'li') {
      walkListItem(child, { ordered }, writer, state);
    } else if (isTag(child) && child.name === 'ac:task') {
      walkListItem(child, { ordered: false, checked: isCompleteTask(child) }, writer, state);
    } else if (isTag(child) && (child.name === 'ul' || child.name === 'ol')) {
      // A list directly inside a list (no li around it) still reads as one level deeper.
      walkList(child, child.name === 'ol', writer, {
        ...nested(state),
        listDepth: state.listDepth + 1,
      });
    } else {
      walkNodes([child], writer, state);
    }
  }
  writer.flush();
}

function walkListItem(
  item: Element,
  kind: { ordered: boolean; checked?: boolean },
  writer: BlockWriter,
  state: WalkState,
): void {
  writer.within({ kind: 'list_item', depth: state.listDepth, ...kind }, () =>
    walkNodes(item.children, writer, { ...state, listDepth: state.listDepth + 1 }),
  );
}

/**
 * A definition list (an HTML page pasted or imported into the wiki: a manual's options, settings,
 * glossary): each description is labelled with its term, as a panel is with its title, so
 * "Sets the amount of memory… The default is 128MB" stays about "shared_buffers (integer)". A
 * term without a description is a paragraph.
 */
function walkDefinitionList(list: Element, writer: BlockWriter, state: WalkState): void {
  writer.flush();
  let terms: string[] = [];
  const flushTerms = () => {
    for (const term of terms) writer.add({ kind: 'paragraph', text: term });
    terms = [];
  };
  for (const child of list.children) {
    if (!isTag(child)) continue;
    if (child.name === 'dt') {
      const term = withoutPermalinkMark(flattenToText(child.children, state));
      if (term) terms.push(term);
    } else if (child.name === 'dd') {
      const label = terms.join(', ');
      terms = [];
      if (label === '') walkBlocks(child.children, writer, state);
      else
        writer.within({ kind: 'callout', label, term: true }, () =>
          walkNodes(child.children, writer, state),
        );
    } else {
      flushTerms();
      walkElement(child, writer, nested(state));
    }
  }
  flushTerms();
  writer.flush();
}

function isCompleteTask(task: Element): boolean {
  const status = childElements(task, 'ac:task-status')[0];
  return status !== undefined && rawText(status.children).trim() === 'complete';
}

function blocksOf(nodes: readonly ChildNode[], state: WalkState): Block[] {
  const writer = new BlockWriter();
  walkNodes(nodes, writer, state);
  return writer.result();
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'table_row':
      return block.cells.join(' | ');
    case 'heading':
    case 'paragraph':
    case 'list_item':
    case 'code':
    case 'quote':
    case 'callout':
      return block.text;
  }
}
