import { optionNames } from '@docent/answerers';

/**
 * The command-line options a question names ("pg_dump -a", "--data-only") that no retrieved
 * passage writes. A manual page lists dozens of options, each a short passage whose words say
 * little of the question ("-a --data-only: Dump only the data…" for "What ends up in the output
 * of pg_dump -a?"), and "-a" is no word a search matches: its page is found, its option is not.
 */
export function unwrittenOptions(question: string, passageTexts: readonly string[]): string[] {
  const asked = [...new Set(optionNames(question))];
  if (asked.length === 0) return [];
  const written = new Set(passageTexts.flatMap(optionNames));
  return asked.filter((option) => !written.has(option));
}
