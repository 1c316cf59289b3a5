/** "which git stash option", "what is the default mode", "which configuration variable". */
const ASKS_FOR_A_TERM =
  /\b(?:which|what)(?:\s+[^\s?]+){0,3}?\s+(?:option|flag|switch|mode|setting|variable|parameter|argument)s?\b/;
/** "How do I clone only…": a way of doing something, which an option is. */
const ASKS_HOW_TO = /^\s*how (?:do|can|could|should|would) (?:i|we|you|one)\b/;

/** A term's comma-separated alternatives, each without its argument ("-c <commit>" → "-c"). */
function termAlternatives(term: string): string[] {
  return term
    .split(/,\s+/)
    .map((alternative) => alternative.trim().split(/[\s=]/)[0]!)
    .filter((name) => name !== '');
}

/** The names a question or sentence could say a term by ("--[no-]verify" and "<commit>" none). */
function sayableNames(term: string): string[] {
  return termAlternatives(term)
    .map((name) => name.split(/[[<]/)[0]!.toLowerCase())
    .filter((name) => name.replace(/^-+/, '') !== '');
}

function tokens(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/\s+/)
      .map((token) => token.replace(/^[("'“‘]+|[)"'”’.,;:?!]+$/g, '')),
  );
}

/**
 * Whether a sentence of a term's description (an option's, a setting's) is quoted with the term
 * ("-S, --staged: Stash only the changes that are currently staged."): when the question asks
 * which option, mode or setting, or how to do something, the term is what it asks for — unless
 * the question or the sentence names it already.
 */
export function quotesTerm(question: string, sentence: string, term: string): boolean {
  const q = question.toLowerCase();
  if (!ASKS_FOR_A_TERM.test(q) && !ASKS_HOW_TO.test(q)) return false;
  const names = sayableNames(term);
  if (names.length === 0) return false;
  const said = new Set([...tokens(question), ...tokens(sentence)]);
  return !names.some((name) => said.has(name));
}

/**
 * A term's name as a short answer: its first long option without its argument
 * ("-c <commit>, --reedit-message=<commit>" → "--reedit-message"), else its first name ("-x",
 * "gc.auto").
 */
export function termShortName(term: string): string | null {
  const names = termAlternatives(term);
  return names.find((name) => /^--[^-[]/.test(name)) ?? names[0] ?? null;
}

/**
 * Whether a question's subject ends with one of the term's names: "git stash pop" with the
 * term "pop [--index] [-q|--quiet] [<stash>]", "the --force option" not (it ends "option").
 */
export function termNamesSubject(term: string, subjectWords: readonly string[]): boolean {
  const last = subjectWords.at(-1)?.toLowerCase();
  return last !== undefined && sayableNames(term).includes(last);
}
