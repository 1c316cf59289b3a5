import { createHash } from 'node:crypto';
import { invalidParameter } from './request-params';

/** Where a listing stands: how many items were served and how many pages. */
export interface ListingPosition {
  offset: number;
  page: number;
}

/** Identifies a listing by every parameter but the page token and page size. */
export function listingFingerprint(route: string, query: URLSearchParams): string {
  const entries = [...query.entries()]
    .filter(([name]) => name !== 'pageToken' && name !== 'pageSize' && name !== 'fields')
    .sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
  return createHash('sha256')
    .update(JSON.stringify([route, entries]))
    .digest('base64url')
    .slice(0, 16);
}

/** Opaque: base64url of the position and the listing it belongs to. */
export function encodePageToken(position: ListingPosition, fingerprint: string): string {
  const payload = { o: position.offset, p: position.page, q: fingerprint };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** The start of the listing without a token; 400 for a garbled token or one of another query. */
export function decodePageToken(token: string | null, fingerprint: string): ListingPosition {
  if (token === null || token === '') return { offset: 0, page: 1 };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalidParameter('pageToken');
  }
  const { o, p, q } = (decoded ?? {}) as { o?: unknown; p?: unknown; q?: unknown };
  if (typeof o !== 'number' || typeof p !== 'number' || q !== fingerprint) {
    throw invalidParameter('pageToken');
  }
  return { offset: o, page: p };
}
