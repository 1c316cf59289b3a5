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
  return text.normalize('NFKC').replace(/[’‘ʼ]/g, "'");
}

/**
 * Lower-cased word tokens of `text` (NFKC-normalised). Possessive "'s" is dropped ("team's" is
 * "team"), other contractions stay whole ("don't"). Alphanumeric codes stay whole ("e4711").
 */
export function words(text: string): string[] {
  return writtenWords(text).map((word) => word.token);
}

/**
 * `words(text)` without stopwords. A stopword written in capitals in text that is not all
 * capitals is an acronym and stays: "ISN" (initial sequence number) is not "isn't", "IT" is not
 * "it". A word alone is judged by its own case. "AND", "OR", "NOT" are operators or emphasis.
 */
export function contentWords(text: string): string[] {
  const written = writtenWords(text);
  const shouting = written.length > 1 && !/\p{Ll}/u.test(text);
  return written
    .filter(
      ({ token, form }) =>
        !STOPWORDS.has(token) || (!shouting && ACRONYM.test(form) && !OPERATORS.has(token)),
    )
    .map((word) => word.token);
}

const OPERATORS = new Set(['and', 'or', 'not']);
/** Two or more letters, all capitals: "ISN", "IT", "US". */
const ACRONYM = /^\p{Lu}{2,}$/u;

/** Each word's token (as `words` gives it) and its form as written (NFKC, case kept). */
function writtenWords(text: string): Array<{ token: string; form: string }> {
  const out: Array<{ token: string; form: string }> = [];
  for (const match of normalise(text).matchAll(WORD)) {
    let token = match[0].toLowerCase();
    if ((token.endsWith('++') || token.endsWith('#')) && !LANGUAGE_NAME.test(token)) {
      token = token.replace(/(?:\+\+|#)$/, '');
    }
    token = token.replace(POSSESSIVE, '');
    if (token !== '') out.push({ token, form: match[0] });
  }
  return out;
}
