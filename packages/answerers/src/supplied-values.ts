import { words } from '@docent/text-segmentation';
import { CALLABLE_NAME } from './parameter-names';
import { stemTerm } from './term-stem';

/**
 * The values a question supplies rather than asks about: what a person writes of their own data
 * in the code they quote. "SELECT sum(amount) FROM payments WHERE 0 gives me NULL…" names the
 * manual's `sum()`; `amount` and `payments` are the asker's column and table, which no page of
 * the manual holds or needs to. So are a quoted operand ("CAST('0x1F' AS INTEGER)", "data ->
 * '$.name'"), a call's positional argument ("sqlite3_busy_timeout(db, 5000)"), a name SQL takes
 * after a keyword ("ALTER TABLE users DROP COLUMN email", "SET qty = ?", "ORDER BY day"), an
 * address ("10.0.0.0/8"), the value they set something to ("set min-cache-ttl to 5m") and a
 * placeholder ("LOCK TABLE foo"). What the manual names — a function, a pragma, a keyword, a
 * keyword argument's name — stays: a near miss asks about one the manual lacks
 * ("string_agg(name, ', ')", "PRAGMA wal_size_limit").
 */
export function suppliedValues(question: string): Set<string> {
  const out = new Set<string>();
  const add = (text: string) => {
    for (const word of words(text)) out.add(stemTerm(word));
  };
  for (const match of question.matchAll(CODE_LITERAL)) add(match[1]!);
  for (const match of question.matchAll(CALL)) {
    for (const argument of match[1]!.split(',')) {
      // "exist_ok=True": the parameter is the manual's, its value the asker's.
      const value = argument.includes('=') ? argument.slice(argument.indexOf('=') + 1) : argument;
      // "CAST(x AS INTEGER)": the keyword and the type are the manual's.
      add(value.replace(QUOTED, ' $1 ').replace(KEYWORD, ' '));
    }
  }
  for (const match of question.matchAll(SQL_NAME)) add(match[1]!);
  for (const match of question.matchAll(ADDRESS)) add(match[0]);
  for (const match of question.matchAll(SET_TO)) add(match[1]!);
  for (const word of words(question)) if (PLACEHOLDERS.has(word)) out.add(stemTerm(word));
  return out;
}

/** A short quoted text: '0x1F', "Bob" — not an apostrophe ("typo'd", "events' rowids"). */
const QUOTE = String.raw`['"‘“](?=\S)([^'"‘’“”\n]{1,40}?)(?<=\S)['"’”]`;
const QUOTED = new RegExp(String.raw`(?<![\p{L}\p{N}])${QUOTE}(?![\p{L}\p{N}])`, 'gu');
/**
 * A quoted literal as an operand ("data -> '$.name'", "WHERE name = 'Bob'"). In prose, quotes
 * mark a name or a title ("the "Crash the Super Bowl" contest"), which is what is asked about.
 */
const CODE_LITERAL = new RegExp(String.raw`(?:->>?|[=<>(,|])\s*${QUOTE}`, 'gu');
/** A call's arguments: "max(a, b, c)", "sqlite3_busy_timeout(db, 5000)". */
const CALL = new RegExp(String.raw`${CALLABLE_NAME}\(([^()]+)\)`, 'gu');
/**
 * A name SQL takes after a keyword, written in capitals as a person quoting a statement writes
 * them: a table, a column, an alias. The name itself is not all capitals (that is a keyword or a
 * type: "AS INTEGER").
 */
const SQL_NAME =
  /\b(?:FROM|JOIN|INTO|TABLE|UPDATE|COLUMN|SET|BY|AS|INDEX|VIEW|TRIGGER|ON)\s+(?!\p{Lu}+\b)([\p{L}_][\p{L}\p{N}_]*)/gu;
/** A keyword or a type as SQL is written: all capitals. */
const KEYWORD = /(?<![\p{L}\p{N}_])\p{Lu}{2,}(?![\p{L}\p{N}_])/gu;
/** An IP address or a network, the asker's own: "192.0.2.53", "10.0.0.0/8", "2001:db8::1". */
const ADDRESS =
  /(?<![\w.:])(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,3})?|[\da-f]{1,4}(?::[\da-f]{0,4}){3,7}(?:\/\d{1,3})?)(?![\w.:])/giu;
/** The value a person says they set a setting to: "I set min-cache-ttl to 5m". */
const SET_TO = /\bset\s+(?:it|\S+)\s+to\s+(\S*\d\S*?)(?=[\s,.;:!?]|$)/giu;
/** Names a person writes for a thing of their own when its name does not matter. */
const PLACEHOLDERS = new Set(['foo', 'foobar', 'baz', 'qux', 'quux']);
