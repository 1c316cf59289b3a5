import {
  ABOUT_SOURCE,
  type ApiRequest,
  type ConnectorContext,
  type RequestSubject,
  SourceApiClient,
  SourceError,
} from '@docent/connector-sdk';
import { ConcurrencyGate } from '@docent/concurrency-gate';
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
import { NOTION } from './notion-profile';
import { NOTION_VERSION, pagesApiUrl } from './notion-version';
import type { RequestPacer } from './request-pacer';

/** The largest page Notion serves on every list endpoint. */
export const PAGE_SIZE = 100;

/**
 * The read endpoints the connector uses, with Notion's shapes parsed. Every call takes a slot
 * in the session's concurrency gate; the client paces it per token (see PagesSession).
 */
export class NotionApi {
  constructor(
    private readonly api: SourceApiClient,
    private readonly gate: ConcurrencyGate,
  ) {}

  /** Every request sends the pinned Notion-Version and waits for its token's rate budget. */
  static forSession(
    context: ConnectorContext<unknown>,
    pacer: RequestPacer,
    concurrency: number,
  ): NotionApi {
    const client = SourceApiClient.forSession(context, {
      profile: NOTION,
      baseUrl: pagesApiUrl(context.endpoints),
      headers: { 'notion-version': NOTION_VERSION, accept: 'application/json' },
      // Every call here reads: a POST 500 is retried too, and 529 (overload).
      retryStatuses: [500, 529],
      // One rate budget per token, whichever session uses it.
      pacing: (authorization) => pacer.pacingFor(authorization),
    });
    return new NotionApi(client, new ConcurrencyGate(concurrency));
  }

  /** The cheapest authenticated call: the integration's bot user. */
  async me(): Promise<void> {
    await this.json({ path: '/v1/users/me', about: ABOUT_SOURCE });
  }

  /** A page object: `about` the page itself, or the source when it is only being listed. */
  async page(id: string, about: RequestSubject): Promise<NotionPage> {
    return parsePage(await this.json({ path: `/v1/pages/${id}`, about }));
  }

  /** A database, for its data sources: part of the listing. */
  async database(id: string): Promise<NotionDatabase> {
    return parseDatabase(await this.json({ path: `/v1/databases/${id}`, about: ABOUT_SOURCE }));
  }

  /** One page of a block's (or page's) children; `about` the page they belong to. */
  async children(
    blockId: string,
    cursor: string | null,
    about: RequestSubject,
  ): Promise<NotionList<NotionBlock>> {
    const answer = await this.json({
      path: `/v1/blocks/${blockId}/children`,
      query: { page_size: PAGE_SIZE, ...(cursor === null ? {} : { start_cursor: cursor }) },
      about,
    });
    return parseList(answer, 'a block children request', (item) => parseBlock(item));
  }

  /** Every child of a block, following cursors until `has_more` is false. */
  async allChildren(blockId: string, about: RequestSubject): Promise<NotionBlock[]> {
    const blocks: NotionBlock[] = [];
    let cursor: string | null = null;
    const seenCursors = new Set<string>();
    do {
      const page: NotionList<NotionBlock> = await this.children(blockId, cursor, about);
      blocks.push(...page.results);
      cursor = page.nextCursor;
      guardCursor(cursor, seenCursors);
    } while (cursor !== null);
    return blocks;
  }

  /** One page of a data source's rows (pages). */
  async queryDataSource(id: string, cursor: string | null): Promise<NotionList<NotionPage>> {
    const answer = await this.json({
      method: 'POST',
      path: `/v1/data_sources/${id}/query`,
      body: { page_size: PAGE_SIZE, ...(cursor === null ? {} : { start_cursor: cursor }) },
      about: ABOUT_SOURCE,
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
    const answer = await this.json({
      method: 'POST',
      path: '/v1/search',
      body: {
        filter: { property: 'object', value: 'page' },
        sort: { timestamp: 'last_edited_time', direction: 'ascending' },
        page_size: PAGE_SIZE,
        ...(cursor === null ? {} : { start_cursor: cursor }),
      },
      about: ABOUT_SOURCE,
    });
    return parseList(answer, 'a search request', (item) =>
      item.object === 'page' ? parsePage(item, 'a search request') : undefined,
    );
  }

  private async json(request: ApiRequest): Promise<unknown> {
    return this.gate.run(async () => (await this.api.json(request)).body);
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
