import { type Document, type Element } from 'domhandler';
import { attr, childElements, childPath, firstChild, isOn } from '../../xml/xml-tree';

export interface NumberingRef {
  numId: string;
  ilvl: number;
}

interface StyleDefinition {
  name: string;
  basedOn?: string;
  outlineLevel?: number;
  numbering?: Partial<NumberingRef>;
  pageBreakBefore?: boolean;
}

/** Style ids Word writes for its built-in styles when styles.xml is missing (English ids). */
const BUILT_IN_HEADING_ID = /^heading\s*([1-9])$/i;

export function readNumberingRef(pPr: Element | undefined): Partial<NumberingRef> | undefined {
  const numPr = pPr && firstChild(pPr, 'numPr');
  if (!numPr) return undefined;
  const numId = childPath(numPr, 'numId');
  const ilvl = childPath(numPr, 'ilvl');
  const ref: Partial<NumberingRef> = {};
  if (numId) ref.numId = attr(numId, 'val');
  if (ilvl) ref.ilvl = Number(attr(ilvl, 'val') ?? 0);
  return ref;
}

export function readOutlineLevel(pPr: Element | undefined): number | undefined {
  const element = pPr && firstChild(pPr, 'outlineLvl');
  const value = element ? Number(attr(element, 'val')) : NaN;
  // Level 9 is Word's "body text".
  return Number.isInteger(value) && value >= 0 && value < 9 ? value : undefined;
}

/** Paragraph styles of a DOCX, resolved through their `basedOn` chains. */
export class DocxStyles {
  private readonly styles = new Map<string, StyleDefinition>();

  constructor(stylesXml: Document | undefined) {
    const root = stylesXml && childPath(stylesXml, 'styles');
    if (!root) return;
    for (const style of childElements(root, 'style')) {
      if (attr(style, 'type') !== 'paragraph') continue;
      const id = attr(style, 'styleId');
      if (!id) continue;
      const pPr = firstChild(style, 'pPr');
      const name = childPath(style, 'name');
      const basedOn = childPath(style, 'basedOn');
      const pageBreak = pPr && firstChild(pPr, 'pageBreakBefore');
      this.styles.set(id, {
        name: (name && attr(name, 'val')) ?? id,
        basedOn: basedOn && attr(basedOn, 'val'),
        outlineLevel: readOutlineLevel(pPr),
        numbering: readNumberingRef(pPr),
        pageBreakBefore: pageBreak ? isOn(pageBreak) : undefined,
      });
    }
  }

  /**
   * 1-6 for Title and "heading N" styles (named so, whatever the locale's style id), else the
   * outline level inherited through the style chain; `undefined` for body text.
   */
  headingLevel(styleId: string | undefined): number | undefined {
    if (!styleId) return undefined;
    const style = this.styles.get(styleId);
    const name = style?.name ?? styleId;
    if (/^title$/i.test(name)) return 1;
    const named = BUILT_IN_HEADING_ID.exec(name);
    if (named) return Math.min(6, Number(named[1]));
    const outline = this.inherited(styleId, (s) => s.outlineLevel);
    return outline === undefined ? undefined : Math.min(6, outline + 1);
  }

  numbering(styleId: string | undefined): Partial<NumberingRef> | undefined {
    return styleId ? this.inherited(styleId, (s) => s.numbering) : undefined;
  }

  pageBreakBefore(styleId: string | undefined): boolean {
    return (styleId && this.inherited(styleId, (s) => s.pageBreakBefore)) || false;
  }

  private inherited<T>(
    styleId: string,
    pick: (style: StyleDefinition) => T | undefined,
  ): T | undefined {
    const seen = new Set<string>();
    let id: string | undefined = styleId;
    while (id && !seen.has(id)) {
      seen.add(id);
      const style = this.styles.get(id);
      if (!style) return undefined;
      const value = pick(style);
      if (value !== undefined) return value;
      id = style.basedOn;
    }
    return undefined;
  }
}
