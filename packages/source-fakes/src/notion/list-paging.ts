import { decodeListingToken, encodeListingToken } from '../shared/listing-tokens';
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
  if (next === undefined) return { results, has_more: false, next_cursor: null };
  // k: the listing; id: the first item of the next page (Notion's own cursors point at it too);
  // o: where it was, for when that item has gone since.
  const cursor = encodeListingToken({ k: key, id: next.id, o: start + pageSize });
  return { results, has_more: true, next_cursor: cursor };
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
  const { k, id, o } = decodeListingToken(cursor) ?? {};
  if (k !== key || typeof id !== 'string' || typeof o !== 'number') throw invalid;
  const index = items.findIndex((item) => item.id === id);
  return index >= 0 ? index : Math.min(Math.max(0, o), items.length);
}
