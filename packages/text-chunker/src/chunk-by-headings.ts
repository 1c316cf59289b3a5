import { type ParsedDocument } from '@docent/document-model';
import { blockToPieces } from './block-pieces';
import { fitHeadingPath, HeadingStack, headingPathTokens } from './heading-path';
import { renderBlocks } from './rendered-block';
import { SectionPacker } from './section-packer';
import { memoizeCount } from './token-fitting';
import { type Chunk, type ChunkingOptions } from './types';

function validate(options: ChunkingOptions): void {
  if (!Number.isInteger(options.maxTokens) || options.maxTokens < 2) {
    throw new RangeError(`maxTokens must be an integer of at least 2, got ${options.maxTokens}`);
  }
  if (!Number.isInteger(options.overlapTokens) || options.overlapTokens < 0) {
    throw new RangeError(
      `overlapTokens must be a non-negative integer, got ${options.overlapTokens}`,
    );
  }
}

/**
 * Cuts a parsed document into chunks that follow its structure: a chunk holds whole blocks of
 * one section (the blocks under one heading) on one page, as many as fit; a block over budget
 * is cut at sentences, then lines (code) or words.
 *
 * Budget: `countTokens(chunk.text) + countTokens(chunk.headingPath.join(' > ')) + 1 <= maxTokens`
 * (as estimated by summing per-piece counts plus one token per join), so the pipeline may
 * prepend the heading path and a separator. A heading path that would take more than half the
 * budget is shortened (outermost titles first). Heading titles appear only in `headingPath`.
 */
export function chunkByHeadings(doc: ParsedDocument, options: ChunkingOptions): Chunk[] {
  validate(options);
  const count = memoizeCount(options.countTokens);
  const headingLimit = Math.floor(options.maxTokens / 2);
  const headings = new HeadingStack();
  const chunks: Chunk[] = [];

  for (const page of doc.pages) {
    if (page.imageOnly) continue;
    let section: SectionPacker | undefined;
    let blockId = 0;
    for (const item of renderBlocks(page.blocks)) {
      if (item.kind === 'heading') {
        section?.finish();
        section = undefined;
        headings.enter(item.level, item.title);
        continue;
      }
      if (!section) {
        const headingPath = fitHeadingPath(headings.titles(), headingLimit, count);
        const budget = options.maxTokens - headingPathTokens(headingPath, count);
        section = new SectionPacker(budget, options.overlapTokens, count, (text, layout) =>
          chunks.push({
            ordinal: chunks.length,
            pageNum: page.pageNum,
            text,
            headingPath: [...headingPath],
            layout,
          }),
        );
        blockId = 0;
      }
      for (const piece of blockToPieces(item.block, blockId, section.budget, count)) {
        section.add(piece);
      }
      blockId += 1;
    }
    section?.finish();
  }
  return chunks;
}
