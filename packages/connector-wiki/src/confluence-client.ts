import {
  ABOUT_SOURCE,
  aboutDocument,
  type AnswerContext,
  DocumentError,
  DocumentRequestError,
  type FailedAnswer,
  hostForMessages,
  type HttpResponse,
  type QueryValue,
  SourceError,
  type SourceApiClient,
} from '@docent/connector-sdk';
import type { ConfluenceDeployment } from './confluence-deployment';
import { rejectedCql } from './confluence-profile';
import {
  type AttachmentBatch,
  type ConfluenceAttachment,
  type ConfluencePage,
  parseV1Attachment,
  parseV1AttachmentList,
  parseV1Content,
  parseV1ContentList,
  parseV2Attachment,
  parseV2AttachmentList,
  parseV2Page,
  parseV2PageList,
  parseV2SpaceId,
  type WebBase,
} from './confluence-responses';
import { pagesOnlyCql } from './cql-selection';
import type { ListingPosition } from './listing-checkpoint';

export type PageSelection = { kind: 'space'; key: string } | { kind: 'cql'; cql: string };

export interface ListingBatch {
  pages: ConfluencePage[];
  /** Where the next batch starts; null after the last one. */
  next: ListingPosition | null;
}

/** v2 allows 250 per page (pages and attachments alike). */
const V2_PAGE_LIMIT = 250;
/** v1 answers at most 50 items per page once bodies are expanded. */
const V1_BODY_LIMIT = 50;
const BODY_EXPANSION = 'body.storage,version';

/** Confluence HTTP and pagination across Cloud v2, Cloud v1 (CQL) and Data Center v1. */
export class ConfluenceClient {
  /** Cloud space key → v2 id, so check() and discover() look it up once. */
  private readonly spaceIds = new Map<string, string>();

  constructor(
    private readonly api: SourceApiClient,
    readonly deployment: ConfluenceDeployment,
  ) {}

  /** Fails with `source_not_found` unless the space exists and is visible; its v2 id on Cloud. */
  async requireSpace(key: string): Promise<string | undefined> {
    const notFound = spaceNotFound(key);
    const d = this.deployment;
    if (d.kind === 'dc') {
      await this.listingJson(`${d.wikiBase}/rest/api/space/${encodeURIComponent(key)}`, undefined, {
        notFound,
      });
      return undefined;
    }
    const { body } = await this.listingJson(
      `${d.apiRoot}/wiki/api/v2/spaces`,
      { keys: key },
      {
        notFound,
      },
    );
    const id = parseV2SpaceId(body);
    if (id === undefined) throw new SourceError('source_not_found', notFound);
    return id;
  }

  /** Runs the first result page of the query: Confluence answers 400 to invalid CQL. */
  async checkCql(cql: string): Promise<void> {
    await this.listingJson(
      `${this.deployment.wikiBase}/rest/api/content/search`,
      { cql: pagesOnlyCql(cql), limit: 1 },
      { explain: rejectedCql },
    );
  }

  /** The selected pages batch by batch, from `from` (a checkpointed position) or the start. */
  listPages(selection: PageSelection, from: ListingPosition | null): AsyncGenerator<ListingBatch> {
    return this.deployment.kind === 'cloud'
      ? this.listCloud(this.deployment, selection, from)
      : this.listDataCenter(this.deployment, selection, from);
  }

  /** One page with its body: a request about that document only. */
  async getPage(id: string, title?: string): Promise<ConfluencePage> {
    const d = this.deployment;
    const about = aboutDocument(id, title);
    if (d.kind === 'dc') {
      const { body } = await this.api.json({
        path: `${d.wikiBase}/rest/api/content/${encodeURIComponent(id)}`,
        query: { expand: BODY_EXPANSION },
        about,
      });
      return parseV1Content(body, this.webBase(baseLink(body)));
    }
    const { body } = await this.api.json({
      path: `${d.apiRoot}/wiki/api/v2/pages/${encodeURIComponent(id)}`,
      query: { 'body-format': 'storage' },
      about,
    });
    return parseV2Page(body, this.webBase(baseLink(body)));
  }

  /**
   * A page's attachments batch by batch: v2 `pages/{id}/attachments` on Cloud, v1
   * `child/attachment` on Data Center. Part of the listing, so about the source: a listing that
   * keeps failing stops the ingestion (and deletes nothing), as a page list does. A page gone
   * since it was listed (a JSON 404) has no attachments left: nothing is yielded.
   */
  async *listAttachments(page: { id: string; title: string }): AsyncGenerator<AttachmentBatch> {
    try {
      yield* this.attachmentBatches(page.id);
    } catch (error) {
      if (!(error instanceof PageGone)) throw error;
    }
  }

  private async *attachmentBatches(id: string): AsyncGenerator<AttachmentBatch> {
    const d = this.deployment;
    const context = { about: ABOUT_SOURCE, explain: pageGone };
    const pageId = encodeURIComponent(id);
    if (d.kind === 'cloud') {
      let url = `${d.apiRoot}/wiki/api/v2/pages/${pageId}/attachments`;
      let query: Record<string, string | number> | undefined = {
        status: 'current',
        limit: V2_PAGE_LIMIT,
      };
      const followed = new Set<string>();
      for (;;) {
        const { body, headers } = await this.api.json({
          path: url,
          ...(query ? { query } : {}),
          ...context,
        });
        const batch = parseV2AttachmentList(body, headers.link, this.webBase);
        yield batch;
        if (batch.next === undefined) return;
        const next = joinV2Next(d.apiRoot, batch.next);
        if (followed.has(next) || next === url) {
          throw new SourceError('internal', 'Confluence pagination loops: a next link repeats');
        }
        followed.add(next);
        url = next;
        query = undefined;
      }
    }
    // Offsets recomputed from what was received, as for pages (CONFSERVER-95272).
    let start = 0;
    for (;;) {
      const { body } = await this.api.json({
        path: `${d.wikiBase}/rest/api/content/${pageId}/child/attachment`,
        query: { expand: 'version', start, limit: V1_BODY_LIMIT },
        ...context,
      });
      const batch = parseV1AttachmentList(body, id, this.webBase);
      yield batch;
      if (batch.next === undefined) return;
      if (batch.attachments.length === 0) {
        throw new SourceError('internal', 'Confluence returned an empty page with a next link');
      }
      start += batch.attachments.length;
    }
  }

  /** One attachment by id (v2 `attachments/{id}`, v1 `content/{id}`), for a ref listed earlier. */
  async getAttachment(id: string, title?: string): Promise<ConfluenceAttachment> {
    const d = this.deployment;
    const about = aboutDocument(id, title);
    const path =
      d.kind === 'cloud'
        ? `${d.apiRoot}/wiki/api/v2/attachments/${encodeURIComponent(id)}`
        : `${d.wikiBase}/rest/api/content/${encodeURIComponent(id)}`;
    const { body } = await this.api.json({
      path,
      ...(d.kind === 'dc' ? { query: { expand: 'version,container' } } : {}),
      about,
    });
    return d.kind === 'cloud'
      ? parseV2Attachment(body, this.webBase(baseLink(body)))
      : parseV1Attachment(body, this.webBase(baseLink(body)));
  }

  /**
   * The bytes of the listed version of an attachment. Site and Data Center: the download link
   * under the wiki base (Cloud answers 302 to its media API, which the client follows without
   * the credentials). Through the OAuth gateway, site-relative links refuse 3LO tokens: the v1
   * REST download on the gateway, which redirects the same way.
   */
  async downloadAttachment(attachment: ConfluenceAttachment, title: string): Promise<HttpResponse> {
    const d = this.deployment;
    const request = {
      about: aboutDocument(attachment.id, title),
      notFound: `"${title}" no longer exists`,
      headers: { accept: '*/*' },
      explain: (answer: FailedAnswer) => refusedByMedia(answer, d.wikiBase, title),
    };
    const listed = d.kind === 'cloud' && d.via === 'gateway' ? undefined : attachment.downloadPath;
    const link = listed === undefined ? undefined : underBase(d.wikiBase, listed);
    if (link !== undefined) return this.api.call({ ...request, path: link });
    if (d.kind === 'dc') {
      throw new DocumentError(`Confluence listed "${title}" without a usable download link`);
    }
    const pageId = encodeURIComponent(attachment.pageId);
    return this.api.call({
      ...request,
      path: `${d.apiRoot}/wiki/rest/api/content/${pageId}/child/attachment/${encodeURIComponent(attachment.id)}/download`,
      query: { version: attachment.version },
    });
  }

  /**
   * The base web links are joined to: through the gateway always the site's (an answer's
   * `_links.base` may name the gateway); otherwise the answer's own, which is the address the
   * server knows itself by (a Data Center behind a proxy), else the configured one.
   */
  private readonly webBase: WebBase = (linksBase) => {
    const d = this.deployment;
    if (d.kind === 'cloud' && d.via === 'gateway') return d.webBase;
    return linksBase ?? d.webBase;
  };

  private listingJson(
    url: string,
    query: Record<string, QueryValue> | undefined,
    context: AnswerContext,
  ) {
    return this.api.json({
      path: url,
      ...(query ? { query } : {}),
      about: ABOUT_SOURCE,
      ...context,
    });
  }

  /**
   * Cloud follows `_links.next` until it is absent: a short page proves nothing, the server caps
   * `limit` silently. v2 links already start with `/wiki`; v1 links are relative to `_links.base`.
   */
  private async *listCloud(
    d: Extract<ConfluenceDeployment, { kind: 'cloud' }>,
    selection: PageSelection,
    from: ListingPosition | null,
  ): AsyncGenerator<ListingBatch> {
    const v2 = selection.kind === 'space';
    const context = failureContext(selection);
    let url: string;
    let query: Record<string, string | number> | undefined;
    if (from !== null && 'url' in from) {
      url = from.url;
    } else if (selection.kind === 'space') {
      const spaceId = await this.requireSpace(selection.key);
      url = `${d.apiRoot}/wiki/api/v2/spaces/${encodeURIComponent(spaceId ?? '')}/pages`;
      query = { status: 'current', 'body-format': 'storage', limit: V2_PAGE_LIMIT };
    } else {
      url = `${d.wikiBase}/rest/api/content/search`;
      query = { cql: pagesOnlyCql(selection.cql), expand: BODY_EXPANSION, limit: V1_BODY_LIMIT };
    }
    const followed = new Set<string>();
    for (;;) {
      const { body, headers } = await this.listingJson(url, query, context);
      const batch = v2
        ? parseV2PageList(body, headers.link, this.webBase)
        : parseV1ContentList(body, this.webBase);
      const next =
        batch.next === undefined
          ? undefined
          : v2
            ? joinV2Next(d.apiRoot, batch.next)
            : joinV1Next(d.wikiBase, d.via === 'site' ? batch.base : undefined, batch.next);
      if (next !== undefined && (followed.has(next) || next === url)) {
        throw new SourceError('internal', 'Confluence pagination loops: a next link repeats');
      }
      yield {
        pages: batch.pages.filter(isCurrentPage),
        next: next === undefined ? null : { url: next },
      };
      if (next === undefined) return;
      followed.add(next);
      url = next;
      query = undefined;
    }
  }

  /**
   * Data Center pages by offset, but its `next` offsets have been wrong (CONFSERVER-95272), so
   * the next `start` is recomputed from what was received; `next` only says whether to go on.
   */
  private async *listDataCenter(
    d: Extract<ConfluenceDeployment, { kind: 'dc' }>,
    selection: PageSelection,
    from: ListingPosition | null,
  ): AsyncGenerator<ListingBatch> {
    let start = from !== null && 'start' in from ? from.start : 0;
    // An unknown spaceKey just lists nothing; only an explicit check tells it from an empty space.
    if (from === null && selection.kind === 'space') await this.requireSpace(selection.key);
    const url =
      selection.kind === 'space'
        ? `${d.wikiBase}/rest/api/content`
        : `${d.wikiBase}/rest/api/content/search`;
    const baseQuery: Record<string, string | number> =
      selection.kind === 'space'
        ? { spaceKey: selection.key, type: 'page', status: 'current', expand: BODY_EXPANSION }
        : { cql: pagesOnlyCql(selection.cql), expand: BODY_EXPANSION };
    const context = failureContext(selection);
    for (;;) {
      const { body } = await this.listingJson(
        url,
        { ...baseQuery, start, limit: V1_BODY_LIMIT },
        context,
      );
      const batch = parseV1ContentList(body, this.webBase);
      let nextStart: number | null = null;
      if (batch.next !== undefined) {
        nextStart = start + batch.pages.length;
        if (batch.pages.length === 0) {
          const linked = startParameter(batch.next);
          if (linked === undefined || linked <= start) {
            throw new SourceError('internal', 'Confluence returned an empty page with a next link');
          }
          nextStart = linked;
        }
      }
      yield {
        pages: batch.pages.filter(isCurrentPage),
        next: nextStart === null ? null : { start: nextStart },
      };
      if (nextStart === null) return;
      start = nextStart;
    }
  }
}

function spaceNotFound(key: string): string {
  return `space ${key} not found or not visible to these credentials`;
}

function failureContext(selection: PageSelection): AnswerContext {
  return selection.kind === 'space'
    ? { notFound: spaceNotFound(selection.key) }
    : { explain: rejectedCql, notFound: 'the CQL search endpoint was not found' };
}

/** Current pages only: CQL and lists may still carry blog posts or other statuses. */
function isCurrentPage(page: ConfluencePage): boolean {
  return page.type === 'page' && page.status === 'current';
}

/** v2 next links start with `/wiki`: they belong after the site origin (or the gateway prefix). */
function joinV2Next(apiRoot: string, next: string): string {
  if (/^https?:\/\//i.test(next)) {
    const absolute = new URL(next);
    return absolute.href.startsWith(`${apiRoot}/`)
      ? absolute.href
      : `${apiRoot}${absolute.pathname}${absolute.search}`;
  }
  return `${apiRoot}${next.startsWith('/') ? '' : '/'}${next}`;
}

/**
 * v1 next links are relative to `_links.base`, used when it is on the host we call. Through the
 * OAuth gateway the base names the site, which refuses 3LO tokens, so `base` is not passed and
 * the gateway's own wiki base is used.
 */
function joinV1Next(wikiBase: string, base: string | undefined, next: string): string {
  if (/^https?:\/\//i.test(next)) {
    const absolute = new URL(next);
    if (absolute.origin === new URL(wikiBase).origin) return absolute.href;
    throw new SourceError('internal', 'Confluence returned a next link to another host');
  }
  const root = base !== undefined && sameOrigin(base, wikiBase) ? base : wikiBase;
  return `${root.replace(/\/+$/, '')}${next.startsWith('/') ? '' : '/'}${next}`;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * A listed download link as an absolute URL under the wiki base the API is called at (the
 * credentials go there): a relative path is joined to it, an absolute URL must already be
 * under it. Anything else is undefined.
 */
function underBase(wikiBase: string, link: string): string | undefined {
  if (/^https?:\/\//i.test(link)) return link.startsWith(`${wikiBase}/`) ? link : undefined;
  if (!link.startsWith('/') || link.startsWith('//')) return undefined;
  return `${wikiBase}${link}`;
}

/** A page whose attachments were asked for is gone (deleted or hidden since it was listed). */
class PageGone extends Error {}

/** Confluence's own JSON 404; an HTML 404 is a wrong URL, for the profile to explain. */
function pageGone(answer: FailedAnswer): Error | undefined {
  const json = (answer.headers['content-type'] ?? '').includes('json');
  return answer.status === 404 && json ? new PageGone() : undefined;
}

/**
 * A 401/403 from the host a download was redirected to (Cloud's media API) is about that file's
 * signed link, not about the credentials, which Confluence itself just accepted.
 */
function refusedByMedia(answer: FailedAnswer, wikiBase: string, title: string) {
  if (answer.status !== 401 && answer.status !== 403) return undefined;
  if (answer.host === hostForMessages(wikiBase)) return undefined;
  return new DocumentRequestError(
    'internal',
    `the file server at ${answer.host} refused "${title}" (HTTP ${answer.status}) although Confluence handed out the link`,
    { status: answer.status },
  );
}

function startParameter(link: string): number | undefined {
  const value = new URL(link, 'http://relative.invalid').searchParams.get('start');
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

function baseLink(body: unknown): string | undefined {
  const links = (body as { _links?: { base?: unknown } } | null)?._links;
  return typeof links?.base === 'string' ? links.base : undefined;
}
