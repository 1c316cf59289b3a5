import { bm25QueryText } from '../../src/elasticsearch/bm25-query-text';

describe('bm25QueryText', () => {
  it('keeps the content words once each, in order', () => {
    expect(bm25QueryText('How do I fix error E4711 during deployment? Fix it!')).toBe(
      'fix error e4711 deployment',
    );
  });

  it('has nothing to search for in stopwords and punctuation', () => {
    expect(bm25QueryText('What is the, and of it?')).toBeNull();
    expect(bm25QueryText('"" OR ""')).toBeNull();
    expect(bm25QueryText('')).toBeNull();
  });

  it('turns operators and query syntax into plain words', () => {
    expect(bm25QueryText('title:E4711 AND -quota* NOT (cats)')).toBe('title e4711 quota cats');
  });

  it('caps the number of terms', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`);
    expect(bm25QueryText(words.join(' '))?.split(' ')).toEqual(words.slice(0, 64));
  });
});
