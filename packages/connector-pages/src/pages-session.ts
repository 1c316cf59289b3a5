import {
  aboutDocument,
  type ConnectorContext,
  type DiscoveryItem,
  type DocumentContent,
  type DocumentRef,
  type IncompleteListing,
  SourceError,
  type SourceSession,
} from '@docent/connector-sdk';
import { BlockTreeReader } from './block-tree';
import { decodeCheckpoint, sourceTag } from './crawl-checkpoint';
import { initialState } from './crawl-state';
import { NotionApi } from './notion-api';
import { PageCrawl, pageContent } from './page-crawl';
import { pagesSourceKey, type PagesSpec } from './pages-spec';
import type { RequestPacer } from './request-pacer';
import { TitleBook } from './title-book';

/** What sessions of one connector share, and the knobs they run with. */
export interface PagesRuntime {
  pacer: RequestPacer;
  concurrency: number;
  pagesInFlight: number;
  checkpointEvery: number;
}

/** One ingestion's conversation with Notion. */
export class PagesSession implements SourceSession {
  private readonly api: NotionApi;
  private readonly reader: BlockTreeReader;
  private readonly titles = new TitleBook();

  constructor(
    private readonly context: ConnectorContext<PagesSpec>,
    private readonly runtime: PagesRuntime,
  ) {
    this.api = NotionApi.forSession(context, runtime.pacer, runtime.concurrency);
    this.reader = new BlockTreeReader(this.api, context.log);
  }

  /** The token works (the bot user answers); the selection is checked by `discover`. */
  async check(): Promise<void> {
    await this.api.me();
  }

  async *discover(
    checkpoint: string | null,
  ): AsyncGenerator<DiscoveryItem, IncompleteListing | void, undefined> {
    const { spec, log } = this.context;
    const tag = sourceTag(pagesSourceKey(spec));
    let state = initialState(spec.page_ids);
    if (checkpoint !== null) {
      const resumed = decodeCheckpoint(checkpoint, tag);
      if (resumed === undefined) {
        log.warn('ignoring a checkpoint of another Notion listing; listing from the start');
      } else {
        state = resumed;
      }
    }
    const crawl = new PageCrawl(
      {
        api: this.api,
        reader: this.reader,
        titles: this.titles,
        log,
        tag,
        pagesInFlight: this.runtime.pagesInFlight,
        checkpointEvery: this.runtime.checkpointEvery,
      },
      state,
    );
    return yield* crawl.run();
  }

  /** Refs carry their content; this reads a page again for callers that ask anyway. */
  async fetch(ref: DocumentRef): Promise<DocumentContent> {
    const about = aboutDocument(ref.sourceId, ref.title);
    const page = await this.api.page(ref.sourceId, about);
    if (page.inTrash) {
      throw new SourceError('source_not_found', `Notion page ${ref.sourceId} is in the trash`);
    }
    this.titles.remember(page.id, page.title);
    const tree = await this.reader.read(page.id, about);
    return pageContent(page, tree, (id) => this.titles.lookup(id));
  }
}
