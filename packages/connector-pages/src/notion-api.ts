import { SourceError } from '@docent/connector-sdk';
import type { NotionHttp } from './notion-http';
import {
  type NotionBlock,
  type NotionDatabase,
  type NotionList,
  type NotionPage,
  parseBlock,
  parseDatabase,
  parseList,
  parsePage,
} from './notion-objects';

/** The largest page Notion serves on every list endpoint. */
export const PAGE_SIZE = 100;

/** The read endpoints the connector uses, with Notion's shapes parsed. */
export class NotionApi {
  constructor(private readonly http: NotionHttp) {}

  /** The cheapest authenticated call: the integration's bot user. */
  async me(): Promise<void> {
    await this.http.get('/v1/users/me');
  }

  async page(id: string): Promise<NotionPage> {
    return parsePage(await this.http.get(`/v1/pages/${id}`));
  }

  async database(id: string): Promise<NotionDatabase> {
    return parseDatabase(await this.http.get(`/v1/databases/${id}`));
  }

  /** One page of a block's (or page's) children. */
  async children(blockId: string, cursor: string | null): Promise<NotionList<NotionBlock>> {
    const answer = await this.http.get(`/v1/blocks/${blockId}/children`, {
      page_size: PAGE_SIZE,
      ...(cursor === null ? {} : { start_cursor: cursor }),
    });
    return parseList(answer, 'a block children request', (item) => parseBlock(item));
  }

  /** Every child of a block, following cursors until `has_more` is false. */
  async allChildren(blockId: string): Promise<NotionBlock[]> {
    const blocks: NotionBlock[] = [];
    let cursor: string | null = null;
    const seenCursors = new Set<string>();
    do {
      const page: NotionList<NotionBlock> = await this.children(blockId, cursor);
      blocks.push(...page.results);
      cursor = page.nextCursor;
      guardCursor(cursor, seenCursors);
    } while (cursor !== null);
    return blocks;
  }

  /** One page of a data source's rows (pages). */
  async queryDataSource(id: string, cursor: string | null): Promise<NotionList<NotionPage>> {
    const answer = await this.http.post(`/v1/data_sources/${id}/query`, {
      page_size: PAGE_SIZE,
      ...(cursor === null ? {} : { start_cursor: cursor }),
    });
    return parseList(answer, 'a data source query', (item) =>
      item.object === 'page' ? parsePage(item, 'a data source query') : undefined,
    );
  }

  /**
   * One page of every page shared with the integration, oldest edit first: a page edited during
   * the crawl moves to the end (seen twice, deduplicated) rather than shifting unseen ones.
   */
  async searchPages(cursor: string | null): Promise<NotionList<NotionPage>> {
    const answer = await this.http.post('/v1/search', {
      filter: { property: 'object', value: 'page' },
      sort: { timestamp: 'last_edited_time', direction: 'ascending' },
      page_size: PAGE_SIZE,
      ...(cursor === null ? {} : { start_cursor: cursor }),
    });
    return parseList(answer, 'a search request', (item) =>
      item.object === 'page' ? parsePage(item, 'a search request') : undefined,
    );
  }
}

/** A cursor handed out twice would loop forever. */
export function guardCursor(cursor: string | null, seen: Set<string>): void {
  if (cursor === null) return;
  if (seen.has(cursor)) {
    throw new SourceError('internal', 'Notion returned the same next_cursor twice; stopping');
  }
  seen.add(cursor);
}
