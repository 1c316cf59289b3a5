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

function webUrl(base: string | undefined, links: Json | undefined): string | undefined {
  const webui = optionalString(links?.webui);
  if (webui === undefined) return undefined;
  return /^https?:\/\//i.test(webui) || base === undefined ? webui : `${base}${webui}`;
}

/** v2 `PageBulk`/`PageSingle`. */
export function parseV2Page(value: unknown, base: string | undefined): ConfluencePage {
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
export function parseV1Content(value: unknown, base: string | undefined): ConfluencePage {
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

function versionNumber(value: unknown, pageId: string): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw unexpected(`page ${pageId} has no version number`);
}

/** A v2 list: `{results, _links:{next?, base}}`, next also in the `Link` header. */
export function parseV2PageList(
  value: unknown,
  linkHeader: string | undefined,
  fallbackBase: string,
): PageBatch {
  const body = record(value, 'a v2 page list');
  const links = optionalRecord(body._links);
  const base = optionalString(links?.base) ?? fallbackBase;
  const next = optionalString(links?.next) ?? nextFromLinkHeader(linkHeader);
  return compact({
    pages: results(body, 'a v2 page list').map((page) => parseV2Page(page, base)),
    next,
    base,
  });
}

/** A v1 list: `{results, start, limit, size, _links:{base, next?}}`. */
export function parseV1ContentList(value: unknown, fallbackBase: string): PageBatch {
  const body = record(value, 'a v1 content list');
  const links = optionalRecord(body._links);
  const base = optionalString(links?.base) ?? fallbackBase;
  return compact({
    pages: results(body, 'a v1 content list').map((item) => parseV1Content(item, base)),
    next: optionalString(links?.next),
    base: optionalString(links?.base),
  });
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
