import { isOneLetterOption } from './option-names';
import { CALLABLE_NAME } from './parameter-names';

/** "which git stash option", "what is the default mode", "which configuration variable". */
const ASKS_FOR_A_TERM =
  /\b(?:which|what)(?:\s+[^\s?]+){0,3}?\s+(?:option|flag|switch|mode|setting|variable|parameter|argument)s?\b/;
/** "How do I clone only…": a way of doing something, which an option is. */
const ASKS_HOW_TO = /^\s*how (?:do|can|could|should|would) (?:i|we|you|one)\b/;

/** A call's signature: a name, then its parameters in brackets ("shutil.rmtree(path, …)"). */
const SIGNATURE = new RegExp(String.raw`^(${CALLABLE_NAME})\(.*\)$`, 'u');

/**
 * A term's comma-separated alternatives, each without its argument ("-c <commit>" → "-c"); a
 * call's signature is its name alone ("shutil.rmtree(path, ignore_errors=False)" →
 * "shutil.rmtree"), its parameters no alternatives.
 */
function termAlternatives(term: string): string[] {
  const signature = SIGNATURE.exec(term.trim());
  if (signature) return [signature[1]!];
  return term
    .split(/,\s+/)
    .map((alternative) => alternative.trim().split(/[\s=]/)[0]!)
    .filter((name) => name !== '');
}

/**
 * The names a question or sentence could say a term by, as the term writes them ("--[no-]verify"
 * and "<commit>" none).
 */
function writtenNames(term: string): string[] {
  return termAlternatives(term)
    .map((name) => name.split(/[[<]/)[0]!)
    .filter((name) => name.replace(/^-+/, '') !== '');
}

/** The names a question or sentence could say a term by, lower-cased. */
function sayableNames(term: string): string[] {
  return writtenNames(term).map((name) => name.toLowerCase());
}

function tokens(text: string, lowerCase = true): Set<string> {
  return new Set(
    (lowerCase ? text.toLowerCase() : text)
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
 * A term written as a command, its words before the first argument: "git branch -D <branch>" →
 * ["git", "branch", "-D"]; none for a single name ("pop [--index]", "-f, --force").
 */
function commandHead(term: string): string[] {
  if (term.includes(',')) return [];
  const words: string[] = [];
  for (const word of term.trim().split(/\s+/)) {
    if (/^[<[{(|]/.test(word) || word.includes('=')) break;
    words.push(word);
  }
  return words.length > 1 ? words : [];
}

/**
 * Whether a question's subject ends with one of the term's names, or with the command the term
 * writes out: "git stash pop" with the term "pop [--index] [-q|--quiet] [<stash>]", "git branch
 * -D" with "git branch -D <branch>", "the --force option" not (it ends "option"). A one-letter
 * option must be written in the question as the term writes it.
 */
export function termNamesSubject(
  term: string,
  subjectWords: readonly string[],
  question: string,
): boolean {
  const written = (name: string) => !isOneLetterOption(name) || tokens(question, false).has(name);
  // "atexit.register()", "Counter.most_common(n)": the call named by its name, which the term
  // may write without its class or module ("most_common([n])").
  const last = subjectWords
    .at(-1)
    ?.toLowerCase()
    .replace(/\([^()]*\)$/, '');
  if (last === undefined) return false;
  const named = writtenNames(term).find((name) => {
    const lower = name.toLowerCase();
    return lower === last || (SIGNATURE.test(term.trim()) && last.endsWith(`.${lower}`));
  });
  if (named !== undefined) return written(named);
  const head = commandHead(term);
  if (head.length === 0 || head.length > subjectWords.length) return false;
  const tail = subjectWords.slice(-head.length).map((word) => word.toLowerCase());
  return head.every((word, i) => word.toLowerCase() === tail[i] && written(word));
}
