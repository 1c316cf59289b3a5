/**
 * Acronyms a question writes that the collection spells out somewhere ("What does the PEP do?"
 * and "Policy enforcement point (PEP): This system is responsible for…"): the spelled-out words
 * join the search text, so the passage defining the acronym is found by what it says, not only
 * by the three letters every passage about it repeats.
 */
import { WHERE_TO_LOOK } from '@docent/answerers';

/** Two to six capitals (digits and "&" inside), a plural "s" after: "PEP", "PEPs", "POA&M". */
const ACRONYM = /(?<![\w&])([A-Z][A-Z0-9&]{1,5})s?(?![\w&])/g;
/** Words an acronym may pass over or take a letter from: "Plan of Action and Milestones". */
const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'to', 'in', 'on', 'a', 'an', 'by', '&']);
const MAX_LONG_FORM_WORDS = 8;

/**
 * The acronyms of a question, each once, in order: at least two letters, not all digits, none
 * of a leading clause saying where to look ("In the FedRAMP SSP guide, …": spelling it out would
 * search for the guide, not the answer).
 */
export function questionAcronyms(question: string): string[] {
  const out = new Set<string>();
  for (const match of question.replace(WHERE_TO_LOOK, '').matchAll(ACRONYM)) {
    const acronym = match[1]!;
    if ((acronym.match(/[A-Z]/g)?.length ?? 0) >= 2) out.add(acronym);
  }
  return [...out];
}

/**
 * The words `texts` spell `acronym` out with, or null: "Policy enforcement point (PEP)" before
 * the acronym in brackets or "Transmission Control Block or TCB" before "or" it, or "PEP |
 * Policy Enforcement Point" after it at the start of a line or a table cell (a list of
 * acronyms). The first found wins.
 */
export function acronymLongForm(texts: readonly string[], acronym: string): string | null {
  const letters = acronym.replace(/[^A-Za-z]/g, '').toLowerCase();
  const escaped = acronym.replace(/[.*+?^${}()|[\]\\&]/g, '\\$&');
  // "Policy enforcement point (PEP)", "a Transmission Control Block or TCB".
  const spelledBefore = new RegExp(
    `\\(${escaped}s?\\)|\\s(?:or|aka)\\s+${escaped}s?(?![\\w&])`,
    'g',
  );
  const listed = new RegExp(`(?:^|[|\\n])\\s*${escaped}\\s*[|:–—-]?\\s+([^|\\n]+)`, 'g');
  for (const text of texts) {
    for (const match of text.matchAll(spelledBefore)) {
      const before = wordsOf(text.slice(Math.max(0, match.index - 120), match.index), 'last');
      // The fewest words before the bracket whose initials spell it.
      for (
        let from = before.length - 1;
        from >= Math.max(0, before.length - MAX_LONG_FORM_WORDS);
        from--
      ) {
        const words = before.slice(from);
        if (spells(words, letters)) return words.join(' ');
      }
    }
    for (const match of text.matchAll(listed)) {
      const after = wordsOf(match[1]!, 'first').slice(0, MAX_LONG_FORM_WORDS);
      for (let to = 1; to <= after.length; to++) {
        const words = after.slice(0, to);
        if (spells(words, letters)) return words.join(' ');
      }
    }
  }
  return null;
}

/** The words of `text` after its last punctuation (`last`) or before its first. */
function wordsOf(text: string, side: 'last' | 'first'): string[] {
  const clauses = text.split(/[.,;:()[\]|\n"“”]/);
  const clause = (side === 'last' ? clauses.at(-1) : clauses[0]) ?? '';
  return clause.split(/[\s/]+/).filter(Boolean);
}

/**
 * Whether the words' initials spell `letters` in order: each word gives its first letter (a
 * hyphenated one, each part's), a small word may give none ("Plan of Action and Milestones" is
 * POAM or POA&M), and the first and last words give theirs.
 */
function spells(words: string[], letters: string): boolean {
  const parts = words.flatMap((w) => w.split('-').filter(Boolean));
  if (parts.length === 0 || SMALL_WORDS.has(parts[0]!.toLowerCase())) return false;
  const match = (p: number, l: number): boolean => {
    if (p === parts.length) return l === letters.length;
    const word = parts[p]!.toLowerCase();
    const small = SMALL_WORDS.has(word);
    if (small && p < parts.length - 1 && match(p + 1, l)) return true;
    return l < letters.length && word[0] === letters[l] && match(p + 1, l + 1);
  };
  return match(0, 0);
}

/** Whether the question already writes every word of the long form. */
export function spellsOut(question: string, longForm: string): boolean {
  const asked = new Set(question.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return longForm
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !SMALL_WORDS.has(w))
    .every((w) => asked.has(w));
}
