import { createHash } from 'node:crypto';
import { type CheckpointCodec, checkpointCodec, MAX_CHECKPOINT_CHARS } from '@docent/connector-sdk';
import type { CrawlState, FrontierEntry, SearchPosition } from './crawl-state';

export { MAX_CHECKPOINT_CHARS };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_CURSOR_CHARS = 1024;

/** A short hash of the source key: what checkpoints carry as their `source`. */
export function sourceTag(sourceKey: string): string {
  return createHash('sha256').update(sourceKey).digest('base64url').slice(0, 16);
}

/**
 * `{v:1, source, f, q, r, p?}`: the source tag, the frontier as compact strings (`r:<id>`
 * selected id, `p:<id>` page, `d:<id>` database, `q:<id>:<cursor>` rows of a data source from a
 * cursor), the search position (`null` off, `""` first page, a cursor, or `true` done), whether
 * a selected id was found, and `p` once a page could not be read. Page objects are not stored:
 * a resumed crawl fetches them again. Over the size cap no checkpoint is emitted: the crawl
 * checkpoints less often rather than storing a huge frontier.
 */
function crawlCheckpoints(tag: string): CheckpointCodec<CrawlState> {
  return checkpointCodec<CrawlState>({
    source: tag,
    version: 1,
    write: (state) => ({
      f: state.frontier.map(encodeEntry),
      q: encodeSearch(state.search),
      r: state.anyRootFound,
      ...(state.partial ? { p: true } : {}),
    }),
    read: ({ f, q, r, p }) => {
      if (!Array.isArray(f) || typeof r !== 'boolean' || (p !== undefined && p !== true)) {
        return undefined;
      }
      const search = decodeSearch(q);
      if (search === undefined) return undefined;
      const frontier: FrontierEntry[] = [];
      for (const item of f) {
        const entry = typeof item === 'string' ? decodeEntry(item) : undefined;
        if (entry === undefined) return undefined;
        frontier.push(entry);
      }
      return { frontier, search, anyRootFound: r, ...(p === true ? { partial: true } : {}) };
    },
  });
}

/** The checkpoint, or undefined when it would be too large to store. */
export function encodeCheckpoint(tag: string, state: CrawlState): string | undefined {
  return crawlCheckpoints(tag).encode(state);
}

/** The state a checkpoint of this source holds; undefined when it is not one (or is damaged). */
export function decodeCheckpoint(checkpoint: string, tag: string): CrawlState | undefined {
  return crawlCheckpoints(tag).decode(checkpoint);
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
