import { checkpointCodec, isJsonObject, MAX_CHECKPOINT_CHARS } from '../src';

interface Position {
  page: number;
  ids: string[];
}

const codec = (source = 'feed:https://x.example#all', maxChars?: number) =>
  checkpointCodec<Position>({
    source,
    version: 2,
    write: (position) => ({ position }),
    read: ({ position }) => {
      if (!isJsonObject(position)) return undefined;
      const { page, ids } = position;
      if (typeof page !== 'number' || !Array.isArray(ids)) return undefined;
      if (!ids.every((id) => typeof id === 'string')) return undefined;
      return { page, ids };
    },
    ...(maxChars === undefined ? {} : { maxChars }),
  });

describe('checkpointCodec', () => {
  it('round-trips a state in the shared envelope', () => {
    const checkpoint = codec().encode({ page: 3, ids: ['a', 'b'] })!;
    expect(JSON.parse(checkpoint)).toEqual({
      v: 2,
      source: 'feed:https://x.example#all',
      position: { page: 3, ids: ['a', 'b'] },
    });
    expect(codec().decode(checkpoint)).toEqual({ page: 3, ids: ['a', 'b'] });
  });

  it.each([
    ['another source', codec('feed:https://y.example#all').encode({ page: 1, ids: [] })!],
    [
      'another version',
      JSON.stringify({ v: 1, source: 'feed:https://x.example#all', position: {} }),
    ],
    ['not JSON', '{"v":'],
    ['an array', '[]'],
    [
      'damaged state',
      JSON.stringify({ v: 2, source: 'feed:https://x.example#all', position: { page: 'x' } }),
    ],
  ])('refuses %s', (_label, checkpoint) => {
    expect(codec().decode(checkpoint)).toBeUndefined();
  });

  it('gives no checkpoint past the size cap (64 KiB by default)', () => {
    expect(MAX_CHECKPOINT_CHARS).toBe(64 * 1024);
    const ids = Array.from({ length: 100 }, (_, i) => `id-${i}`);
    expect(codec(undefined, 500).encode({ page: 1, ids })).toBeUndefined();
    expect(codec(undefined, 5_000).encode({ page: 1, ids })).toBeDefined();
  });

  it('refuses state fields that would hide the envelope', () => {
    const clash = checkpointCodec<number>({
      source: 's',
      version: 1,
      write: (v) => ({ v }),
      read: () => 1,
    });
    expect(() => clash.encode(1)).toThrow(/may not be named v or source/);
  });
});
