import { createHash } from 'node:crypto';

/** Elasticsearch caps `_id` at 512 bytes. */
const MAX_ID_BYTES = 512;
const MAX_PREFIX_LENGTH = 100;
/** Lower case, no characters Elasticsearch forbids in index names, no leading `-`, `_`, `+` or `.`. */
const INDEX_PREFIX = /^[a-z0-9][a-z0-9_-]*$/;
/** `_id`s the adapter derives itself start with this, so they never meet a chunk id used as is. */
const RESERVED_ID_MARK = '#';

/**
 * Where one collection lives. Every request names the alias; the concrete index behind it is
 * only named when it is created or deleted. Writes carry `require_alias`, so a write racing with
 * `deleteCollection` fails instead of auto-creating a stray index with dynamic mappings, and an
 * operator can reindex into a new concrete index and swap the alias without the adapter noticing.
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
 * Collection ids are opaque (any string, any length, any case), so indices are named after a
 * 128-bit SHA-256 prefix of the id, as the embedded adapter names its tables.
 */
export function collectionIndex(prefix: string, collectionId: string): CollectionIndex {
  const alias = `${prefix}-c-${sha256Hex(collectionId).slice(0, 32)}`;
  return { alias, concreteIndex: `${alias}-v1` };
}

/** Pattern matching every index and alias of `prefix` (for operators and test clean-up). */
export function collectionIndexPattern(prefix: string): string {
  return `${prefix}-c-*`;
}

/**
 * The `_id` of a chunk: its chunkId, so re-indexing overwrites it in place. A chunk id that is
 * empty, longer than `_id` allows or starts with the reserved mark is replaced by its hash.
 */
export function chunkDocumentId(chunkId: string): string {
  if (
    chunkId.length > 0 &&
    !chunkId.startsWith(RESERVED_ID_MARK) &&
    Buffer.byteLength(chunkId, 'utf8') <= MAX_ID_BYTES
  ) {
    return chunkId;
  }
  return `${RESERVED_ID_MARK}chunk:${sha256Hex(chunkId)}`;
}

/** The `_id` of the manifest that lists a document's chunk `_id`s. */
export function manifestDocumentId(documentId: string): string {
  return `${RESERVED_ID_MARK}manifest:${sha256Hex(documentId)}`;
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
