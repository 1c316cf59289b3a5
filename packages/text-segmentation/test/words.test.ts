import { contentWords, STOPWORDS, words } from '../src';

describe('words', () => {
  it('lower-cases and splits on spaces and punctuation', () => {
    expect(words('Hello, World! How are you?')).toEqual(['hello', 'world', 'how', 'are', 'you']);
  });

  it('returns nothing for text without letters or digits', () => {
    expect(words('')).toEqual([]);
    expect(words(' -- ... !? ')).toEqual([]);
  });

  it('keeps alphanumeric codes, decimals and versions whole', () => {
    expect(words('Error E4711 in v1.2.3 costs 3.14 USD')).toEqual([
      'error',
      'e4711',
      'in',
      'v1.2.3',
      'costs',
      '3.14',
      'usd',
    ]);
  });

  it('splits hyphenated words, host names and paths', () => {
    expect(words('e-mail state-of-the-art example.com /usr/bin')).toEqual([
      'e',
      'mail',
      'state',
      'of',
      'the',
      'art',
      'example',
      'com',
      'usr',
      'bin',
    ]);
  });

  it('keeps a period that ends a number out of the token', () => {
    expect(words('It was 2019. Then 2020.')).toEqual(['it', 'was', '2019', 'then', '2020']);
  });

  it('keeps contractions whole and drops the possessive', () => {
    expect(words("Don't break the team’s wiki; it's O'Neill's")).toEqual([
      "don't",
      'break',
      'the',
      'team',
      'wiki',
      'it',
      "o'neill",
    ]);
  });

  it('keeps snake_case identifiers whole', () => {
    expect(words('set max_tokens to 128')).toEqual(['set', 'max_tokens', 'to', '128']);
  });

  it('keeps c++, c# and f# but not a trailing # or ++ on longer words', () => {
    expect(words('C++ and C# or F#, issue# 42, x++y, notepad++')).toEqual([
      'c++',
      'and',
      'c#',
      'or',
      'f#',
      'issue',
      '42',
      'x',
      'y',
      'notepad',
    ]);
  });

  it('handles non-ASCII letters and NFKC-normalises', () => {
    expect(words('Café Zürich ﬁle ＡＢＣ１２３')).toEqual(['café', 'zürich', 'file', 'abc123']);
    expect(words('naïve')).toEqual(words('nai\u0308ve'));
  });
});

describe('STOPWORDS and contentWords', () => {
  it('contains the usual English function words', () => {
    for (const word of ['the', 'a', 'and', 'of', 'is', 'how', "don't", 'not']) {
      expect(STOPWORDS.has(word)).toBe(true);
    }
    for (const word of ['password', 'refund', 'database']) {
      expect(STOPWORDS.has(word)).toBe(false);
    }
  });

  it('keeps only content words, in order', () => {
    expect(contentWords('How do I reset my password in the Admin Console?')).toEqual([
      'reset',
      'password',
      'admin',
      'console',
    ]);
    expect(contentWords("We'll see what it's about")).toEqual(['see']);
  });
});

describe('contentWords and acronyms', () => {
  it('keeps a stopword written in capitals as an acronym', () => {
    expect(contentWords('What is the ISN?')).toEqual(['isn']);
    expect(contentWords('Who runs IT support for the US office?')).toEqual([
      'runs',
      'it',
      'support',
      'us',
      'office',
    ]);
    expect(contentWords('ISN')).toEqual(['isn']);
  });

  it('drops stopwords from text written all in capitals', () => {
    expect(contentWords('WHAT IS THE ISN')).toEqual([]);
    expect(contentWords('IS IT ON?')).toEqual([]);
  });

  it('reads curly apostrophes as apostrophes', () => {
    expect(contentWords('Don’t reset it')).toEqual(['reset']);
    expect(words('Team’s DON’T')).toEqual(['team', "don't"]);
  });
});
