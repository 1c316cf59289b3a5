import { type Block, type DocumentPage, type ParsedDocument } from '@docent/document-model';

/** Gathers blocks page by page; pages that were opened but got no block are kept (empty). */
export class PageCollector {
  private readonly pages = new Map<number, DocumentPage>();

  open(pageNum: number): DocumentPage {
    let page = this.pages.get(pageNum);
    if (!page) {
      page = { pageNum, blocks: [] };
      this.pages.set(pageNum, page);
    }
    return page;
  }

  add(pageNum: number, block: Block): void {
    this.open(pageNum).blocks.push(block);
  }

  /** Pages 1..last in order, filling any skipped page number with an empty page. */
  toDocument(): ParsedDocument {
    const last = Math.max(1, ...this.pages.keys());
    const pages: DocumentPage[] = [];
    for (let pageNum = 1; pageNum <= last; pageNum += 1) pages.push(this.open(pageNum));
    return { pages };
  }
}
