import { SourceError } from '@docent/connector-sdk';

/** A JSON object as Notion sent it. */
export type JsonObject = Record<string, unknown>;

export interface NotionPage {
  id: string;
  /** The title property's text; '' when the page has none. */
  title: string;
  lastEditedTime: string;
  url: string | undefined;
  /** `in_trash`, or `archived` on objects from older versions. */
  inTrash: boolean;
  /** Property values by name, as sent (rendered by page-properties). */
  properties: Record<string, JsonObject>;
}

export interface NotionBlock {
  id: string;
  type: string;
  hasChildren: boolean;
  /** The `[type]` object: rich_text, caption, url... */
  payload: JsonObject;
}

export interface NotionDatabase {
  id: string;
  title: string;
  inTrash: boolean;
  dataSourceIds: string[];
}

export interface NotionList<T> {
  results: T[];
  /** Null once `has_more` is false. */
  nextCursor: string | null;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `plain_text` of every run: links and mentions already read as text there. */
export function plainText(richText: unknown): string {
  if (!Array.isArray(richText)) return '';
  return richText
    .map((item) => (isObject(item) && typeof item.plain_text === 'string' ? item.plain_text : ''))
    .join('');
}

function unexpected(what: string): SourceError {
  return new SourceError('internal', `Notion answered ${what} with an unexpected shape`);
}

function requireId(value: JsonObject, what: string): string {
  if (typeof value.id !== 'string' || value.id === '') throw unexpected(what);
  return value.id.toLowerCase();
}

function trashed(value: JsonObject): boolean {
  return value.in_trash === true || value.archived === true;
}

export function parsePage(value: unknown, what = 'a page request'): NotionPage {
  if (!isObject(value) || value.object !== 'page') throw unexpected(what);
  const properties: Record<string, JsonObject> = {};
  let title = '';
  if (isObject(value.properties)) {
    for (const [name, property] of Object.entries(value.properties)) {
      if (!isObject(property)) continue;
      properties[name] = property;
      // The title property has any name ("title", "Name"...) but always type "title".
      if (property.type === 'title') title = plainText(property.title).trim();
    }
  }
  return {
    id: requireId(value, what),
    title,
    lastEditedTime: typeof value.last_edited_time === 'string' ? value.last_edited_time : '',
    url: typeof value.url === 'string' ? value.url : undefined,
    inTrash: trashed(value),
    properties,
  };
}

export function parseBlock(value: unknown, what = 'a block request'): NotionBlock {
  if (!isObject(value) || typeof value.type !== 'string') throw unexpected(what);
  const payload = value[value.type];
  return {
    id: requireId(value, what),
    type: value.type,
    hasChildren: value.has_children === true,
    payload: isObject(payload) ? payload : {},
  };
}

export function parseDatabase(value: unknown, what = 'a database request'): NotionDatabase {
  if (!isObject(value) || value.object !== 'database') throw unexpected(what);
  const sources = Array.isArray(value.data_sources) ? value.data_sources : [];
  return {
    id: requireId(value, what),
    title: plainText(value.title).trim(),
    inTrash: trashed(value),
    dataSourceIds: sources.flatMap((source) =>
      isObject(source) && typeof source.id === 'string' ? [source.id.toLowerCase()] : [],
    ),
  };
}

/**
 * A list answer. `has_more` without a cursor cannot be continued: that is an error rather than
 * the end, so a listing is never taken as complete when it is not.
 */
export function parseList<T>(
  value: unknown,
  what: string,
  parseItem: (item: JsonObject) => T | undefined,
): NotionList<T> {
  if (!isObject(value) || !Array.isArray(value.results)) throw unexpected(what);
  const hasMore = value.has_more === true;
  const nextCursor = typeof value.next_cursor === 'string' ? value.next_cursor : null;
  if (hasMore && nextCursor === null) {
    throw new SourceError('internal', `Notion answered ${what} with has_more but no next_cursor`);
  }
  const results: T[] = [];
  for (const item of value.results) {
    if (!isObject(item)) throw unexpected(what);
    const parsed = parseItem(item);
    if (parsed !== undefined) results.push(parsed);
  }
  return { results, nextCursor: hasMore ? nextCursor : null };
}
