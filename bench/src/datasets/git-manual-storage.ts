import { type ChildNode, type Element, isCDATA, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/** The title of the page a link to another manual file (`git-commit.html`) points at. */
export type PageTitleOf = (fileName: string) => string | undefined;

const INLINE_TAGS = new Set([
  'a',
  'b',
  'br',
  'code',
  'em',
  'i',
  'span',
  'strong',
  'sub',
  'sup',
  'tt',
  'u',
  'var',
  'kbd',
  'samp',
]);
const SKIPPED_TAGS = new Set(['head', 'script', 'style', 'title', 'hr', 'col', 'colgroup']);
const SKIPPED_IDS = new Set(['footer', 'toc', 'toctitle']);

/** Admonition labels of the manual → the Confluence panel that shows them alike. */
const PANEL_OF: Record<string, string> = {
  note: 'note',
  tip: 'tip',
  important: 'warning',
  warning: 'warning',
  caution: 'warning',
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeXml(text).replace(/"/g, '&quot;');
}

function classes(element: Element): string[] {
  return (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
}

function textOf(nodes: readonly ChildNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (isText(node)) text += node.data;
    else if (isCDATA(node)) text += textOf(node.children);
    else if (isTag(node)) text += node.name === 'br' ? '\n' : textOf(node.children);
  }
  return text;
}

function isInline(node: ChildNode): boolean {
  return isText(node) || (isTag(node) && INLINE_TAGS.has(node.name));
}

/**
 * Converts one page of Debian's git-doc HTML manual (asciidoc and docbook output) into the
 * Confluence storage format a team would get by moving the manual into a wiki: headings and
 * paragraphs as they are; `<pre>` blocks as code macros; admonitions (NOTE, WARNING...) as
 * panels; tables with their header rows. Confluence has no definition list, so each term of a
 * `<dl>` (an option, a config variable) becomes a bold paragraph followed by its description's
 * paragraphs, as an import into the editor lays it out. Links to other manual pages become page
 * links; the page's own "Manual Page" banner and the footer are left out.
 */
export function gitManualPageToStorage(
  html: string,
  titleOf: PageTitleOf = () => undefined,
): { title: string; body: string } {
  const document = parseDocument(html, { decodeEntities: true });
  const title = findFirst(document.children, 'title');
  const body = findFirst(document.children, 'body');
  const converter = new StorageWriter(titleOf);
  return {
    title: title ? textOf(title.children).replace(/\s+/g, ' ').trim() : '',
    body: converter.blocks(body ? body.children : document.children),
  };
}

function findFirst(nodes: readonly ChildNode[], name: string): Element | undefined {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    if (node.name === name) return node;
    const found = findFirst(node.children, name);
    if (found) return found;
  }
  return undefined;
}

class StorageWriter {
  constructor(private readonly titleOf: PageTitleOf) {}

  /** Nodes in block flow: runs of inline nodes become paragraphs. */
  blocks(nodes: readonly ChildNode[]): string {
    let out = '';
    let run: ChildNode[] = [];
    const flush = () => {
      const text = this.inline(run).trim();
      if (text !== '') out += `<p>${text}</p>`;
      run = [];
    };
    for (const node of nodes) {
      if (isInline(node)) {
        run.push(node);
        continue;
      }
      flush();
      if (isTag(node)) out += this.block(node);
    }
    flush();
    return out;
  }

  private block(element: Element): string {
    const name = element.name;
    if (SKIPPED_TAGS.has(name) || SKIPPED_IDS.has(element.attribs.id ?? '')) return '';
    const heading = /^h([1-6])$/.exec(name);
    if (heading) {
      const text = this.inline(element.children).trim();
      // The banner "git-add(1) Manual Page" repeats the page title.
      if (text === '' || /Manual Page$/.test(text)) return '';
      return `<h${heading[1]}>${text}</h${heading[1]}>`;
    }
    switch (name) {
      case 'p': {
        const text = this.inline(element.children).trim();
        return text === '' ? '' : `<p>${text}</p>`;
      }
      case 'pre':
        return codeMacro(textOf(element.children).replace(/^\n+/, '').replace(/\s+$/, ''));
      case 'ul':
      case 'ol':
        return this.list(element);
      case 'dl':
        return this.definitions(
          element.children
            .filter((child): child is Element => isTag(child) && ['dt', 'dd'].includes(child.name))
            .map((child) => ({ term: child.name === 'dt', nodes: child.children })),
        );
      case 'table':
        return this.table(element);
      case 'blockquote': {
        const inner = this.blocks(element.children);
        return inner === '' ? '' : `<blockquote>${inner}</blockquote>`;
      }
      case 'div':
        return this.division(element);
      default:
        return this.blocks(element.children);
    }
  }

  private division(element: Element): string {
    const kinds = classes(element);
    if (kinds.includes('admonitionblock')) return this.admonition(element);
    if (kinds.includes('toc')) return '';
    // A block title ("Example 1. ..."), shown in bold above its block.
    if (kinds.includes('title') && element.children.every(isInline)) {
      const text = this.inline(element.children).trim();
      return text === '' ? '' : `<p><strong>${text}</strong></p>`;
    }
    return this.blocks(element.children);
  }

  private admonition(element: Element): string {
    const icon = findFirst(element.children, 'td');
    const cells = findAll(element, 'td');
    const content = cells.find((cell) => classes(cell).includes('content')) ?? cells[1];
    const label = icon ? textOf(icon.children).trim().toLowerCase() : 'note';
    const panel = PANEL_OF[label] ?? 'info';
    const inner = content ? this.blocks(content.children) : '';
    if (inner === '') return '';
    return `<ac:structured-macro ac:name="${panel}" ac:schema-version="1"><ac:rich-text-body>${inner}</ac:rich-text-body></ac:structured-macro>`;
  }

  private list(element: Element): string {
    const items = element.children.filter(
      (child): child is Element => isTag(child) && child.name === 'li',
    );
    const body = items
      .map((item) => {
        const blocks = item.children.filter((child) => isTag(child) && !isInline(child));
        const onlyParagraph =
          blocks.length === 1 &&
          isTag(blocks[0]!) &&
          (blocks[0] as Element).name === 'p' &&
          item.children.every((child) => child === blocks[0] || textOf([child]).trim() === '');
        const inner = onlyParagraph
          ? this.inline((blocks[0] as Element).children).trim()
          : this.blocks(item.children);
        return `<li>${inner}</li>`;
      })
      .join('');
    return body === '' ? '' : `<${element.name}>${body}</${element.name}>`;
  }

  /** Terms then their description: the terms as one bold paragraph, then the description. */
  private definitions(entries: Array<{ term: boolean; nodes: ChildNode[] }>): string {
    let out = '';
    let terms: string[] = [];
    const flushTerms = () => {
      if (terms.length > 0) out += `<p><strong>${terms.join(', ')}</strong></p>`;
      terms = [];
    };
    for (const entry of entries) {
      if (entry.term) {
        const term = this.inline(entry.nodes).replace(/\s+/g, ' ').trim();
        if (term !== '') terms.push(term);
      } else {
        flushTerms();
        out += this.blocks(entry.nodes);
      }
    }
    flushTerms();
    return out;
  }

  private table(element: Element): string {
    if (classes(element).includes('hdlist')) return this.horizontalDefinitions(element);
    const rows = findAll(element, 'tr');
    const cells = (row: Element) =>
      row.children.filter(
        (cell): cell is Element => isTag(cell) && (cell.name === 'td' || cell.name === 'th'),
      );
    const body = rows
      .map((row) => {
        const rowCells = cells(row);
        if (rowCells.length === 0) return '';
        return `<tr>${rowCells
          .map((cell) => {
            const text = this.inline(cell.children).replace(/\s+/g, ' ').trim();
            return `<${cell.name}>${text}</${cell.name}>`;
          })
          .join('')}</tr>`;
      })
      .join('');
    return body === '' ? '' : `<table><tbody>${body}</tbody></table>`;
  }

  /** Asciidoc's horizontal definition list: a table of term and description cells. */
  private horizontalDefinitions(element: Element): string {
    return this.definitions(
      findAll(element, 'td').flatMap((cell): Array<{ term: boolean; nodes: ChildNode[] }> => {
        const kind = classes(cell);
        if (kind.includes('hdlist1')) return [{ term: true, nodes: cell.children }];
        if (kind.includes('hdlist2')) return [{ term: false, nodes: cell.children }];
        return [];
      }),
    );
  }

  /** Inline content as storage-format XHTML (text escaped, formatting kept). */
  inline(nodes: readonly ChildNode[]): string {
    let out = '';
    for (const node of nodes) {
      if (isText(node)) {
        out += escapeXml(node.data.replace(/\s+/g, ' '));
        continue;
      }
      if (!isTag(node)) continue;
      const inner = () => this.inline(node.children);
      switch (node.name) {
        case 'br':
          out += '<br/>';
          break;
        case 'em':
        case 'i':
        case 'var':
          out += wrap('em', inner());
          break;
        case 'strong':
        case 'b':
          out += wrap('strong', inner());
          break;
        case 'code':
        case 'tt':
        case 'kbd':
        case 'samp':
          out += wrap('code', inner());
          break;
        case 'sub':
        case 'sup':
          out += wrap(node.name, inner());
          break;
        case 'a':
          out += this.link(node, inner());
          break;
        default:
          out += isInline(node) ? inner() : ` ${this.inline(node.children)} `;
      }
    }
    return out;
  }

  private link(anchor: Element, label: string): string {
    const href = anchor.attribs.href;
    if (!href || label.trim() === '') return label;
    const page = /^([\w.+-]+\.html)(?:#.*)?$/.exec(href);
    const target = page ? this.titleOf(page[1]!) : undefined;
    if (target) {
      return `<ac:link><ri:page ri:content-title="${escapeAttribute(target)}"/><ac:link-body>${label}</ac:link-body></ac:link>`;
    }
    if (href.startsWith('#')) return label;
    return `<a href="${escapeAttribute(href)}">${label}</a>`;
  }
}

function wrap(tag: string, inner: string): string {
  return inner.trim() === '' ? inner : `<${tag}>${inner}</${tag}>`;
}

function findAll(element: Element, name: string): Element[] {
  const found: Element[] = [];
  for (const child of element.children) {
    if (!isTag(child)) continue;
    if (child.name === name) found.push(child);
    else found.push(...findAll(child, name));
  }
  return found;
}

function codeMacro(code: string): string {
  if (code.trim() === '') return '';
  // "]]>" cannot appear inside CDATA: split it across two sections.
  const cdata = code.replace(/]]>/g, ']]]]><![CDATA[>');
  return `<ac:structured-macro ac:name="code" ac:schema-version="1"><ac:plain-text-body><![CDATA[${cdata}]]></ac:plain-text-body></ac:structured-macro>`;
}
