import { SentenceVectorCache } from '../src/sentence-vector-cache';

function countingEmbedder() {
  const calls: string[][] = [];
  const embed = async (texts: string[]) => {
    calls.push(texts);
    return texts.map((t) => Float32Array.of(t.length));
  };
  return { calls, embed };
}

describe('SentenceVectorCache', () => {
  it('embeds each new sentence once and serves repeats from memory', async () => {
    const cache = new SentenceVectorCache(10);
    const { calls, embed } = countingEmbedder();
    await cache.embed(['a', 'bb', 'a'], embed);
    const again = await cache.embed(['bb', 'ccc'], embed);
    expect(calls).toEqual([['a', 'bb'], ['ccc']]);
    expect(again.map((v) => v[0])).toEqual([2, 3]);
  });

  it('forgets the least recently used sentence first', async () => {
    const cache = new SentenceVectorCache(2);
    const { calls, embed } = countingEmbedder();
    await cache.embed(['a', 'bb'], embed);
    await cache.embed(['a'], embed); // a is now the most recent
    await cache.embed(['ccc'], embed); // evicts bb
    await cache.embed(['a', 'bb'], embed);
    expect(calls).toEqual([['a', 'bb'], ['ccc'], ['bb']]);
  });

  it('still answers when it keeps nothing, or fewer than one call asks for', async () => {
    for (const capacity of [0, 1]) {
      const cache = new SentenceVectorCache(capacity);
      const { embed } = countingEmbedder();
      const vectors = await cache.embed(['a', 'bb', 'ccc'], embed);
      expect(vectors.map((v) => v[0])).toEqual([1, 2, 3]);
    }
  });
});
