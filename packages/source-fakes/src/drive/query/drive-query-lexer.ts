import { DriveQueryError } from './drive-query-error';

export type DriveQueryToken =
  | { kind: 'word'; text: string; position: number }
  | { kind: 'string'; text: string; position: number }
  | { kind: 'operator'; text: string; position: number }
  | { kind: 'paren'; text: '(' | ')'; position: number };

const OPERATORS = ['!=', '<=', '>=', '=', '<', '>'];

/** Words, single-quoted strings (`\'` and `\\` the only escapes), comparison operators, parens. */
export function tokenizeDriveQuery(q: string): DriveQueryToken[] {
  const tokens: DriveQueryToken[] = [];
  let i = 0;
  while (i < q.length) {
    const char = q[i]!;
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: 'paren', text: char, position: i });
      i += 1;
    } else if (char === "'") {
      const { text, end } = readString(q, i);
      tokens.push({ kind: 'string', text, position: i });
      i = end;
    } else if (/[A-Za-z_]/.test(char)) {
      let end = i;
      while (end < q.length && /[A-Za-z0-9_]/.test(q[end]!)) end += 1;
      tokens.push({ kind: 'word', text: q.slice(i, end), position: i });
      i = end;
    } else {
      const operator = OPERATORS.find((op) => q.startsWith(op, i));
      if (!operator) throw new DriveQueryError(`unexpected character '${char}' at ${i}`);
      tokens.push({ kind: 'operator', text: operator, position: i });
      i += operator.length;
    }
  }
  return tokens;
}

function readString(q: string, start: number): { text: string; end: number } {
  let text = '';
  let i = start + 1;
  while (i < q.length) {
    const char = q[i]!;
    if (char === '\\') {
      const escaped = q[i + 1];
      if (escaped !== "'" && escaped !== '\\') {
        throw new DriveQueryError(`invalid escape at ${i}: only \\' and \\\\ are allowed`);
      }
      text += escaped;
      i += 2;
    } else if (char === "'") {
      return { text, end: i + 1 };
    } else {
      text += char;
      i += 1;
    }
  }
  throw new DriveQueryError(`unterminated string starting at ${start}`);
}
