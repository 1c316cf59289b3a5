import { contentWords, words } from '@docent/text-segmentation';

/**
 * Inflections of one word meet ("eliminates", "eliminating", "eliminated"; "models", "model"):
 * a light suffix stripper, applied alike to the gold answer and the answer.
 */
function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  const base = word.replace(/(?:ing|ed|es|s)$/, '');
  const trimmed = base.length >= 3 && !word.endsWith('ss') ? base : word;
  return trimmed.replace(/e$/, '');
}

/**
 * The words that make a gold answer's fact: its content words, leaving out what is in
 * parentheses (abbreviations, asides), what follows a semicolon (an explanation) and what the
 * question already says. "Which component … decision …?" / "The policy engine (PE); it is
 * paired with…" → policy, engine.
 */
export function factWords(gold: string, question = ''): string[] {
  const fact = gold.replace(/\([^)]*\)/g, ' ').split(';')[0] ?? '';
  const asked = new Set(words(question).map(stem));
  const all = [...new Map(contentWords(fact).map((word) => [stem(word), word])).values()];
  const fresh = all.filter((word) => !asked.has(stem(word)));
  return fresh.length > 0 ? fresh : all;
}

/** Whether `answer` holds every fact word of the gold answer (case and inflection aside). */
export function holdsFact(answer: string, gold: string, question = ''): boolean {
  const have = new Set(words(answer).map(stem));
  const needed = factWords(gold, question);
  return needed.length > 0 && needed.every((word) => have.has(stem(word)));
}
