import type { ConnectorLogger, RequestSubject } from '@docent/connector-sdk';
import type { NotionApi } from './notion-api';
import { isObjectLevelFailure } from './notion-profile';
import { isObject, type NotionBlock } from './notion-objects';

export interface BlockNode {
  block: NotionBlock;
  children: BlockNode[];
}

/** Deeper nesting is not read (Notion allows it; a loop of synced blocks would never end). */
const MAX_DEPTH = 48;

/** Separate documents: their content is read when the crawl reaches them, not here. */
const SEPARATE_DOCUMENTS = new Set(['child_page', 'child_database']);

/**
 * Reads a page's whole block tree: children of every block that has some, siblings in parallel
 * (the HTTP layer bounds concurrency and rate). A synced-block copy shows the children of its
 * original. A block whose children Notion refuses (400/404: unshared original, unsupported
 * type) is kept without them and logged; the page is not failed for it.
 */
export class BlockTreeReader {
  constructor(
    private readonly api: NotionApi,
    private readonly log: ConnectorLogger,
  ) {}

  /**
   * The tree under a page; errors on the page's own children propagate. Every request is
   * `about` the page: one that fails for good fails that page only.
   */
  read(pageId: string, about: RequestSubject): Promise<BlockNode[]> {
    return this.nodesUnder(pageId, 1, about);
  }

  private async nodesUnder(
    containerId: string,
    depth: number,
    about: RequestSubject,
  ): Promise<BlockNode[]> {
    const blocks = await this.api.allChildren(containerId, about);
    return Promise.all(
      blocks.map(async (block) => ({
        block,
        children: await this.childrenOf(block, depth, about),
      })),
    );
  }

  private async childrenOf(
    block: NotionBlock,
    depth: number,
    about: RequestSubject,
  ): Promise<BlockNode[]> {
    if (SEPARATE_DOCUMENTS.has(block.type)) return [];
    const original = syncedOriginalId(block);
    if (original === undefined && !block.hasChildren) return [];
    if (depth >= MAX_DEPTH) {
      this.log.warn('notion block nested too deep; its children are not read', {
        blockId: block.id,
        depth,
      });
      return [];
    }
    try {
      return await this.nodesUnder(original ?? block.id, depth + 1, about);
    } catch (error) {
      if (!isObjectLevelFailure(error)) throw error;
      this.log.warn(
        original === undefined
          ? 'notion refused the children of a block; skipping them'
          : 'the original of a synced block is not shared with the integration; skipping it',
        {
          blockId: block.id,
          type: block.type,
          status: error.details.status,
          code: error.details.reason,
        },
      );
      return [];
    }
  }
}

/** The original's id for a synced-block copy; undefined for anything else. */
function syncedOriginalId(block: NotionBlock): string | undefined {
  if (block.type !== 'synced_block') return undefined;
  const from = block.payload.synced_from;
  if (!isObject(from) || typeof from.block_id !== 'string') return undefined;
  return from.block_id;
}
