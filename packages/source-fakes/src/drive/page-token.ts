import {
  decodeListingToken,
  encodeListingToken,
  listingDigest,
  sortedQueryEntries,
} from '../shared/listing-tokens';
import { invalidParameter } from './request-params';

/** Where a listing stands: how many items were served and how many pages. */
export interface ListingPosition {
  offset: number;
  page: number;
}

/** Identifies a listing by every parameter but the page token and page size. */
export function listingFingerprint(route: string, query: URLSearchParams): string {
  return listingDigest([route, sortedQueryEntries(query, ['pageToken', 'pageSize', 'fields'])]);
}

/** Opaque: base64url of the position and the listing it belongs to. */
export function encodePageToken(position: ListingPosition, fingerprint: string): string {
  return encodeListingToken({ o: position.offset, p: position.page, q: fingerprint });
}

/** The start of the listing without a token; 400 for a garbled token or one of another query. */
export function decodePageToken(token: string | null, fingerprint: string): ListingPosition {
  if (token === null || token === '') return { offset: 0, page: 1 };
  const { o, p, q } = decodeListingToken(token) ?? {};
  if (typeof o !== 'number' || typeof p !== 'number' || q !== fingerprint) {
    throw invalidParameter('pageToken');
  }
  return { offset: o, page: p };
}
