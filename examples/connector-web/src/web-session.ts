import {
  ABOUT_SOURCE,
  aboutDocument,
  checkpointCodec,
  DocumentError,
  SourceError,
  type ConnectorContext,
  type DiscoveryItem,
  type DocumentContent,
  type DocumentRef,
  type HttpResponse,
  type SourceProfile,
  SourceApiClient,
  type SourceSession,
} from '@docent/connector-sdk';
import { readHtmlPage } from './html-page';
import { RobotsTxt } from './robots-txt';
import { parseSitemap } from './sitemap-xml';
import { pathAndQuery, sameSitePage } from './site-urls';
import { isSitemap, sha256, webSourceKey, type WebSpec } from './web-spec';

const WEB_SITE: SourceProfile = {
  name: 'Web site',
  // Sites answer errors in HTML: the status says it all.
  errorBody: () => ({ reasons: [] }),
  hints: { unauthorized: 'check the token, or leave it out for a public site' },
};

/** Pages read between checkpoints. */
const CHECKPOINT_EVERY = 5;
/** Sitemaps read from one sitemap index, at most. */
const MAX_SITEMAPS = 50;
const ACCEPT_HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

/** Where a listing stands: the pages still to read, every URL already queued, pages read. */
interface CrawlState {
  queue: string[];
  seen: string[];
  read: number;
}

/** One page fetched: its ref, content included, and the same-site links it holds. */
interface VisitedPage {
  ref: DocumentRef;
  links: string[];
  noindex: boolean;
}

/**
 * A site read page by page through the SDK's client (retries, the SSRF guard on every hop, the
 * error monitor): from a start page following same-site links breadth-first, or from a sitemap;
 * `robots.txt` honoured, at most `max_pages` pages.
 */
export class WebSession implements SourceSession {
  private readonly api: SourceApiClient;
  private readonly origin: string;
  private readonly states;

  constructor(private readonly context: ConnectorContext<WebSpec>) {
    const { spec } = context;
    this.origin = new URL(spec.url).origin;
    this.api = new SourceApiClient({
      http: context.http,
      profile: WEB_SITE,
      baseUrl: this.origin,
      // A public site gets no Authorization header at all.
      authorization: () => Promise.resolve(spec.token ? `Bearer ${spec.token}` : ''),
      headers: { accept: ACCEPT_HTML },
      signal: context.signal,
    });
    this.states = checkpointCodec<CrawlState>({
      source: webSourceKey(spec),
      version: 1,
      write: (state) => ({ ...state }),
      read: ({ queue, seen, read }) =>
        isUrlList(queue) && isUrlList(seen) && Number.isInteger(read)
          ? { queue, seen, read: read as number }
          : undefined,
    });
  }

  async check(): Promise<void> {
    const robots = await this.robots();
    if (!robots.allows(pathAndQuery(this.context.spec.url))) {
      throw new SourceError(
        'source_not_found',
        `robots.txt of ${this.origin} does not allow reading ${this.context.spec.url}`,
      );
    }
    await this.api.call({ path: this.context.spec.url, about: ABOUT_SOURCE });
  }

  async *discover(checkpoint: string | null): AsyncGenerator<DiscoveryItem, void, undefined> {
    const { spec, log } = this.context;
    const robots = await this.robots();
    let state = checkpoint === null ? undefined : this.states.decode(checkpoint);
    if (checkpoint !== null && state === undefined)
      log.warn('web checkpoint not usable; listing from the start');
    state ??= await this.firstState(robots);
    const seen = new Set(state.seen);
    const follow = !isSitemap(spec);
    while (state.queue.length > 0 && state.read < spec.max_pages) {
      const url = state.queue.shift()!;
      state.read += 1;
      let page: VisitedPage | undefined;
      try {
        // A sitemap needs no page's links: an unchanged page is not downloaded again.
        page = await this.visit(url, follow ? undefined : await this.context.indexedVersion?.(url));
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        yield { type: 'failure', sourceId: url, message: error.message };
      }
      if (page && !page.noindex) yield { type: 'document', ref: page.ref };
      for (const link of follow && page ? page.links : []) {
        if (seen.has(link) || !robots.allows(pathAndQuery(link))) continue;
        seen.add(link);
        state.queue.push(link);
      }
      if (state.read % CHECKPOINT_EVERY === 0) {
        const mark = this.states.encode({ ...state, seen: [...seen] });
        if (mark !== undefined) yield { type: 'checkpoint', checkpoint: mark };
      }
    }
    if (state.queue.length > 0) {
      log.warn('web listing stopped at max_pages', {
        maxPages: spec.max_pages,
        left: state.queue.length,
      });
    }
  }

  async fetch(ref: DocumentRef): Promise<DocumentContent> {
    // Asked for only when the service needs the content: never conditional.
    const page = await this.visit(ref.sourceId);
    return page.ref.content!;
  }

  /**
   * GETs one page: its blocks, its version (validator or hash), its same-site links. With the
   * version a previous sync indexed, the request is conditional, and a 304 gives the page
   * unchanged, without content (the service skips it).
   */
  private async visit(url: string, indexed?: string): Promise<VisitedPage> {
    const headers = conditionalHeaders(indexed);
    const response = await this.api.call({
      path: url,
      ...(headers && { headers }),
      about: aboutDocument(url, url),
    });
    if (response.status === 304 && indexed !== undefined) {
      await response.buffer().catch(() => undefined);
      const ref = { sourceId: url, version: indexed, title: new URL(url).pathname, url };
      return { ref, links: [], noindex: false };
    }
    const type = response.headers['content-type'] ?? '';
    if (!/^\s*(text\/html|application\/xhtml\+xml)/i.test(type)) {
      await response.buffer().catch(() => undefined);
      throw new DocumentError(`not an HTML page (${type.split(';')[0] || 'no content type'})`);
    }
    const html = await response.text();
    const final = sameSitePage(response.url, url, this.origin);
    if (final === undefined) throw new DocumentError('redirects to another site');
    const page = readHtmlPage(html);
    const links = page.nofollow
      ? []
      : page.links.flatMap((href) => sameSitePage(href, final, this.origin) ?? []);
    return {
      ref: {
        sourceId: url,
        version: versionOf(response, html),
        title: page.title ?? new URL(final).pathname,
        url: final,
        content: htmlFileContent(await response.buffer(), type),
      },
      links,
      noindex: page.noindex,
    };
  }

  private async firstState(robots: RobotsTxt): Promise<CrawlState> {
    const { spec } = this.context;
    const start = isSitemap(spec) ? await this.sitemapPages(spec.url) : [spec.url];
    const queue = [...new Set(start)].filter((url) => robots.allows(pathAndQuery(url)));
    return { queue, seen: queue, read: 0 };
  }

  /** The same-site pages of a sitemap, or of the sitemaps a sitemap index names. */
  private async sitemapPages(url: string): Promise<string[]> {
    const pages: string[] = [];
    const pending = [url];
    for (let read = 0; pending.length > 0 && read < MAX_SITEMAPS; read++) {
      const response = await this.api.call({
        path: pending.shift()!,
        headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.1' },
        about: ABOUT_SOURCE,
      });
      const sitemap = parseSitemap(await response.text());
      for (const entry of sitemap.urls) {
        const page = sameSitePage(entry.loc, url, this.origin);
        if (page !== undefined) pages.push(page);
      }
      for (const entry of sitemap.sitemaps) {
        const next =
          sameSitePage(entry.loc, url, this.origin) ?? sameSiteXml(entry.loc, this.origin);
        if (next !== undefined) pending.push(next);
      }
    }
    return pages;
  }

  /** 404 (or any 4xx): no rules. 5xx: the site may not want crawling, so nothing is read. */
  private async robots(): Promise<RobotsTxt> {
    const response = await this.api.send({
      path: '/robots.txt',
      headers: { accept: 'text/plain,*/*;q=0.1' },
      about: ABOUT_SOURCE,
    });
    if (response.status >= 200 && response.status < 300)
      return RobotsTxt.parse(await response.text());
    await response.buffer().catch(() => undefined);
    return response.status >= 500 ? RobotsTxt.disallowAll() : RobotsTxt.allowAll();
  }
}

/**
 * The page as it was served, for the service's own HTML parser (headings, tables, code blocks,
 * navigation and footers dropped): the connector reads the page only for its links and robots
 * rules.
 */
function htmlFileContent(bytes: Buffer, contentType: string): DocumentContent {
  return {
    kind: 'file',
    mediaType: contentType.trim(),
    size: bytes.length,
    open: () =>
      Promise.resolve(
        (async function* () {
          yield bytes;
        })(),
      ),
  };
}

/** A sitemap index names sitemaps, which `sameSitePage` rejects as not pages. */
function sameSiteXml(loc: string, origin: string): string | undefined {
  try {
    const url = new URL(loc);
    return url.origin === origin ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** `If-None-Match` or `If-Modified-Since` from a version `versionOf` made; none for a hash. */
function conditionalHeaders(version: string | undefined): Record<string, string> | undefined {
  if (version?.startsWith('etag:')) return { 'if-none-match': version.slice('etag:'.length) };
  if (version?.startsWith('modified:')) {
    return { 'if-modified-since': version.slice('modified:'.length) };
  }
  return undefined;
}

/** The server's validator when it gives one (ETag, else Last-Modified), else the body's hash. */
function versionOf(response: HttpResponse, body: string): string {
  const etag = response.headers.etag;
  if (etag) return `etag:${etag}`;
  const modified = response.headers['last-modified'];
  if (modified) return `modified:${modified}`;
  return `sha256:${sha256(body)}`;
}

function isUrlList(value: unknown): value is string[] {
  return (
    Array.isArray(value) && value.every((v) => typeof v === 'string' && /^https?:\/\//.test(v))
  );
}
