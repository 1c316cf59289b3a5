import type { AnswerHolder } from '@docent/source-fakes';
import { containsAnswer, normalizeAnswer } from '../metrics/squad-metrics';

/** SQuAD-normalised tokens: lower case, no ASCII punctuation, no articles. */
export function answerTokens(text: string): string[] {
  return normalizeAnswer(text).split(' ').filter(Boolean);
}

/**
 * Whether `text` holds `phrase` as whole tokens, in a row (case and punctuation aside); a phrase
 * of punctuation alone ("#") is looked for as written.
 */
export function holdsPhrase(text: string, phrase: string): boolean {
  if (normalizeAnswer(phrase) === '') return phrase.trim() !== '' && text.includes(phrase.trim());
  return containsAnswer(text, [phrase]);
}

/**
 * A table row or a term with its description may be laid out in many ways ("Wren | 7301",
 * "Service: Wren; Port: 7301", "Wren, Port: 7301"), so their gold sentence is held when its
 * tokens appear in order, a few others allowed in between.
 */
export function isLaidOutFreely(holder: AnswerHolder): boolean {
  return holder === 'table_row' || holder === 'definition';
}

/** Token span `[start, end)` of `text` holding the gold sentence, or null. */
export function locateSentence(
  text: string,
  gold: string,
  holder: AnswerHolder,
): { start: number; end: number } | null {
  return locateTokens(answerTokens(text), answerTokens(gold), holder);
}

/** `locateSentence` on tokens already normalised. */
export function locateTokens(
  haystack: readonly string[],
  needle: readonly string[],
  holder: AnswerHolder,
): { start: number; end: number } | null {
  if (needle.length === 0) return null;
  if (!isLaidOutFreely(holder)) {
    for (let start = 0; start + needle.length <= haystack.length; start++) {
      if (needle.every((token, i) => haystack[start + i] === token)) {
        return { start, end: start + needle.length };
      }
    }
    return null;
  }
  // In order with gaps, within a window a row's headers and other cells fit in.
  const window = needle.length * 2 + 8;
  for (let start = 0; start < haystack.length; start++) {
    if (haystack[start] !== needle[0]) continue;
    let at = start;
    let matched = 1;
    for (
      let i = start + 1;
      i < haystack.length && i - start < window && matched < needle.length;
      i++
    ) {
      if (haystack[i] === needle[matched]) {
        matched++;
        at = i;
      }
    }
    if (matched === needle.length) return { start, end: at + 1 };
  }
  return null;
}

export function holdsSentence(text: string, gold: string, holder: AnswerHolder): boolean {
  return locateSentence(text, gold, holder) !== null;
}

/**
 * Whether a highlight marks the gold sentence. A table row's gold pairs each cell with its
 * header ("Wren Port 7301"), but one row's highlight can only mark the row ("Wren | 7301"): its
 * header is the table's first row, so header words the highlighted row lacks are not asked of it.
 */
export function highlightHoldsSentence(
  highlighted: string,
  gold: string,
  holder: AnswerHolder,
  headerTokens: readonly string[],
): boolean {
  const tokens = answerTokens(highlighted);
  const header = new Set(holder === 'table_row' ? headerTokens : []);
  const needle = answerTokens(gold).filter((t) => !header.has(t) || tokens.includes(t));
  return locateTokens(tokens, needle, holder) !== null;
}

/** The text of `text` between two code-point offsets (what `highlight` counts in). */
export function codePointSlice(text: string, start: number, end: number): string {
  return [...text].slice(start, end).join('');
}

/** Tokens of `text` left once one of each token of `allowed` is taken away. */
export function tokensBeyond(text: string, allowed: readonly string[]): string[] {
  const budget = new Map<string, number>();
  for (const token of allowed) budget.set(token, (budget.get(token) ?? 0) + 1);
  return answerTokens(text).filter((token) => {
    const left = budget.get(token) ?? 0;
    if (left === 0) return true;
    budget.set(token, left - 1);
    return false;
  });
}
