import { createHash } from 'node:crypto';
import { InvalidRequestError } from '@docent/domain-errors';
import type { IdempotencyKey } from '@docent/ingestion';

/** Longest key kept (a UUID is 36 characters). */
const MAX_KEY_LENGTH = 255;

/**
 * The `Idempotency-Key` of a request (the IETF httpapi draft's header): a Structured Field
 * string (`"8e03978e-…"`), or the bare token most clients send, of 1 to 255 printable ASCII
 * characters; with the fingerprint of the body it came with. Undefined without the header.
 */
export function idempotencyKeyOf(
  header: string | undefined,
  body: unknown,
): IdempotencyKey | undefined {
  if (header === undefined) return undefined;
  let key = header.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    key = key.slice(1, -1).replace(/\\(["\\])/g, '$1');
  }
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(key)) {
    throw new InvalidRequestError('The Idempotency-Key header is not valid.', [
      {
        field: 'Idempotency-Key',
        message: `must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters (a UUID, say)`,
      },
    ]);
  }
  return { key, fingerprint: fingerprint(body) };
}

/**
 * SHA-256 of the body as canonical JSON (keys sorted): the same request however its fields are
 * ordered. Only the hash is stored, never the body (it carries the source's token).
 */
export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
