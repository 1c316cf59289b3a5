import { createHash } from 'node:crypto';
import type { CrawlState, FrontierEntry, SearchPosition } from './crawl-state';

/**
 * Above this size a checkpoint is not emitted: the crawl checkpoints less often (the next
 * chance comes with the next documents) rather than storing a huge frontier.
 */
export const MAX_CHECKPOINT_CHARS = 64 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_CURSOR_CHARS = 1024;

/**
 * `{v, s, f, q, r}`: the source it belongs to (a short hash of the source key), the frontier as
 * compact strings (`r:<id>` selected id, `p:<id>` page, `d:<id>` database, `q:<id>:<cursor>`
 * rows of a data source from a cursor), the search position (`null` off, `""` first page, a
 * cursor, or `true` done) and whether a selected id was found. Page objects are not stored: a
 * resumed crawl fetches them again.
 */
interface CheckpointPayload {
  v: 1;
  s: string;
  f: string[];
  q: string | null | true;
  r: boolean;
}

export function sourceTag(sourceKey: string): string {
  return createHash('sha256').update(sourceKey).digest('base64url').slice(0, 16);
}

/** The checkpoint, or undefined when it would be too large to store. */
export function encodeCheckpoint(tag: string, state: CrawlState): string | undefined {
  const payload: CheckpointPayload = {
    v: 1,
    s: tag,
    f: state.frontier.map(encodeEntry),
    q: encodeSearch(state.search),
    r: state.anyRootFound,
  };
  const text = JSON.stringify(payload);
  return text.length <= MAX_CHECKPOINT_CHARS ? text : undefined;
}

/** The state a checkpoint of this source holds; undefined when it is not one (or is damaged). */
export function decodeCheckpoint(checkpoint: string, tag: string): CrawlState | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(checkpoint);
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { v, s, f, q, r } = payload as Partial<CheckpointPayload>;
  if (v !== 1 || s !== tag || !Array.isArray(f) || typeof r !== 'boolean') return undefined;
  const search = decodeSearch(q);
  if (search === undefined) return undefined;
  const frontier: FrontierEntry[] = [];
  for (const item of f) {
    const entry = typeof item === 'string' ? decodeEntry(item) : undefined;
    if (entry === undefined) return undefined;
    frontier.push(entry);
  }
  return { frontier, search, anyRootFound: r };
}

function encodeEntry(entry: FrontierEntry): string {
  switch (entry.kind) {
    case 'root':
      return `r:${entry.id}`;
    case 'page':
      return `p:${entry.id}`;
    case 'database':
      return `d:${entry.id}`;
    case 'rows':
      return `q:${entry.dataSourceId}:${entry.cursor ?? ''}`;
  }
}

function decodeEntry(text: string): FrontierEntry | undefined {
  const kind = text.slice(0, 2);
  const rest = text.slice(2);
  if (kind === 'q:') {
    const id = rest.slice(0, 36);
    const cursor = rest.slice(37);
    if (!UUID.test(id) || rest[36] !== ':' || cursor.length > MAX_CURSOR_CHARS) return undefined;
    return { kind: 'rows', dataSourceId: id, cursor: cursor === '' ? null : cursor };
  }
  if (!UUID.test(rest)) return undefined;
  if (kind === 'r:') return { kind: 'root', id: rest };
  if (kind === 'p:') return { kind: 'page', id: rest };
  if (kind === 'd:') return { kind: 'database', id: rest };
  return undefined;
}

function encodeSearch(search: SearchPosition): string | null | true {
  if (search.kind === 'off') return null;
  if (search.kind === 'done') return true;
  return search.cursor ?? '';
}

function decodeSearch(value: unknown): SearchPosition | undefined {
  if (value === null) return { kind: 'off' };
  if (value === true) return { kind: 'done' };
  if (typeof value !== 'string' || value.length > MAX_CURSOR_CHARS) return undefined;
  return { kind: 'next', cursor: value === '' ? null : value };
}
