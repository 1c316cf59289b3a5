import { SourceError } from '@docent/connector-sdk';

/** One Confluence page as the connector needs it, whichever API listed it. */
export interface ConfluencePage {
  id: string;
  title: string;
  status: string;
  /** `page` unless the API says otherwise (v2 lists pages only). */
  type: string;
  version: number;
  /** ISO 8601, when Confluence reports it. */
  updatedAt?: string;
  /** Absolute web UI link. */
  webUrl?: string;
  /** Storage-format body, when the response carried it. */
  storage?: string;
}

export interface PageBatch {
  pages: ConfluencePage[];
  /** `_links.next` as given (relative), absent on the last batch. */
  next?: string;
  /** `_links.base`, when given. */
  base?: string;
}

/**
 * The site's web base (`https://x.atlassian.net/wiki`, a Data Center base URL) that web UI links
 * are relative to, given the answer's `_links.base` (if any).
 */
export type WebBase = (linksBase: string | undefined) => string;

type Json = Record<string, unknown>;

function unexpected(what: string): SourceError {
  return new SourceError('internal', `Confluence answered with unexpected JSON: ${what}`);
}

function record(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw unexpected(`${what} is not an object`);
  return value as Json;
}

function optionalRecord(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Ids are strings in v2 and v1 alike; numbers are tolerated. */
function id(value: unknown, what: string): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw unexpected(`${what} has no id`);
}

function results(body: Json, what: string): unknown[] {
  if (!Array.isArray(body.results)) throw unexpected(`${what} has no results array`);
  return body.results;
}

function isoTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** An absolute web link: `link` itself when absolute, else joined to the web base. */
function webLink(base: string, link: string | undefined): string | undefined {
  if (link === undefined) return undefined;
  if (/^https?:\/\//i.test(link)) return link;
  return `${base.replace(/\/+$/, '')}${link.startsWith('/') ? '' : '/'}${link}`;
}

function webUrl(base: string, links: Json | undefined): string | undefined {
  return webLink(base, optionalString(links?.webui));
}

/** v2 `PageBulk`/`PageSingle`; `base` is the web base its links are relative to. */
export function parseV2Page(value: unknown, base: string): ConfluencePage {
  const page = record(value, 'a v2 page');
  const pageId = id(page.id, 'a v2 page');
  const version = optionalRecord(page.version);
  const storage = optionalString(optionalRecord(optionalRecord(page.body)?.storage)?.value);
  return compact({
    id: pageId,
    title: optionalString(page.title) ?? pageId,
    status: optionalString(page.status) ?? 'current',
    type: 'page',
    version: versionNumber(version?.number, pageId),
    updatedAt: isoTime(version?.createdAt),
    webUrl: webUrl(base, optionalRecord(page._links)),
    storage,
  });
}

/** v1 `Content` expanded with `body.storage,version`. */
export function parseV1Content(value: unknown, base: string): ConfluencePage {
  const content = record(value, 'a v1 content item');
  const contentId = id(content.id, 'a v1 content item');
  const version = optionalRecord(content.version);
  const storage = optionalString(optionalRecord(optionalRecord(content.body)?.storage)?.value);
  return compact({
    id: contentId,
    title: optionalString(content.title) ?? contentId,
    status: optionalString(content.status) ?? 'current',
    type: optionalString(content.type) ?? 'page',
    version: versionNumber(version?.number, contentId),
    updatedAt: isoTime(version?.when),
    webUrl: webUrl(base, optionalRecord(content._links)),
    storage,
  });
}

function versionNumber(value: unknown, contentId: string): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw unexpected(
    `${contentId.startsWith('att') ? 'attachment' : 'page'} ${contentId} has no version number`,
  );
}

/** A v2 list: `{results, _links:{next?, base}}`, next also in the `Link` header. */
export function parseV2PageList(
  value: unknown,
  linkHeader: string | undefined,
  webBase: WebBase,
): PageBatch {
  const body = record(value, 'a v2 page list');
  const links = optionalRecord(body._links);
  const base = optionalString(links?.base);
  const web = webBase(base);
  const next = optionalString(links?.next) ?? nextFromLinkHeader(linkHeader);
  return compact({
    pages: results(body, 'a v2 page list').map((page) => parseV2Page(page, web)),
    next,
    base,
  });
}

/** A v1 list: `{results, start, limit, size, _links:{base, next?}}`. */
export function parseV1ContentList(value: unknown, webBase: WebBase): PageBatch {
  const body = record(value, 'a v1 content list');
  const links = optionalRecord(body._links);
  const web = webBase(optionalString(links?.base));
  return compact({
    pages: results(body, 'a v1 content list').map((item) => parseV1Content(item, web)),
    next: optionalString(links?.next),
    base: optionalString(links?.base),
  });
}

/** One file attached to a page, whichever API listed it. */
export interface ConfluenceAttachment {
  id: string;
  pageId: string;
  fileName: string;
  /** As Confluence recorded it from the upload. */
  mediaType: string;
  size?: number;
  version: number;
  /** ISO 8601: when this version was uploaded. */
  updatedAt?: string;
  /** The attachment's preview in the web UI (absolute, on the site a user opens). */
  webUrl?: string;
  /** The download link on the site a user opens: a browser opens a PDF there. */
  webDownloadUrl?: string;
  /** The download link as listed: relative to the wiki base (`/download/attachments/…`). */
  downloadPath?: string;
}

export interface AttachmentBatch {
  attachments: ConfluenceAttachment[];
  /** `_links.next` as given, absent on the last batch. */
  next?: string;
}

/** v2 `AttachmentBulk`/`AttachmentSingle`. */
export function parseV2Attachment(value: unknown, base: string): ConfluenceAttachment {
  const item = record(value, 'a v2 attachment');
  const attachmentId = id(item.id, 'a v2 attachment');
  const links = optionalRecord(item._links);
  const version = optionalRecord(item.version);
  const downloadPath = optionalString(item.downloadLink) ?? optionalString(links?.download);
  return compact({
    id: attachmentId,
    pageId: id(item.pageId, `attachment ${attachmentId}'s page`),
    fileName: optionalString(item.title) ?? attachmentId,
    mediaType: optionalString(item.mediaType) ?? '',
    size: byteCount(item.fileSize),
    version: versionNumber(version?.number, attachmentId),
    updatedAt: isoTime(version?.createdAt) ?? isoTime(item.createdAt),
    webUrl: webLink(base, optionalString(item.webuiLink) ?? optionalString(links?.webui)),
    webDownloadUrl: webLink(base, downloadPath),
    downloadPath,
  });
}

/** v1 attachment content (`child/attachment`, or `content/{id}` expanded with `container`). */
export function parseV1Attachment(
  value: unknown,
  base: string,
  pageId?: string,
): ConfluenceAttachment {
  const item = record(value, 'a v1 attachment');
  const attachmentId = id(item.id, 'a v1 attachment');
  const links = optionalRecord(item._links);
  const metadata = optionalRecord(item.metadata);
  const extensions = optionalRecord(item.extensions);
  const container = optionalRecord(item.container);
  const version = optionalRecord(item.version);
  const downloadPath = optionalString(links?.download);
  return compact({
    id: attachmentId,
    pageId: pageId ?? id(container?.id, `attachment ${attachmentId}'s page`),
    fileName: optionalString(item.title) ?? attachmentId,
    mediaType: optionalString(metadata?.mediaType) ?? optionalString(extensions?.mediaType) ?? '',
    size: byteCount(extensions?.fileSize),
    version: versionNumber(version?.number, attachmentId),
    updatedAt: isoTime(version?.when),
    webUrl: webUrl(base, links),
    webDownloadUrl: webLink(base, downloadPath),
    downloadPath,
  });
}

/** A v2 attachment list: `{results, _links:{next?, base}}`, next also in the `Link` header. */
export function parseV2AttachmentList(
  value: unknown,
  linkHeader: string | undefined,
  webBase: WebBase,
): AttachmentBatch {
  const body = record(value, 'a v2 attachment list');
  const links = optionalRecord(body._links);
  const web = webBase(optionalString(links?.base));
  return compact({
    attachments: results(body, 'a v2 attachment list').map((item) => parseV2Attachment(item, web)),
    next: optionalString(links?.next) ?? nextFromLinkHeader(linkHeader),
  });
}

/** A v1 `child/attachment` list of one page. */
export function parseV1AttachmentList(
  value: unknown,
  pageId: string,
  webBase: WebBase,
): AttachmentBatch {
  const body = record(value, 'a v1 attachment list');
  const links = optionalRecord(body._links);
  const web = webBase(optionalString(links?.base));
  return compact({
    attachments: results(body, 'a v1 attachment list').map((item) =>
      parseV1Attachment(item, web, pageId),
    ),
    next: optionalString(links?.next),
  });
}

function byteCount(value: unknown): number | undefined {
  const count = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : undefined;
}

/** v2 `GET /spaces?keys=`: the id of the first space, if any. */
export function parseV2SpaceId(value: unknown): string | undefined {
  const body = record(value, 'a v2 space list');
  const first = results(body, 'a v2 space list')[0];
  return first === undefined ? undefined : id(record(first, 'a v2 space').id, 'a v2 space');
}

/** `GET /oauth/token/accessible-resources`: `[{id, url, …}]`. */
export function parseAccessibleResources(value: unknown): Array<{ id: string; url: string }> {
  if (!Array.isArray(value)) throw unexpected('accessible-resources is not an array');
  return value.map((entry) => {
    const site = record(entry, 'an accessible resource');
    return { id: id(site.id, 'an accessible resource'), url: optionalString(site.url) ?? '' };
  });
}

/** Whether a probe answer looks like a v2 list (Cloud), not an HTML page or an error. */
export function looksLikeV2List(value: unknown): boolean {
  return optionalRecord(value) !== undefined && Array.isArray((value as Json).results);
}

/** `Link: </wiki/api/v2/…?cursor=…>; rel="next", <https://x/wiki>; rel="base"` → the next target. */
export function nextFromLinkHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  // Matched on the whole header: a URL in it may itself contain commas.
  return /<([^>]*)>\s*;\s*rel="?next"?/i.exec(header)?.[1];
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
