import { createHash, randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * `ing_` + a ULID: time-ordered, so ingestion lists page by id alone.
 */
export function newIngestionId(now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  const random = randomBytes(16);
  let tail = '';
  for (let i = 0; i < 16; i++) tail += CROCKFORD[random[i]! % 32];
  return `ing_${time}${tail}`;
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
