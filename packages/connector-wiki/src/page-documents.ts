import type { DiscoveryItem, DocumentContent, DocumentRef } from '@docent/connector-sdk';
import type { ConfluencePage } from './confluence-responses';
import { confluenceStorageToBlocks } from './storage-format/storage-to-blocks';

/** A listed page as a discovery item: its content inline when the listing carried the body. */
export function pageToDiscoveryItem(page: ConfluencePage): DiscoveryItem {
  const ref = pageRef(page);
  if (page.storage === undefined) return { type: 'document', ref };
  try {
    return { type: 'document', ref: { ...ref, content: storageContent(page.storage) } };
  } catch (error) {
    return {
      type: 'failure',
      sourceId: page.id,
      title: page.title,
      message: `could not convert the page body: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

export function pageRef(page: ConfluencePage): DocumentRef {
  return {
    sourceId: page.id,
    version: String(page.version),
    title: page.title,
    ...(page.webUrl === undefined ? {} : { url: page.webUrl }),
    ...(page.updatedAt === undefined ? {} : { updatedAt: page.updatedAt }),
  };
}

/** A wiki page has no physical pages: everything is page 1. */
export function storageContent(storage: string): DocumentContent {
  return {
    kind: 'parsed',
    document: { pages: [{ pageNum: 1, blocks: confluenceStorageToBlocks(storage) }] },
  };
}
