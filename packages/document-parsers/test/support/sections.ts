import { type Block, type ParsedDocument } from '@docent/document-model';
import { blockText, normalise } from './corpus';

export interface Located {
  pageNum: number;
  /** The nearest heading before the block, across pages, if any. */
  section?: string;
  block: Block;
}

/** Every block whose text contains `needle` (normalised), with its page and section. */
export function locate(document: ParsedDocument, needle: string): Located[] {
  const wanted = normalise(needle);
  const found: Located[] = [];
  let section: string | undefined;
  for (const page of document.pages) {
    for (const block of page.blocks) {
      if (normalise(blockText(block)).includes(wanted)) {
        found.push({ pageNum: page.pageNum, section, block });
      }
      if (block.kind === 'heading') section = block.text;
    }
  }
  return found;
}

export function headings(document: ParsedDocument): Array<{ level: number; text: string }> {
  return document.pages.flatMap((page) =>
    page.blocks.flatMap((block) =>
      block.kind === 'heading' ? [{ level: block.level, text: block.text }] : [],
    ),
  );
}
