import {
  decodeCheckpoint,
  encodeCheckpoint,
  MAX_CHECKPOINT_CHARS,
  sourceTag,
} from '../src/crawl-checkpoint';
import type { CrawlState } from '../src/crawl-state';

const A = '01234567-89ab-cdef-0123-456789abcdef';
const B = 'fedcba98-7654-3210-fedc-ba9876543210';
const TAG = sourceTag('notion:#all');

describe('crawl checkpoints', () => {
  it('round-trips the frontier, the search position and whether a root was found', () => {
    const state: CrawlState = {
      frontier: [
        { kind: 'root', id: A },
        // The page object a listing carried is not stored: a resumed crawl fetches it again.
        {
          kind: 'page',
          id: B,
          page: {
            id: B,
            title: 'B',
            lastEditedTime: '',
            url: undefined,
            inTrash: false,
            properties: {},
          },
        },
        { kind: 'database', id: A },
        { kind: 'rows', dataSourceId: B, cursor: 'opaque:cursor/with=odd chars' },
        { kind: 'rows', dataSourceId: A, cursor: null },
      ],
      search: { kind: 'next', cursor: 'search-cursor' },
      anyRootFound: true,
    };
    const checkpoint = encodeCheckpoint(TAG, state)!;
    expect(decodeCheckpoint(checkpoint, TAG)).toEqual({
      ...state,
      frontier: [
        { kind: 'root', id: A },
        { kind: 'page', id: B },
        { kind: 'database', id: A },
        { kind: 'rows', dataSourceId: B, cursor: 'opaque:cursor/with=odd chars' },
        { kind: 'rows', dataSourceId: A, cursor: null },
      ],
    });
    for (const search of [
      { kind: 'off' },
      { kind: 'done' },
      { kind: 'next', cursor: null },
    ] as const) {
      const encoded = encodeCheckpoint(TAG, { frontier: [], search, anyRootFound: false })!;
      expect(decodeCheckpoint(encoded, TAG)?.search).toEqual(search);
    }
  });

  it('is not emitted when the frontier would make it too large', () => {
    const huge: CrawlState = {
      frontier: Array.from({ length: Math.ceil(MAX_CHECKPOINT_CHARS / 40) + 1 }, () => ({
        kind: 'page' as const,
        id: A,
      })),
      search: { kind: 'off' },
      anyRootFound: true,
    };
    expect(encodeCheckpoint(TAG, huge)).toBeUndefined();
    expect(encodeCheckpoint(TAG, { ...huge, frontier: huge.frontier.slice(0, 100) })).toBeDefined();
  });

  it('refuses checkpoints of another source, damaged ones and foreign ids', () => {
    const good = encodeCheckpoint(TAG, {
      frontier: [{ kind: 'page', id: A }],
      search: { kind: 'off' },
      anyRootFound: true,
    })!;
    expect(decodeCheckpoint(good, sourceTag('notion:pages=x'))).toBeUndefined();
    expect(decodeCheckpoint('not json', TAG)).toBeUndefined();
    expect(decodeCheckpoint(good.replace(A, '../../etc/passwd'), TAG)).toBeUndefined();
    expect(decodeCheckpoint(good.replace('"p:', '"x:'), TAG)).toBeUndefined();
    expect(
      decodeCheckpoint(JSON.stringify({ v: 2, s: TAG, f: [], q: null, r: true }), TAG),
    ).toBeUndefined();
  });
});
