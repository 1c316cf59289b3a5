import { isTag, type Element } from 'domhandler';
import { attr, firstChild, localName, plainText } from '../../xml/xml-tree';

/** What a paragraph's runs hold, in order: text, page breaks and text boxes to read after it. */
export type InlinePiece =
  | { kind: 'text'; text: string }
  /** `rendered`: Word's `w:lastRenderedPageBreak`; otherwise an explicit `w:br w:type="page"`. */
  | { kind: 'break'; rendered: boolean }
  | { kind: 'textbox'; content: Element };

/** Content that is not (or no longer) part of the visible text. */
const SKIPPED = new Set([
  'pPr',
  'rPr',
  'del',
  'moveFrom',
  'delText',
  'instrText',
  'delInstrText',
  'Fallback',
  'fldData',
]);

const text = (value: string): InlinePiece => ({ kind: 'text', text: value });

/** Walks the inline content of a paragraph (runs, hyperlinks, fields, insertions...). */
export function collectInline(node: Element, out: InlinePiece[] = []): InlinePiece[] {
  for (const child of node.children) {
    if (!isTag(child)) continue;
    const name = localName(child);
    if (SKIPPED.has(name)) continue;
    switch (name) {
      case 't':
        out.push(text(plainText(child)));
        break;
      case 'tab':
      case 'ptab':
        out.push(text('\t'));
        break;
      case 'br': {
        const type = attr(child, 'type');
        if (type === 'page') out.push({ kind: 'break', rendered: false });
        else out.push(text(type === 'column' ? ' ' : '\n'));
        break;
      }
      case 'cr':
        out.push(text('\n'));
        break;
      case 'noBreakHyphen':
        out.push(text('-'));
        break;
      case 'lastRenderedPageBreak':
        out.push({ kind: 'break', rendered: true });
        break;
      case 'txbxContent':
        out.push({ kind: 'textbox', content: child });
        break;
      case 'AlternateContent': {
        // Choice and Fallback carry the same content twice (DrawingML and VML): read one.
        const variant = firstChild(child, 'Choice') ?? firstChild(child, 'Fallback');
        if (variant) collectInline(variant, out);
        break;
      }
      default:
        collectInline(child, out);
    }
  }
  return out;
}
