import { InvalidRequestError } from '@docent/domain-errors';

export const DEFAULT_PAGE_SIZE = 100;

/** Opaque to clients: a versioned, base64url-wrapped sort key. */
export function encodeCursor(after: string | null): string | null {
  return after === null
    ? null
    : Buffer.from(JSON.stringify({ v: 1, a: after })).toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): string | undefined {
  if (cursor === null || cursor === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      v?: number;
      a?: unknown;
    };
    if (parsed.v === 1 && typeof parsed.a === 'string') return parsed.a;
  } catch {
    // fall through to the error below
  }
  throw new InvalidRequestError('The cursor is not one this service returned.', [
    { field: 'cursor', message: 'not a valid cursor' },
  ]);
}

export function pageSize(limit: number | null | undefined): number {
  return limit ?? DEFAULT_PAGE_SIZE;
}
