import { EmbeddingQueue, firstOfCheapestCalls, leastPadded } from '../src/embedding-queue';
import { NO_INGESTION_METRICS } from '../src/ingestion-metrics';

describe('leastPadded', () => {
  it('takes the run of like lengths, not the longest texts beside shorter ones', () => {
    // Sorted longest first: two long texts, then six short ones.
    const lengths = [250, 240, 60, 60, 58, 57, 40, 39];
    expect(leastPadded(lengths, 4)).toBe(2);
    expect(leastPadded(lengths, 2)).toBe(2);
    expect(leastPadded(lengths, 8)).toBe(0);
    expect(leastPadded(lengths.slice(0, 3), 4)).toBe(0);
  });

  it('keeps to the runs that hold a given text', () => {
    const lengths = [250, 240, 60, 60, 58, 57, 40, 39];
    expect(leastPadded(lengths, 4, 0)).toBe(0);
    expect(leastPadded(lengths, 4, 7)).toBe(4);
    expect(leastPadded(lengths, 2, 1)).toBe(0);
  });
});

describe('firstOfCheapestCalls', () => {
  it("gives a page's long windows a call of their own, apart from the short ones", () => {
    // One call: 6 × 250 positions; two: 3 × 250 + 3 × 60, a call's cost more.
    expect(firstOfCheapestCalls([250, 240, 230, 60, 50, 40], 6)).toBe(3);
  });

  it('keeps texts of about one length in one call, and never takes more than a call holds', () => {
    expect(firstOfCheapestCalls([100, 99, 98, 97], 4)).toBe(4);
    // Two calls either way: 2 + 2 pads least (2 × 100 + 2 × 98 against 3 × 100 + 97).
    expect(firstOfCheapestCalls([100, 99, 98, 97], 3)).toBe(2);
    expect(firstOfCheapestCalls([7], 32)).toBe(1);
  });
});

describe('EmbeddingQueue batching', () => {
  /** Vectors that name their text, and each call's texts. */
  function recording() {
    const calls: string[][] = [];
    const embed = async (texts: string[]) => {
      calls.push(texts);
      return texts.map((text) => Float32Array.of(text.length, 1));
    };
    return { calls, embed };
  }
  const countWords = (text: string) => text.split(' ').length;
  const text = (words: number, tag: string) =>
    [tag, ...Array.from({ length: words - 1 }, () => 'w')].join(' ');

  it('batches by token count and groups texts of like length', async () => {
    const { calls, embed } = recording();
    const queue = new EmbeddingQueue<string>(embed, 2, NO_INGESTION_METRICS, undefined, countWords);
    // Two documents, each a long window and a short one; characters would mislead: the
    // short windows have long words.
    queue.add('a', [[text(200, 'a-long'), `a-short ${'x'.repeat(2_000)}`]]);
    queue.add('b', [[text(190, 'b-long'), `b-short ${'y'.repeat(2_000)}`]]);
    const done = [...(await queue.embedNext()), ...(await queue.embedNext())];
    expect(calls.map((call) => call.map((t) => t.split(' ')[0])).sort()).toEqual([
      ['a-long', 'b-long'],
      ['a-short', 'b-short'],
    ]);
    expect(done.map((d) => d.item)).toEqual(['a', 'b']);
  });

  it('takes a text that waited three calls, so it does not hold back the documents after it', async () => {
    const { calls, embed } = recording();
    const queue = new EmbeddingQueue<string>(embed, 2, NO_INGESTION_METRICS, undefined, countWords);
    queue.add('odd', [[text(100, 'odd')]]);
    const handed: string[] = [];
    for (const first of ['f0', 'f1', 'f2']) {
      queue.add(first, [[text(10, `${first}a`), text(10, `${first}b`)]]);
    }
    for (let call = 0; call < 4; call++) {
      queue.add(`pair${call}`, [[text(10, `p${call}a`), text(10, `p${call}b`)]]);
      handed.push(...(await queue.embedNext()).map((d) => d.item));
    }
    // The pool stays over two calls' worth: calls 0–2 take texts of like length (10 tokens),
    // call 3 must take the 100-token text.
    expect(
      calls
        .slice(0, 3)
        .flat()
        .some((t) => t.startsWith('odd')),
    ).toBe(false);
    expect(calls[3]!.some((t) => t.startsWith('odd'))).toBe(true);
    while (queue.busy) handed.push(...(await queue.embedNext()).map((d) => d.item));
    expect(handed).toEqual(['odd', 'f0', 'f1', 'f2', 'pair0', 'pair1', 'pair2', 'pair3']);
  });
});
