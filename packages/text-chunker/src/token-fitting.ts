export type CountTokens = (text: string) => number;

/**
 * Tokens set aside for every join of two pieces: counts are summed per piece, and a line break
 * or space between pieces may cost a token of its own (USE-lite, for instance, maps a newline to
 * an unknown token).
 */
export const JOIN_TOKENS = 1;

/** Counts each distinct text once: the embedder's tokenizer is the slow part of chunking. */
export function memoizeCount(count: CountTokens): CountTokens {
  const cache = new Map<string, number>();
  return (text) => {
    let tokens = cache.get(text);
    if (tokens === undefined) {
      tokens = count(text);
      cache.set(text, tokens);
    }
    return tokens;
  };
}

export interface MeasuredText {
  text: string;
  tokens: number;
}

export interface FittedPrefix extends MeasuredText {
  /** How many parts the prefix holds (0 when not even the first part fits). */
  size: number;
}

export interface TextFragment extends MeasuredText {
  /** True when the fragment continues a word cut at the previous fragment (join without space). */
  insideWord: boolean;
}

/**
 * The longest run of `parts`, from `start`, whose joined text fits `budget`, found by
 * exponential then binary search on the real token count: O(log n) tokenizer calls, and the
 * count of the result is exact.
 */
export function longestFittingPrefix(
  parts: readonly string[],
  start: number,
  joiner: string,
  budget: number,
  count: CountTokens,
): FittedPrefix {
  const available = parts.length - start;
  let best: FittedPrefix = { size: 0, text: '', tokens: 0 };
  const fits = (size: number): boolean => {
    const text = parts.slice(start, start + size).join(joiner);
    const tokens = count(text);
    if (tokens > budget) return false;
    if (size > best.size) best = { size, text, tokens };
    return true;
  };

  // Invariant: `low` parts fit (0 always does); `high` parts do not, or high > available.
  let low = 0;
  let high = 1;
  while (high <= available && fits(high)) {
    low = high;
    high *= 2;
  }
  if (high > available) {
    if (low === available || fits(available)) return best;
    high = available;
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return best;
}

/**
 * Cuts `text` into consecutive pieces of at most `budget` tokens: at spaces when it can, inside
 * a word when a single word is over budget. A lone character over budget is kept as a piece,
 * since nothing smaller exists.
 */
export function splitAtWords(text: string, budget: number, count: CountTokens): TextFragment[] {
  const pieces: TextFragment[] = [];
  const words = text.split(/\s+/).filter((word) => word !== '');
  let next = 0;
  while (next < words.length) {
    const fitted = longestFittingPrefix(words, next, ' ', budget, count);
    if (fitted.size > 0) {
      pieces.push({ text: fitted.text, tokens: fitted.tokens, insideWord: false });
      next += fitted.size;
      continue;
    }
    const characters = Array.from(words[next] ?? '');
    let from = 0;
    while (from < characters.length) {
      const head = longestFittingPrefix(characters, from, '', budget, count);
      const size = Math.max(1, head.size);
      const headText = head.size > 0 ? head.text : (characters[from] ?? '');
      const tokens = head.size > 0 ? head.tokens : count(headText);
      pieces.push({ text: headText, tokens, insideWord: from > 0 });
      from += size;
    }
    next += 1;
  }
  return pieces;
}
