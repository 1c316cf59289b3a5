import { createHash, randomBytes } from 'node:crypto';

/** Elasticsearch caps `_id` at 512 bytes. */
const MAX_ID_BYTES = 512;
const MAX_PREFIX_LENGTH = 100;
/** Lower case, no characters Elasticsearch forbids in index names, no leading `-`, `_`, `+` or `.`. */
const INDEX_PREFIX = /^[a-z0-9][a-z0-9_-]*$/;
/** `_id`s the adapter derives itself start with this, so they never meet a chunk id used as is. */
const RESERVED_ID_MARK = '#';

/**
 * An index behind an alias. Every request names the alias; the concrete index is only named
 * when it is created or deleted. Writes carry `require_alias`, so a write racing with a delete
 * fails instead of auto-creating a stray index with dynamic mappings, and an operator can
 * reindex into a new concrete index and swap the alias without the adapter noticing.
 */
export interface CollectionIndex {
  alias: string;
  concreteIndex: string;
}

export function assertIndexPrefix(prefix: string): void {
  if (
    typeof prefix !== 'string' ||
    prefix.length > MAX_PREFIX_LENGTH ||
    !INDEX_PREFIX.test(prefix)
  ) {
    throw new RangeError(
      `indexPrefix must match ${INDEX_PREFIX.source} and be at most ${MAX_PREFIX_LENGTH} characters`,
    );
  }
}

/**
 * The dedicated index of one collection. Collection ids are opaque (any string, any length, any
 * case), so indices are named after a 128-bit SHA-256 prefix of the id, as the embedded adapter
 * names its tables. Before shared indices existed every collection lived in one of these.
 */
export function collectionIndex(prefix: string, collectionId: string): CollectionIndex {
  return behindAlias(`${prefix}-c-${sha256Hex(collectionId).slice(0, 32)}`);
}

/**
 * Shared index number `slot` for collections of `dimensions` (a `dense_vector` has one size per
 * mapping, so shared indices are per dimension count).
 */
export function sharedIndex(prefix: string, dimensions: number, slot: number): CollectionIndex {
  return behindAlias(`${prefix}-s-d${dimensions}-${slot}`);
}

/** Which of `count` shared indices a new collection goes to: spread by a hash of its id. */
export function sharedIndexSlot(collectionId: string, count: number): number {
  return Number.parseInt(sha256Hex(collectionId).slice(0, 8), 16) % count;
}

/** The registry: one document per collection saying where it lives. */
export function registryIndex(prefix: string): CollectionIndex {
  return behindAlias(`${prefix}-collections`);
}

/** The registry document's `_id` for a collection. */
export function registryDocumentId(collectionId: string): string {
  return sha256Hex(collectionId);
}

/**
 * A new collection key: routes the collection's documents in a shared index, filters every query
 * on it and prefixes its `_id`s. Random per incarnation, so a collection deleted and created again
 * never meets a chunk the delete left behind.
 */
export function newCollectionKey(): string {
  return randomBytes(8).toString('hex');
}

/** The pattern matching every dedicated index of `prefix` (operators, clean-up). */
export function collectionIndexPattern(prefix: string): string {
  return `${prefix}-c-*`;
}

/**
 * The `_id` of a chunk: `idPrefix` (a shared index's collection key and `:`, empty in a dedicated
 * index) and its chunkId, so re-indexing overwrites it in place. A chunk id that is empty, would
 * make the `_id` longer than allowed or starts with the reserved mark is replaced by its hash.
 */
export function chunkDocumentId(chunkId: string, idPrefix = ''): string {
  if (
    chunkId.length > 0 &&
    !chunkId.startsWith(RESERVED_ID_MARK) &&
    Buffer.byteLength(idPrefix + chunkId, 'utf8') <= MAX_ID_BYTES
  ) {
    return idPrefix + chunkId;
  }
  return `${idPrefix}${RESERVED_ID_MARK}chunk:${sha256Hex(chunkId)}`;
}

/** The `_id` of the manifest that lists a document's chunk `_id`s. */
export function manifestDocumentId(documentId: string, idPrefix = ''): string {
  return `${idPrefix}${RESERVED_ID_MARK}manifest:${sha256Hex(documentId)}`;
}

function behindAlias(alias: string): CollectionIndex {
  return { alias, concreteIndex: `${alias}-v1` };
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
