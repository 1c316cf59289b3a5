import { createHash } from 'node:crypto';

const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COMPACT = /^[0-9a-f]{32}$/i;

/** The dashed lower-case form of a dashed or undashed UUID; undefined for anything else. */
export function normaliseNotionId(value: string): string | undefined {
  const trimmed = value.trim();
  if (DASHED.test(trimmed)) return trimmed.toLowerCase();
  if (COMPACT.test(trimmed)) return dashed(trimmed.toLowerCase());
  return undefined;
}

export function compactId(id: string): string {
  return id.replace(/-/g, '');
}

function dashed(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A UUID (version-4 layout) derived from a label: fixtures name their pages and get the same id
 * on every run, so tests can refer to them.
 */
export function notionIdFor(label: string): string {
  const hex = createHash('sha256').update(label).digest('hex').slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return dashed(hex.join(''));
}

/** Generates ids from a seed and a counter, so a fake built twice from one input matches. */
export class IdSequence {
  private next = 0;

  constructor(private readonly seed: string) {}

  take(): string {
    this.next += 1;
    return notionIdFor(`${this.seed}#${this.next}`);
  }
}

/** Path parameters with their ids in the dashed form: how faults name a page or block. */
export function normaliseIdParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, normaliseNotionId(value) ?? value]),
  );
}
