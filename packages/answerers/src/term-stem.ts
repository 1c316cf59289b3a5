/** Stems already worked out: an answer stems every word of its passages, mostly the same ones. */
const stems = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 100_000;

/**
 * A light suffix stripper so "runs", "running" and "run" meet. Deliberately conservative:
 * a wrong merge costs more in answer selection than a missed one.
 */
export function stemTerm(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    // Forgetting all at once keeps this a plain map; it refills with the words in use.
    if (stems.size >= MAX_REMEMBERED_STEMS) stems.clear();
    stem = stemOf(word);
    stems.set(word, stem);
  }
  return stem;
}

/** The word without its diacritics: "Céloron" is "Celoron", as a keyboard leaves it. */
export function withoutAccents(word: string): string {
  return /[^ -~]/.test(word) ? word.normalize('NFD').replace(/\p{M}+/gu, '') : word;
}

function stemOf(word: string): string {
  // Diacritics folded, as the indexes fold them: "Möngke" is asked as "Mongke".
  let w = withoutAccents(word.toLowerCase());
  // "How much do we pay for Atlassian?" is answered by its "Annual cost", "What does it cost?"
  // by its price.
  if (MONEY_WORDS.has(w)) return 'cost';
  if (w.length <= 3 || /\d/.test(w)) return w;
  // "per year" is asked of an "Annual cost", "every month" of a "monthly" fee.
  const period = PERIOD_ADJECTIVES[w];
  if (period) return period;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  // retried → retry, carried → carry (as "retries" → "retry").
  if (w.endsWith('ied') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('es') && /(ch|sh|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is'))
    w = w.slice(0, -1);
  // running → runn → run
  if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  // practice, practiced → practic
  if (w.length > 4 && w.endsWith('e') && !w.endsWith('ee')) w = w.slice(0, -1);
  return w;
}

/** Forms of paying and pricing ("cost", "costs", "costing" stem to "cost" as they are). */
const MONEY_WORDS = new Set(['pay', 'pays', 'paid', 'paying', 'price', 'prices', 'priced']);

const PERIOD_ADJECTIVES: Record<string, string> = {
  annual: 'year',
  annually: 'year',
  yearly: 'year',
  monthly: 'month',
  weekly: 'week',
  daily: 'day',
  hourly: 'hour',
  nightly: 'night',
};
