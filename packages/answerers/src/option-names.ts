import { contentWords } from '@docent/text-segmentation';
import { stemTerm } from './term-stem';

/**
 * Command-line options as a question and a manual write them: "-X", "-a", "--single-transaction".
 * Split into words they lose what names them: "-a" and "-D" are stopwords, "-X" reads as the
 * word "x" that "-x --expanded" holds too, and psql's "-x" is not its "-X". The answerer keeps
 * them whole, as terms of their own.
 */
const OPTION_SHAPE = String.raw`--?\p{L}[\p{L}\p{N}_-]*`;
const OPTION = new RegExp(String.raw`(?<![\p{L}\p{N}_-])${OPTION_SHAPE}(?<!-)`, 'gu');
const WHOLE_OPTION = new RegExp(`^${OPTION_SHAPE}$`, 'u');

/** The options a text writes, as written: "pg_dump -a" → ["-a"]. */
export function optionNames(text: string): string[] {
  return [...text.matchAll(OPTION)].map((match) => match[0]);
}

/** Whether a word is an option: "-r", "--write-recovery-conf". */
export function isOptionName(word: string): boolean {
  return WHOLE_OPTION.test(word);
}

/**
 * What a question calls an option it names ("psql's -X switch", "the -R flag"): a manual lists
 * the option under its name and need not call it so.
 */
export const OPTION_KINDS: readonly string[] = ['option', 'switch', 'flag', 'clause'];

/** "-X", "-1": one character, whose case is its meaning ("-d" deletes a merged branch only). */
export function isOneLetterOption(option: string): boolean {
  return /^-[\p{L}\p{N}]$/u.test(option);
}

/** Whether a text writes one of the options, case and all: "-a --data-only" "-a", not "-A". */
export function writesOption(text: string, options: readonly string[]): boolean {
  return optionNames(text).some((option) => options.includes(option));
}

/** An option as a term writes it, with its value: "--file=file", "-f". */
const OPTION_WITH_VALUE = new RegExp(String.raw`(?<![\p{L}\p{N}_-])${OPTION_SHAPE}(?:=\S*)?`, 'gu');

/**
 * Whether a manual's entry for a term is about the question's options though it does not name
 * them: its term's words are the question's ("rebase.autoSquash" for "Which configuration
 * variable turns on --autosquash?"), or its description names one ("-C: This flag is only
 * allowed in combination with -B" for "What bcrypt cost does htpasswd -B use?").
 */
export function entryConcernsOptions(
  term: string,
  description: readonly string[],
  options: readonly string[],
  questionStems: { has(stem: string): boolean },
): boolean {
  return (
    contentWords(term.replace(OPTION_WITH_VALUE, ' ')).some((w) =>
      questionStems.has(stemTerm(w)),
    ) || description.some((text) => writesOption(text, options))
  );
}

/**
 * Names written in lower case with hyphens, as BIND's options ("max-cache-ttl", "allow-transfer"),
 * nginx's and many tools' settings and subcommands are: "max-negative-ttl" in "What's the
 * default value of max-negative-ttl?". English writes words so too ("brand-new").
 */
export function hyphenedNames(text: string): string[] {
  return [...new Set(text.match(HYPHENED) ?? [])];
}

const HYPHENED =
  /(?<![\p{L}\p{N}_.+-])\p{Ll}[\p{Ll}\p{N}]*(?:-[\p{Ll}\p{N}]+)+(?![\p{L}\p{N}_-])/gu;
