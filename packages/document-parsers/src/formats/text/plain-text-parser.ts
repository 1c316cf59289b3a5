import { type ParsedDocument } from '@docent/document-model';
import { tidyLines } from '../../blocks/block-text';

/** Plain text → paragraphs split on blank lines, line breaks inside a paragraph kept. */
export function parsePlainText(text: string): ParsedDocument {
  const blocks = text
    .split(/\r?\n[ \t\u00a0]*(?:\r?\n[ \t\u00a0]*)+/)
    .map((paragraph) => tidyLines(paragraph))
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => ({ kind: 'paragraph' as const, text: paragraph }));
  return { pages: [{ pageNum: 1, blocks }] };
}
