import {
  aboutDocument,
  type ConnectorLogger,
  type DiscoveryItem,
  type DocumentContent,
  DocumentRequestError,
  type IncompleteListing,
  SourceError,
} from '@docent/connector-sdk';
import { type BlockNode, type BlockTreeReader } from './block-tree';
import { renderBlockTree } from './block-rendering';
import { encodeCheckpoint } from './crawl-checkpoint';
import { type CrawlState, entryKey, type FrontierEntry } from './crawl-state';
import { guardCursor, type NotionApi } from './notion-api';
import { isObjectLevelFailure } from './notion-profile';
import type { NotionDatabase, NotionPage } from './notion-objects';
import { propertyBlocks } from './page-properties';
import type { TitleBook } from './title-book';

export interface PageCrawlDeps {
  api: NotionApi;
  reader: BlockTreeReader;
  titles: TitleBook;
  log: ConnectorLogger;
  /** Identifies the source in checkpoints. */
  tag: string;
  /** Pages read at the same time (their requests still share the rate budget). */
  pagesInFlight: number;
  /** Documents (and failures) between two checkpoints. */
  checkpointEvery: number;
}

type ReadOutcome =
  | { kind: 'document'; page: NotionPage; tree: BlockNode[] }
  /** A selected id that is a database (a wiki): its rows are the documents. */
  | { kind: 'database'; entries: FrontierEntry[] }
  /** A selected id that cannot be read: a failure item. */
  | { kind: 'missing'; id: string; message: string }
  /** A page Notion failed to serve (after retries): its failure, and its children unknown. */
  | { kind: 'failed'; id: string; title?: string; message: string }
  | { kind: 'skipped' };

type PageEntry = Extract<FrontierEntry, { kind: 'root' | 'page' }>;
type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Walks the selection: selected pages (or search results), then their child pages and child
 * databases' rows, depth first. Up to `pagesInFlight` pages are read at once, but items come
 * out in frontier order, so a run is deterministic and a checkpoint (the frontier, in-flight
 * pages included, plus the search cursor) resumes right after the last item yielded. Each page
 * is queued once per run however many ways it is reachable.
 */
export class PageCrawl {
  private readonly queued = new Set<string>();
  private readonly searchCursors = new Set<string>();
  private readonly rowCursors = new Set<string>();

  constructor(
    private readonly deps: PageCrawlDeps,
    private readonly state: CrawlState,
  ) {
    for (const entry of state.frontier) this.queued.add(entryKey(entry));
  }

  async *run(): AsyncGenerator<DiscoveryItem, IncompleteListing | void, undefined> {
    const { state, deps } = this;
    const inFlight: Array<{ entry: PageEntry; outcome: Promise<Settled<ReadOutcome>> }> = [];
    let pendingRoots = state.frontier.filter((entry) => entry.kind === 'root').length;
    let sinceCheckpoint = 0;

    for (;;) {
      while (inFlight.length < deps.pagesInFlight && state.frontier.length > 0) {
        const head = state.frontier.shift()!;
        if (head.kind === 'root' || head.kind === 'page') {
          inFlight.push({ entry: head, outcome: settle(this.read(head)) });
        } else {
          this.prepend(await this.expand(head));
        }
      }
      if (inFlight.length === 0) {
        if (state.search.kind !== 'next') break;
        await this.searchNext(state.search.cursor);
        continue;
      }

      const { entry, outcome: pending } = inFlight.shift()!;
      const settled = await pending;
      if (!settled.ok) throw settled.error;
      const outcome = settled.value;
      if (entry.kind === 'root') {
        pendingRoots -= 1;
        if (outcome.kind !== 'missing') state.anyRootFound = true;
      }

      switch (outcome.kind) {
        case 'document':
          // Queued before the item goes out, so the checkpoint after it holds the children.
          this.prepend(this.childEntries(outcome.tree));
          yield this.documentItem(outcome.page, outcome.tree);
          sinceCheckpoint += 1;
          break;
        case 'database':
          this.prepend(outcome.entries);
          break;
        case 'missing':
          yield { type: 'failure', sourceId: outcome.id, message: outcome.message };
          sinceCheckpoint += 1;
          break;
        case 'failed': {
          // Recorded before the item goes out, so the checkpoint after it says so too.
          state.partial = true;
          const { id, title, message } = outcome;
          yield { type: 'failure', sourceId: id, ...(title ? { title } : {}), message };
          sinceCheckpoint += 1;
          break;
        }
        case 'skipped':
          break;
      }

      if (pendingRoots === 0 && !state.anyRootFound) {
        throw new SourceError(
          'source_not_found',
          'None of the selected Notion pages was found: check the page ids and share the pages with the integration (··· → Connections)',
        );
      }
      if (sinceCheckpoint >= deps.checkpointEvery) {
        const checkpoint = encodeCheckpoint(deps.tag, this.snapshot(inFlight));
        if (checkpoint !== undefined) {
          yield { type: 'checkpoint', checkpoint };
          sinceCheckpoint = 0;
        }
      }
    }
    const last = encodeCheckpoint(deps.tag, this.snapshot([]));
    if (last !== undefined) yield { type: 'checkpoint', checkpoint: last };
    if (state.partial) {
      return {
        complete: false,
        reason: 'a Notion page could not be read, so the pages below it were not listed',
      };
    }
  }

  /** Pages being read are still to be yielded: they lead the stored frontier. */
  private snapshot(inFlight: ReadonlyArray<{ entry: PageEntry }>): CrawlState {
    return {
      ...this.state,
      frontier: [...inFlight.map((item) => item.entry), ...this.state.frontier],
    };
  }

  private prepend(entries: FrontierEntry[]): void {
    this.state.frontier.unshift(...entries);
  }

  /** Marks an entry queued; false when it already was (reached another way). */
  private claim(entry: FrontierEntry): boolean {
    const key = entryKey(entry);
    if (this.queued.has(key)) return false;
    this.queued.add(key);
    return true;
  }

  private async read(entry: PageEntry): Promise<ReadOutcome> {
    const { api, reader, titles, log } = this.deps;
    let page = entry.kind === 'page' ? entry.page : undefined;
    if (page === undefined) {
      try {
        page = await api.page(entry.id, aboutDocument(entry.id, titles.lookup(entry.id)));
      } catch (error) {
        if (!isObjectLevelFailure(error)) return failedPage(entry.id, undefined, error);
        if (entry.kind === 'root') return this.readRootAsDatabase(entry.id);
        log.warn('a Notion page could not be read; skipping it', {
          pageId: entry.id,
          status: error.details.status,
        });
        return { kind: 'skipped' };
      }
    }
    titles.remember(page.id, page.title);
    if (page.inTrash) {
      return entry.kind === 'root'
        ? { kind: 'missing', id: entry.id, message: `Notion page ${entry.id} is in the trash` }
        : { kind: 'skipped' };
    }
    const title = titleOf(page);
    try {
      return {
        kind: 'document',
        page,
        tree: await reader.read(page.id, aboutDocument(page.id, title)),
      };
    } catch (error) {
      if (!isObjectLevelFailure(error)) return failedPage(page.id, title, error);
      log.warn('the blocks of a Notion page could not be read; skipping it', {
        pageId: page.id,
        status: error.details.status,
      });
      return entry.kind === 'root'
        ? {
            kind: 'missing',
            id: entry.id,
            message: `Notion refused the content of page ${entry.id}`,
          }
        : { kind: 'skipped' };
    }
  }

  /** Wiki-type pages are databases: the page endpoint refuses them, the database one answers. */
  private async readRootAsDatabase(id: string): Promise<ReadOutcome> {
    const missing: ReadOutcome = {
      kind: 'missing',
      id,
      message: `Notion page ${id} was not found: it does not exist or is not shared with the integration`,
    };
    let database;
    try {
      database = await this.deps.api.database(id);
    } catch (error) {
      if (isObjectLevelFailure(error)) return missing;
      throw error;
    }
    if (database.inTrash) {
      return { kind: 'missing', id, message: `Notion database ${id} is in the trash` };
    }
    this.claim({ kind: 'database', id });
    return { kind: 'database', entries: this.dataSourceEntries(database) };
  }

  /** A readable database becomes the first page of rows of each of its data sources. */
  private dataSourceEntries(database: NotionDatabase): FrontierEntry[] {
    this.deps.titles.remember(database.id, database.title);
    return database.dataSourceIds
      .map((dataSourceId): FrontierEntry => ({ kind: 'rows', dataSourceId, cursor: null }))
      .filter((entry) => this.claim(entry));
  }

  /** A database becomes its data sources; a data source, one page of rows (+ the rest). */
  private async expand(entry: Exclude<FrontierEntry, PageEntry>): Promise<FrontierEntry[]> {
    const { api, titles, log } = this.deps;
    try {
      if (entry.kind === 'database') {
        const database = await api.database(entry.id);
        return database.inTrash ? [] : this.dataSourceEntries(database);
      }
      const rows = await api.queryDataSource(entry.dataSourceId, entry.cursor);
      const next: FrontierEntry[] = [];
      for (const page of rows.results) {
        titles.remember(page.id, page.title);
        const pageEntry: FrontierEntry = { kind: 'page', id: page.id, page };
        if (!page.inTrash && this.claim(pageEntry)) next.push(pageEntry);
      }
      guardCursor(
        rows.nextCursor === null ? null : `${entry.dataSourceId}:${rows.nextCursor}`,
        this.rowCursors,
      );
      if (rows.nextCursor !== null) {
        next.push({ kind: 'rows', dataSourceId: entry.dataSourceId, cursor: rows.nextCursor });
      }
      return next;
    } catch (error) {
      if (!isObjectLevelFailure(error)) throw error;
      // Linked databases (views of another workspace's data) are not readable through the API.
      log.warn('a Notion database could not be read; skipping it', {
        id: entry.kind === 'database' ? entry.id : entry.dataSourceId,
        status: error.details.status,
      });
      return [];
    }
  }

  /** The next page of search results, queued in order; stops only when `has_more` is false. */
  private async searchNext(cursor: string | null): Promise<void> {
    const answer = await this.deps.api.searchPages(cursor);
    for (const page of answer.results) {
      this.deps.titles.remember(page.id, page.title);
      const entry: FrontierEntry = { kind: 'page', id: page.id, page };
      if (!page.inTrash && this.claim(entry)) this.state.frontier.push(entry);
    }
    guardCursor(answer.nextCursor, this.searchCursors);
    this.state.search =
      answer.nextCursor === null ? { kind: 'done' } : { kind: 'next', cursor: answer.nextCursor };
  }

  /** Child pages and child databases anywhere in the tree (in toggles, columns, synced blocks). */
  private childEntries(nodes: readonly BlockNode[]): FrontierEntry[] {
    const entries: FrontierEntry[] = [];
    const visit = (list: readonly BlockNode[]) => {
      for (const { block, children } of list) {
        const title = typeof block.payload.title === 'string' ? block.payload.title : '';
        if (block.type === 'child_page' || block.type === 'child_database') {
          this.deps.titles.remember(block.id, title);
          const entry: FrontierEntry =
            block.type === 'child_page'
              ? { kind: 'page', id: block.id }
              : { kind: 'database', id: block.id };
          if (this.claim(entry)) entries.push(entry);
        }
        visit(children);
      }
    };
    visit(nodes);
    return entries;
  }

  private documentItem(page: NotionPage, tree: BlockNode[]): DiscoveryItem {
    const title = titleOf(page);
    let content: DocumentContent;
    try {
      content = pageContent(page, tree, (id) => this.deps.titles.lookup(id));
    } catch (error) {
      return {
        type: 'failure',
        sourceId: page.id,
        title,
        message: `could not render the page: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    return {
      type: 'document',
      ref: {
        sourceId: page.id,
        // Edits inside child pages (separate documents) do not move a parent's time.
        version: page.lastEditedTime,
        title,
        ...(page.url === undefined ? {} : { url: page.url }),
        ...(page.lastEditedTime === '' ? {} : { updatedAt: page.lastEditedTime }),
        content,
      },
    };
  }
}

/** A Notion page is one page of text: its properties, then its blocks. */
export function pageContent(
  page: NotionPage,
  tree: readonly BlockNode[],
  titles: (id: string) => string | undefined,
): DocumentContent {
  return {
    kind: 'parsed',
    document: {
      pages: [{ pageNum: 1, blocks: [...propertyBlocks(page), ...renderBlockTree(tree, titles)] }],
    },
  };
}

function titleOf(page: NotionPage): string {
  return page.title === '' ? 'Untitled' : page.title;
}

/** A page Notion failed to serve is that page's failure; anything else still stops the crawl. */
function failedPage(id: string, title: string | undefined, error: unknown): ReadOutcome {
  if (!(error instanceof DocumentRequestError)) throw error;
  return { kind: 'failed', id, ...(title === undefined ? {} : { title }), message: error.message };
}

function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}
