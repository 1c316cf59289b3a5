import { isTag, type Element } from 'domhandler';
import { attr, childElements, firstChild, localName, plainText } from '../../xml/xml-tree';

export interface DrawingParagraph {
  text: string;
  /** `a:pPr@lvl`, 0-based. */
  level: number;
  /** `none` (buNone), `char` (buChar), `number` (buAutoNum) or `inherit` (nothing said). */
  bullet: 'none' | 'char' | 'number' | 'inherit';
}

function runText(paragraph: Element): string {
  let text = '';
  for (const child of paragraph.children) {
    if (!isTag(child)) continue;
    const name = localName(child);
    if (name === 'r' || name === 'fld') {
      const t = firstChild(child, 't');
      if (t) text += plainText(t);
    } else if (name === 'br') {
      text += '\n';
    }
  }
  return text;
}

function bulletOf(pPr: Element | undefined): DrawingParagraph['bullet'] {
  if (!pPr) return 'inherit';
  if (firstChild(pPr, 'buNone')) return 'none';
  if (firstChild(pPr, 'buAutoNum')) return 'number';
  if (firstChild(pPr, 'buChar') || firstChild(pPr, 'buBlip')) return 'char';
  return 'inherit';
}

/** Paragraphs of a DrawingML text body (`p:txBody`, `a:txBody`). */
export function drawingParagraphs(txBody: Element): DrawingParagraph[] {
  return childElements(txBody, 'p').map((paragraph) => {
    const pPr = firstChild(paragraph, 'pPr');
    const level = Number((pPr && attr(pPr, 'lvl')) ?? 0);
    return {
      text: runText(paragraph),
      level: Number.isInteger(level) && level >= 0 ? level : 0,
      bullet: bulletOf(pPr),
    };
  });
}
