import { createHash } from 'node:crypto';
import { NotionProblem } from './notion-problem';

export const MAX_PAGE_SIZE = 100;

/** `page_size` from a query string (GET) or a JSON body (POST): 1..100, default 100. */
export function pageSizeFrom(raw: unknown, where: 'query' | 'body'): number {
  if (raw === undefined || raw === null) return MAX_PAGE_SIZE;
  const value =
    where === 'query' && typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new NotionProblem(
      400,
      'validation_error',
      `${where}.page_size should be a number, instead was \`${JSON.stringify(raw)}\`.`,
    );
  }
  if (value < 1 || value > MAX_PAGE_SIZE) {
    throw new NotionProblem(
      400,
      'validation_error',
      `${where}.page_size should be ${value < 1 ? '≥ 1' : `≤ ${MAX_PAGE_SIZE}`}, instead was \`${value}\`.`,
    );
  }
  return value;
}

/** What a listing is: a cursor only continues the listing it came from. */
export function listingKey(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 12);
}

interface CursorPayload {
  /** The listing. */
  k: string;
  /** The id of the first item of the next page (Notion's own cursors point at it too). */
  id: string;
  /** Where it was, for when it has gone since. */
  o: number;
}

export interface ListPage<T> {
  results: T[];
  next_cursor: string | null;
  has_more: boolean;
}

/**
 * One page of a listing. Cursors are opaque, name the next item rather than an offset (so an
 * item moving elsewhere does not shift the rest) and are refused for another listing.
 */
export function pageOf<T extends { id: string }>(
  items: readonly T[],
  startCursor: unknown,
  pageSize: number,
  key: string,
  where: 'query' | 'body',
): ListPage<T> {
  const start = startIndex(items, startCursor, key, where);
  const results = items.slice(start, start + pageSize);
  const next = items[start + pageSize];
  return {
    results,
    has_more: next !== undefined,
    next_cursor:
      next === undefined ? null : encodeCursor({ k: key, id: next.id, o: start + pageSize }),
  };
}

function startIndex(
  items: readonly { id: string }[],
  cursor: unknown,
  key: string,
  where: 'query' | 'body',
): number {
  if (cursor === undefined || cursor === null) return 0;
  const invalid = new NotionProblem(
    400,
    'validation_error',
    `${where}.start_cursor should be a valid cursor from a previous response of this request, instead was \`${JSON.stringify(cursor)}\`.`,
  );
  if (typeof cursor !== 'string' || cursor === '') throw invalid;
  let payload: Partial<CursorPayload>;
  try {
    payload = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as Partial<CursorPayload>;
  } catch {
    throw invalid;
  }
  if (payload.k !== key || typeof payload.id !== 'string' || typeof payload.o !== 'number') {
    throw invalid;
  }
  const index = items.findIndex((item) => item.id === payload.id);
  return index >= 0 ? index : Math.min(Math.max(0, payload.o), items.length);
}

function encodeCursor(payload: CursorPayload): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}
