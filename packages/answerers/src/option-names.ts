/**
 * Command-line options as a question and a manual write them: "-X", "-a", "--single-transaction".
 * Split into words they lose what names them: "-a" and "-D" are stopwords, "-X" reads as the
 * word "x" that "-x --expanded" holds too, and psql's "-x" is not its "-X". The answerer keeps
 * them whole, as terms of their own.
 */
const OPTION = /(?<![\p{L}\p{N}_-])--?\p{L}[\p{L}\p{N}_-]*(?<!-)/gu;

/** The options a text writes, as written: "pg_dump -a" → ["-a"]. */
export function optionNames(text: string): string[] {
  return [...text.matchAll(OPTION)].map((match) => match[0]);
}

/** "-X", "-1": one character, whose case is its meaning ("-d" deletes a merged branch only). */
export function isOneLetterOption(option: string): boolean {
  return /^-[\p{L}\p{N}]$/u.test(option);
}
