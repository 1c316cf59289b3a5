import { createHash } from 'node:crypto';
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
  const entries = [...query.entries()]
    .filter(([name]) => name !== 'cursor')
    .sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
  return createHash('sha256')
    .update(JSON.stringify([route, params, entries]))
    .digest('base64url')
    .slice(0, 16);
}

/** Opaque cursor: base64url of the offset and the fingerprint of the query it belongs to. */
export function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, q: fingerprint }), 'utf8').toString('base64url');
}

/** The offset a cursor points at; 400 for a garbled cursor or one from another query. */
export function decodeCursor(cursor: string | null, fingerprint: string): number {
  if (cursor === null || cursor === '') return 0;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ApiProblem(400, 'The cursor is invalid');
  }
  if (
    typeof decoded !== 'object' ||
    decoded === null ||
    typeof (decoded as { o?: unknown }).o !== 'number' ||
    typeof (decoded as { q?: unknown }).q !== 'string'
  ) {
    throw new ApiProblem(400, 'The cursor is invalid');
  }
  const { o, q } = decoded as { o: number; q: string };
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
