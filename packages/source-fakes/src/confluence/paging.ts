import {
  decodeListingToken,
  encodeListingToken,
  listingDigest,
  sortedQueryEntries,
} from '../shared/listing-tokens';
import { ApiProblem } from './api-problem';

/** Multi-valued parameter given repeated and/or comma-separated. */
export function listParam(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

/** The requested limit, cut to the server cap without telling (as Confluence does). */
export function effectiveLimit(query: URLSearchParams, defaultLimit: number, cap: number): number {
  const raw = query.get('limit');
  if (raw === null || raw === '') return Math.min(defaultLimit, cap);
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new ApiProblem(400, `limit must be a positive integer, got '${raw}'`);
  }
  return Math.min(Number(raw), cap);
}

export function startParam(query: URLSearchParams): number {
  const raw = query.get('start');
  if (raw === null || raw === '') return 0;
  if (!/^\d+$/.test(raw))
    throw new ApiProblem(400, `start must be a non-negative integer, got '${raw}'`);
  return Number(raw);
}

/** Identifies a listing: the route, its path parameters and every query parameter but the cursor. */
export function listingFingerprint(
  route: string,
  params: Record<string, string>,
  query: URLSearchParams,
): string {
  return listingDigest([route, params, sortedQueryEntries(query, ['cursor'])]);
}

/** Opaque cursor: base64url of the offset and the fingerprint of the query it belongs to. */
export function encodeCursor(offset: number, fingerprint: string): string {
  return encodeListingToken({ o: offset, q: fingerprint });
}

/** The offset a cursor points at; 400 for a garbled cursor or one from another query. */
export function decodeCursor(cursor: string | null, fingerprint: string): number {
  if (cursor === null || cursor === '') return 0;
  const { o, q } = decodeListingToken(cursor) ?? {};
  if (typeof o !== 'number' || typeof q !== 'string') {
    throw new ApiProblem(400, 'The cursor is invalid');
  }
  if (q !== fingerprint) {
    throw new ApiProblem(400, 'The cursor does not belong to this query: keep the same parameters');
  }
  return o;
}

/** A relative link to the same listing with some parameters replaced (order kept, new ones last). */
export function relativeLink(
  path: string,
  query: URLSearchParams,
  replacements: Record<string, string>,
): string {
  const next = new URLSearchParams();
  for (const [name, value] of query.entries()) {
    if (!(name in replacements)) next.append(name, value);
  }
  for (const [name, value] of Object.entries(replacements)) next.set(name, value);
  return `${path}?${next.toString()}`;
}
