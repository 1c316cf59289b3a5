import {
  bearerTokenProvider,
  type ConnectorContext,
  type DiscoveryItem,
  type DocumentContent,
  type DocumentRef,
  type SourceCredentials,
  SourceError,
  type SourceSession,
} from '@docent/connector-sdk';
import { BlockTreeReader } from './block-tree';
import { ConcurrencyGate } from '@docent/concurrency-gate';
import { decodeCheckpoint, sourceTag } from './crawl-checkpoint';
import { initialState } from './crawl-state';
import { NotionApi } from './notion-api';
import { NotionHttp, type TokenProvider } from './notion-http';
import { pagesApiUrl } from './notion-version';
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
    this.api = new NotionApi(
      new NotionHttp({
        http: context.http,
        baseUrl: pagesApiUrl(context.endpoints),
        token: tokenProvider(context.credentials),
        pacer: runtime.pacer,
        gate: new ConcurrencyGate(runtime.concurrency),
        signal: context.signal,
      }),
    );
    this.reader = new BlockTreeReader(this.api, context.log);
  }

  /** The token works (the bot user answers); the selection is checked by `discover`. */
  async check(): Promise<void> {
    await this.api.me();
  }

  async *discover(checkpoint: string | null): AsyncGenerator<DiscoveryItem, void, undefined> {
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
    yield* crawl.run();
  }

  /** Refs carry their content; this reads a page again for callers that ask anyway. */
  async fetch(ref: DocumentRef): Promise<DocumentContent> {
    const page = await this.api.page(ref.sourceId);
    if (page.inTrash) {
      throw new SourceError('source_not_found', `Notion page ${ref.sourceId} is in the trash`);
    }
    this.titles.remember(page.id, page.title);
    const tree = await this.reader.read(page.id);
    return pageContent(page, tree, (id) => this.titles.lookup(id));
  }
}

function tokenProvider(credentials: SourceCredentials): TokenProvider {
  // The raw token, not a header: the request pacer keeps one rate budget per token.
  if (credentials.mode !== 'basic') return bearerTokenProvider(credentials);
  return () =>
    Promise.reject(
      new SourceError(
        'source_auth_failed',
        'Notion takes a bearer token (an integration token or an OAuth connection), not a username and password',
      ),
    );
}
