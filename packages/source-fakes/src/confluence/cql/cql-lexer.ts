import { CqlError } from './cql-error';

export type CqlToken =
  | { kind: 'word'; text: string; position: number }
  | { kind: 'string'; text: string; position: number }
  | { kind: 'operator'; text: string; position: number }
  | { kind: 'punctuation'; text: '(' | ')' | ','; position: number };

const OPERATORS = ['!=', '!~', '>=', '<=', '=', '~', '>', '<'];
const WORD_CHAR = /[^\s()=,!~<>"']/;

export function tokenizeCql(cql: string): CqlToken[] {
  const tokens: CqlToken[] = [];
  let i = 0;
  while (i < cql.length) {
    const char = cql[i]!;
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: 'punctuation', text: char, position: i });
      i += 1;
    } else if (char === '"' || char === "'") {
      const { text, end } = readQuoted(cql, i);
      tokens.push({ kind: 'string', text, position: i });
      i = end;
    } else {
      const operator = OPERATORS.find((op) => cql.startsWith(op, i));
      if (operator) {
        tokens.push({ kind: 'operator', text: operator, position: i });
        i += operator.length;
        continue;
      }
      let end = i;
      while (end < cql.length && WORD_CHAR.test(cql[end]!)) end += 1;
      if (end === i) throw new CqlError(`unexpected character '${char}' at position ${i}`);
      tokens.push({ kind: 'word', text: cql.slice(i, end), position: i });
      i = end;
    }
  }
  return tokens;
}

function readQuoted(cql: string, start: number): { text: string; end: number } {
  const quote = cql[start];
  let text = '';
  let i = start + 1;
  while (i < cql.length) {
    const char = cql[i]!;
    if (char === '\\' && i + 1 < cql.length) {
      text += cql[i + 1];
      i += 2;
    } else if (char === quote) {
      return { text, end: i + 1 };
    } else {
      text += char;
      i += 1;
    }
  }
  throw new CqlError(`unterminated string starting at position ${start}`);
}
