import { type ChildNode, type Element, isCDATA, isTag, isText } from 'domhandler';

/** Attribute value by its (lower-cased, namespaced) name, e.g. `ac:name`, `ri:filename`. */
export function attribute(element: Element, name: string): string | undefined {
  return element.attribs[name];
}

export function childElements(element: Element, name?: string): Element[] {
  return element.children.filter(
    (child): child is Element => isTag(child) && (name === undefined || child.name === name),
  );
}

export function firstChildElement(element: Element, name: string): Element | undefined {
  return childElements(element, name)[0];
}

/** First descendant element with that name, depth first. */
export function findDescendant(element: Element, name: string): Element | undefined {
  for (const child of element.children) {
    if (!isTag(child)) continue;
    if (child.name === name) return child;
    const found = findDescendant(child, name);
    if (found) return found;
  }
  return undefined;
}

/**
 * The characters under a node exactly as written (entities decoded, CDATA kept verbatim);
 * `<br>` becomes a newline because pre-formatted text uses it for line breaks.
 */
export function rawText(nodes: readonly ChildNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (isText(node)) text += node.data;
    else if (isCDATA(node)) text += rawText(node.children);
    else if (isTag(node)) text += node.name === 'br' ? '\n' : rawText(node.children);
  }
  return text;
}
