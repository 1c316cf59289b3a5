const COMPOUND = /\p{L}+(?:-\p{L}+)+/gu;
const WORD = /(?<![\p{L}-])\p{L}+(?![\p{L}-])/gu;
const TRAILING_FRAGMENT = /(\p{L}+)-$/u;
const LEADING_WORD = /^(\p{L}+)/u;

/**
 * Decides what a hyphen at the end of a line is, from the words written inside lines anywhere
 * in the document: "manage-" + "ment" closes up when "management" occurs elsewhere; otherwise
 * the hyphen stays ("on-" + "demand" → "on-demand"), which is also what most PDFs from word
 * processors mean, since those do not hyphenate words by default.
 */
export class Dehyphenator {
  private readonly compounds = new Set<string>();
  private readonly words = new Set<string>();

  /** Learns the words and compounds of a line, except a fragment hyphenated at its end. */
  learn(lineText: string): void {
    const inner = lineText.replace(/\S*-$/, '');
    for (const match of inner.matchAll(COMPOUND)) this.compounds.add(match[0].toLowerCase());
    for (const match of inner.matchAll(WORD)) this.words.add(match[0].toLowerCase());
  }

  /** Joins two consecutive lines of one paragraph. */
  join(left: string, right: string): string {
    if (left.endsWith('\u00ad')) return left.slice(0, -1) + right;
    const fragment = TRAILING_FRAGMENT.exec(left)?.[1];
    if (!fragment) return `${left} ${right}`;
    const next = LEADING_WORD.exec(right)?.[1];
    const initial = next?.charAt(0) ?? '';
    if (!next || initial !== initial.toLowerCase()) return left + right;
    const closed = `${fragment}${next}`.toLowerCase();
    const hyphenated = `${fragment}-${next}`.toLowerCase();
    if (this.words.has(closed) && !this.compounds.has(hyphenated)) {
      return left.slice(0, -1) + right;
    }
    return left + right;
  }
}
