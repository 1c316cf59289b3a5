import { type PdfParagraph } from './pdf-paragraphs';

/**
 * A table-of-contents entry: a leader of dots ("....", ". . .", or the spaced " . " left where a
 * long title crowds it out) then a page label: a number, roman or arabic, or an appendix's
 * "A-1". The one test for such a line: the parser drops entries before it reads headings.
 */
export const CONTENTS_ENTRY =
  /(?:\.{3,}|(?:\. ){2,}\.|\s\.{1,2}\s)\s*(?:[a-z]{1,2}-)?[0-9ivxlc]{1,6}$/i;

/**
 * A line that ends in a dot leader then a short value ("Registration fee ........ $250", a form's
 * "Name ........ ____"): a row of a list laid out with leaders, read as a line of its own even
 * when the value is not a page label (so not a contents entry, which is dropped instead).
 */
export const DOT_LEADER_LINE = /(?:\.{4,}|(?:\. ){3,})\s*\S{1,12}$/;

/**
 * A table of contents is navigation, not content: its entries ("3.1 Variations of Zero Trust
 * Architecture Approaches ........ 11") repeat the headings and were quoted as answers instead
 * of the sections they point to. A paragraph most of whose lines are entries (wrapped entries
 * and ones without a leader come with them) is dropped whole, other entries line by line.
 */
export function withoutContentsEntries(paragraph: PdfParagraph): PdfParagraph | undefined {
  const lines = paragraph.lines.filter((line) => !CONTENTS_ENTRY.test(line.text));
  const entries = paragraph.lines.length - lines.length;
  if (entries === 0) return paragraph;
  if (entries * 2 > paragraph.lines.length) return undefined;
  return { ...paragraph, lines };
}
