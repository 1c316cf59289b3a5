import { createHash, randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID: 10 characters of milliseconds, then 16 of entropy (random unless given, e.g. a hash
 * for an id that must come out the same twice).
 */
export function ulid(now: number = Date.now(), entropy: Uint8Array = randomBytes(16)): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  let tail = '';
  for (let i = 0; i < 16; i++) tail += CROCKFORD[entropy[i]! % 32];
  return `${time}${tail}`;
}

/**
 * `ing_` + a ULID: time-ordered, so ingestion lists page by id alone.
 */
export function newIngestionId(now: number = Date.now(), entropy?: Uint8Array): string {
  return `ing_${ulid(now, entropy)}`;
}

/** Source keys can be long (a CQL query); the hash is what rows store and compare. */
export function hashSourceKey(sourceKey: string): string {
  return createHash('sha256').update(sourceKey, 'utf8').digest('hex');
}

/**
 * Deterministic, so re-indexing a document after a crash overwrites the chunks an earlier
 * attempt wrote instead of leaving orphans under another id.
 */
export function documentIdFor(
  collectionId: string,
  sourceKeyHash: string,
  sourceId: string,
): string {
  const digest = createHash('sha256')
    .update(`${collectionId}\u0000${sourceKeyHash}\u0000${sourceId}`, 'utf8')
    .digest('hex');
  return `doc_${digest.slice(0, 32)}`;
}
