import type { ChildNode, Element } from 'domhandler';
import type { BlockWriter } from './block-writer';
import { attribute, childElements, firstChildElement, rawText } from './dom-access';

export interface MacroWalkers {
  /** Walks nodes as block flow in the writer's current context. */
  walkBlocks(nodes: readonly ChildNode[]): void;
  flatten(nodes: readonly ChildNode[]): string;
}

/** Macros whose rich-text body is a note, warning, panel...: rendered as callouts. */
const PANEL_MACROS = new Set(['info', 'note', 'warning', 'tip', 'panel', 'expand', 'excerpt']);
const CODE_MACROS = new Set(['code', 'noformat']);

/**
 * `<ac:structured-macro>` (and the older `<ac:macro>`). Macros that only generate content at
 * render time (toc, children, jira, recently-updated...) carry no body and are dropped.
 */
export function renderMacro(macro: Element, writer: BlockWriter, walkers: MacroWalkers): void {
  const name = (attribute(macro, 'ac:name') ?? '').toLowerCase();
  const plainBody = firstChildElement(macro, 'ac:plain-text-body');
  const richBody = firstChildElement(macro, 'ac:rich-text-body');

  if (CODE_MACROS.has(name) || (plainBody && !richBody)) {
    // Other plain-text macros (html, markdown...) keep their source text verbatim as well.
    const language = CODE_MACROS.has(name) ? parameter(macro, 'language') : undefined;
    if (plainBody) writer.addCode(rawText(plainBody.children), language);
    return;
  }
  if (name === 'status') {
    const title = parameter(macro, 'title');
    if (title) writer.text(` ${title} `);
    return;
  }
  if (!richBody) return;
  if (PANEL_MACROS.has(name)) {
    const label = parameter(macro, 'title') ?? capitalise(name);
    writer.within({ kind: 'callout', label }, () => walkers.walkBlocks(richBody.children));
    return;
  }
  // Layout-like macros (section, column, details, div...): their body is page content.
  walkers.walkBlocks(richBody.children);
}

export interface AdfWalkers extends MacroWalkers {
  walkListItem(item: Element, checked: boolean | undefined): void;
}

/**
 * `<ac:adf-extension>` wraps editor nodes that have no storage equivalent (new-editor panels,
 * decision lists). The node is rendered; its `<ac:adf-fallback>` HTML repeats it and is skipped.
 */
export function renderAdfExtension(
  extension: Element,
  writer: BlockWriter,
  walkers: AdfWalkers,
): void {
  const node = firstChildElement(extension, 'ac:adf-node');
  if (node) {
    renderAdfNode(node, writer, walkers);
    return;
  }
  const fallback = firstChildElement(extension, 'ac:adf-fallback');
  if (fallback) walkers.walkBlocks(fallback.children);
}

function renderAdfNode(node: Element, writer: BlockWriter, walkers: AdfWalkers): void {
  const type = attribute(node, 'type') ?? '';
  const content = firstChildElement(node, 'ac:adf-content');
  const childNodes = childElements(node, 'ac:adf-node');
  switch (type) {
    case 'panel': {
      const label = capitalise(adfAttribute(node, 'panel-type') ?? 'panel');
      writer.within({ kind: 'callout', label }, () => {
        if (content) walkers.walkBlocks(content.children);
      });
      return;
    }
    case 'decision-list':
      writer.flush();
      for (const item of childNodes) renderAdfNode(item, writer, walkers);
      writer.flush();
      return;
    case 'decision-item':
      if (content) {
        walkers.walkListItem(content, adfAttribute(node, 'state') === 'DECIDED' ? true : undefined);
      }
      return;
    default:
      if (content) walkers.walkBlocks(content.children);
      for (const child of childNodes) renderAdfNode(child, writer, walkers);
  }
}

function adfAttribute(node: Element, key: string): string | undefined {
  const found = childElements(node, 'ac:adf-attribute').find((a) => attribute(a, 'key') === key);
  const value = found ? rawText(found.children).trim() : '';
  return value || undefined;
}

/** A named `<ac:parameter>`; empty values count as absent. */
function parameter(macro: Element, name: string): string | undefined {
  const found = childElements(macro, 'ac:parameter').find((p) => attribute(p, 'ac:name') === name);
  const value = found ? rawText(found.children).trim() : '';
  return value || undefined;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
