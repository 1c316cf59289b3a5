import { DocumentError } from '@docent/document-model';
import { isTag, isText, type AnyNode, type Document, type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * Parses an XML part of an Office file. htmlparser2 never expands custom entities, but a DTD
 * has no business in OOXML, so a part that declares one is refused outright.
 */
export function parseXml(text: string, partName: string): Document {
  const document = parseDocument(text, { xmlMode: true });
  for (const node of document.children) {
    if (node.type === 'directive' && isDtdDeclaration(node.name)) throw dtdRefused(partName);
  }
  return document;
}

export function isDtdDeclaration(directiveName: string): boolean {
  return /^!(doctype|entity)\b/i.test(directiveName);
}

export function dtdRefused(partName: string): DocumentError {
  return new DocumentError(`${partName} declares a DTD, which Office files never do`);
}

/** A tag name without its namespace prefix (`w:p` → `p`). */
export function withoutPrefix(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Element name without its namespace prefix (`w:p` → `p`). */
export function localName(element: Element): string {
  return withoutPrefix(element.name);
}

export function childElements(node: Document | Element, name?: string): Element[] {
  const out: Element[] = [];
  for (const child of node.children) {
    if (isTag(child) && (name === undefined || localName(child) === name)) out.push(child);
  }
  return out;
}

export function firstChild(node: Document | Element, name: string): Element | undefined {
  for (const child of node.children) {
    if (isTag(child) && localName(child) === name) return child;
  }
  return undefined;
}

/** Follows a path of child names: `path(sp, 'nvSpPr', 'nvPr', 'ph')`. */
export function childPath(node: Document | Element, ...names: string[]): Element | undefined {
  let current: Document | Element | undefined = node;
  for (const name of names) {
    current = current && firstChild(current, name);
  }
  return current as Element | undefined;
}

/** Every descendant element with that local name, in document order. */
export function descendants(node: Document | Element, name: string): Element[] {
  const out: Element[] = [];
  const visit = (parent: Document | Element): void => {
    for (const child of parent.children) {
      if (!isTag(child)) continue;
      if (localName(child) === name) out.push(child);
      visit(child);
    }
  };
  visit(node);
  return out;
}

/**
 * Attribute by local name, whatever its prefix (`w:val` and `val` both match `val`). An
 * unprefixed attribute wins when both exist, so `id` and `r:id` stay apart through `prefixedAttr`.
 */
export function attr(element: Element, name: string): string | undefined {
  return element.attribs[name] ?? prefixedAttr(element, name);
}

/** A namespaced attribute only (e.g. the relationship id `r:id`, never a plain `id`). */
export function prefixedAttr(element: Element, name: string): string | undefined {
  for (const [key, value] of Object.entries(element.attribs)) {
    const colon = key.indexOf(':');
    if (colon !== -1 && key.slice(colon + 1) === name && !key.startsWith('xmlns')) return value;
  }
  return undefined;
}

/** Concatenated text of the descendants with that local name (e.g. every `a:t`). */
export function textOf(node: Document | Element, textElement: string): string {
  return descendants(node, textElement)
    .map((element) => plainText(element))
    .join('');
}

/** All text nodes under a node, without any separator. */
export function plainText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (isTag(node) || node.type === 'root' || node.type === 'cdata') {
    return (node as Element).children.map(plainText).join('');
  }
  return '';
}

/** OOXML booleans: absent val means true; "0", "false" and "off" mean false. */
export function isOn(element: Element | undefined): boolean {
  if (!element) return false;
  const value = attr(element, 'val');
  return value === undefined || !['0', 'false', 'off'].includes(value.toLowerCase());
}
