import { createHash } from 'node:crypto';

/**
 * A short digest of what identifies a listing (route, parameters…): page tokens carry it, so a
 * token only continues the listing it came from.
 */
export function listingDigest(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

/** Query parameters sorted by name then value, without the `excluded` ones (token, page size). */
export function sortedQueryEntries(
  query: URLSearchParams,
  excluded: readonly string[],
): Array<[string, string]> {
  return [...query.entries()]
    .filter(([name]) => !excluded.includes(name))
    .sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
}

/** An opaque page token: base64url JSON of what the fake needs to resume. */
export function encodeListingToken(payload: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** The payload of a token made by encodeListingToken; undefined for anything else. */
export function decodeListingToken(token: string): Record<string, unknown> | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded)
      ? (decoded as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
