import { STOPWORDS } from './stopwords';

/**
 * A word: letters, digits and combining marks, joined across an apostrophe (don't), an
 * underscore (snake_case) or a period between digits (3.14, v1.2.3), like the word rules of
 * Unicode text segmentation (UAX #29) that search engines use. Hyphens, slashes and other
 * periods separate words: "e-mail" is "e" + "mail", "example.com" is "example" + "com".
 */
const WORD =
  /[\p{L}\p{N}\p{M}]+(?:(?:'|_|(?<=\p{N})\.(?=\p{N}))[\p{L}\p{N}\p{M}]+)*(?:(?:\+\+|#)(?![\p{L}\p{N}]))?/gu;
/** "c++", "c#", "f#": a one-letter word keeps these suffixes so language names stay searchable. */
const LANGUAGE_NAME = /^\p{L}(?:\+\+|#)$/u;
const POSSESSIVE = /'s$/;

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[’‘ʼ]/g, "'");
}

/**
 * Lower-cased word tokens of `text` (NFKC-normalised). Possessive "'s" is dropped ("team's" is
 * "team"), other contractions stay whole ("don't"). Alphanumeric codes stay whole ("e4711").
 */
export function words(text: string): string[] {
  const tokens: string[] = [];
  for (const match of normalise(text).matchAll(WORD)) {
    let token = match[0];
    if ((token.endsWith('++') || token.endsWith('#')) && !LANGUAGE_NAME.test(token)) {
      token = token.replace(/(?:\+\+|#)$/, '');
    }
    token = token.replace(POSSESSIVE, '');
    if (token !== '') tokens.push(token);
  }
  return tokens;
}

/** `words(text)` without stopwords. */
export function contentWords(text: string): string[] {
  return words(text).filter((word) => !STOPWORDS.has(word));
}
