import type { DocumentRef } from '@docent/connector-sdk';
import { BatchBuilder, decodeBatchPayload } from '../src/batch-payload';
import { prefetchInOrder } from '../src/prefetch';

function ref(id: string, text?: string): DocumentRef {
  return {
    sourceId: id,
    version: '1',
    title: `Page ${id}`,
    ...(text !== undefined && {
      content: {
        kind: 'parsed',
        document: { pages: [{ pageNum: 1, blocks: [{ kind: 'paragraph', text }] }] },
      },
    }),
  };
}

describe('BatchBuilder', () => {
  it('closes a batch at its document count, keeping content that rides along', () => {
    const builder = new BatchBuilder({ maxDocuments: 2, maxBytes: 1 << 20, maxInlineBytes: 1024 });
    expect(builder.add(ref('a', 'Alpha body.'))).toBeNull();
    const full = builder.add(ref('b', 'Beta body.'));
    expect(full?.sourceIds).toEqual(['a', 'b']);
    expect(decodeBatchPayload(full!.payload)).toEqual([
      ref('a', 'Alpha body.'),
      ref('b', 'Beta body.'),
    ]);
    expect(builder.take()).toBeNull();
  });

  it('leaves large and file content for the batch worker to fetch', () => {
    const builder = new BatchBuilder({ maxDocuments: 10, maxBytes: 1 << 20, maxInlineBytes: 200 });
    builder.add(ref('big', 'x'.repeat(500)));
    builder.add({
      sourceId: 'file',
      version: '1',
      title: 'report.pdf',
      content: {
        kind: 'file',
        mediaType: 'application/pdf',
        open: async () => (async function* () {})(),
      },
    });
    builder.add(ref('small', 'ok'));
    const batch = builder.take();
    expect(decodeBatchPayload(batch!.payload)).toEqual([
      { sourceId: 'big', version: '1', title: 'Page big' },
      { sourceId: 'file', version: '1', title: 'report.pdf' },
      ref('small', 'ok'),
    ]);
    expect(builder.contentDropped).toBe(2);
  });

  it('closes a batch before its payload would pass its byte budget', () => {
    const builder = new BatchBuilder({ maxDocuments: 10, maxBytes: 400, maxInlineBytes: 1024 });
    expect(builder.add(ref('a', 'a'.repeat(200)))).toBeNull();
    const first = builder.add(ref('b', 'b'.repeat(200)));
    expect(first?.sourceIds).toEqual(['a']);
    expect(Buffer.byteLength(first!.payload)).toBeLessThanOrEqual(400);
    expect(builder.take()?.sourceIds).toEqual(['b']);
  });
});

describe('prefetchInOrder', () => {
  it('keeps a bounded number of items in flight and yields them in input order', async () => {
    let inFlight = 0;
    let most = 0;
    const results: number[] = [];
    for await (const value of prefetchInOrder([5, 1, 4, 2, 3, 0], 3, async (n) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, n * 3));
      inFlight -= 1;
      return n * 10;
    })) {
      results.push(value);
    }
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(3);
  });

  it('surfaces a failure when its turn comes', async () => {
    const seen: number[] = [];
    const run = async () => {
      for await (const value of prefetchInOrder([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('two failed');
        return n;
      })) {
        seen.push(value);
      }
    };
    await expect(run()).rejects.toThrow('two failed');
    expect(seen).toEqual([1]);
  });
});
