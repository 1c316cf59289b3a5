import { isOptionName, optionNames, OPTION_KINDS } from './option-names';
import { stemTerm } from './term-stem';

/**
 * Kinds of thing a manual names by an identifier. Asked "which directive…" or "which signal…",
 * the answer is the sentence naming one ("The CacheDefaultExpire directive specifies…", "The USR1
 * or graceful signal causes…"), not one that only speaks of the matter ("a 200 OK response is
 * only cached if…").
 */
const NAMED_KINDS = [
  ...OPTION_KINDS,
  'directive',
  'module',
  'signal',
  'setting',
  'parameter',
  'variable',
  'command',
  'function',
  'method',
  'header',
  'keyword',
  'property',
  'attribute',
  'argument',
];

const AUXILIARY = '(?:do|does|did|is|are|was|were|can|could|should|will|would|must|has|have)';
/** "Which configure option…", "what signal…": up to two words before the kind, no auxiliary. */
const ASKS_NAMED_KIND = new RegExp(
  String.raw`\b(?:which|what)\s+(?:(?!${AUXILIARY}\b)[\w-]+\s+){0,2}?(${NAMED_KINDS.join('|')})(?:e?s)?\b`,
  'i',
);

/** A name as code writes it: "CacheDefaultExpire", "mod_so", "USR1", "SIGHUP", "pg_locks". */
const NAME_SHAPE =
  /^(?:[\p{L}\p{N}]*\p{Ll}\p{Lu}[\p{L}\p{N}]*|[\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)+|\p{Lu}[\p{Lu}\p{N}]*\p{N}[\p{Lu}\p{N}]*|\p{Lu}{3,})$/u;

/** The kind of named thing a question asks for ("option" for "Which configure option…"), or null. */
export function askedNamedKind(question: string): string | null {
  const match = ASKS_NAMED_KIND.exec(question);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * Whether a sentence names a thing of the kind: an option for an option, else a name and the
 * kind's word ("The CacheDefaultExpire directive", "a module named mod_so"). A term it describes
 * is its name ("autovacuum_max_workers (integer)" for a setting, "-R" for a flag).
 */
export function namesKind(text: string, kind: string, term?: string): boolean {
  const option = OPTION_KINDS.includes(kind);
  const named = (word: string) => (option ? isOptionName(word) : NAME_SHAPE.test(word));
  if (term !== undefined && term.split(/\s+/).map(bare).some(named)) return true;
  if (option) return optionNames(text).length > 0;
  const stem = stemTerm(kind);
  const words = text.split(/\s+/).map(bare);
  return words.some((word) => stemTerm(word.toLowerCase()) === stem) && words.some(named);
}

/** A word without the quotes, brackets and punctuation around it ("'--enable-http2'"). */
function bare(word: string): string {
  return word.replace(/^[^\p{L}\p{N}-]+|[^\p{L}\p{N}]+$/gu, '');
}
