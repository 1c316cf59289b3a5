import type { ComparisonOperator, DriveQueryExpression, DriveQueryValue } from './drive-query-ast';
import { DriveQueryError } from './drive-query-error';
import { type DriveQueryToken, tokenizeDriveQuery } from './drive-query-lexer';

type FieldKind = 'text' | 'time' | 'boolean';

/** The search terms the fake models, with the operators Drive allows on each. */
const FIELDS: Record<string, { kind: FieldKind; operators: readonly ComparisonOperator[] }> = {
  name: { kind: 'text', operators: ['=', '!=', 'contains'] },
  mimeType: { kind: 'text', operators: ['=', '!=', 'contains'] },
  modifiedTime: { kind: 'time', operators: ['=', '!=', '<', '<=', '>', '>='] },
  createdTime: { kind: 'time', operators: ['=', '!=', '<', '<=', '>', '>='] },
  trashed: { kind: 'boolean', operators: ['=', '!='] },
  starred: { kind: 'boolean', operators: ['=', '!='] },
};

const COLLECTIONS = ['parents'];

/** RFC 3339 date-time; without an offset it is UTC. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** Recursive descent: or > and > not > (group | term). */
export function parseDriveQuery(q: string): DriveQueryExpression {
  const parser = new DriveQueryParser(tokenizeDriveQuery(q));
  return parser.parse();
}

class DriveQueryParser {
  private index = 0;

  constructor(private readonly tokens: DriveQueryToken[]) {}

  parse(): DriveQueryExpression {
    if (this.tokens.length === 0) throw new DriveQueryError('empty query');
    const expression = this.parseOr();
    const extra = this.peek();
    if (extra) throw new DriveQueryError(`unexpected '${extra.text}' at ${extra.position}`);
    return expression;
  }

  private parseOr(): DriveQueryExpression {
    let left = this.parseAnd();
    while (this.takeKeyword('or')) left = { kind: 'or', left, right: this.parseAnd() };
    return left;
  }

  private parseAnd(): DriveQueryExpression {
    let left = this.parseNot();
    while (this.takeKeyword('and')) left = { kind: 'and', left, right: this.parseNot() };
    return left;
  }

  private parseNot(): DriveQueryExpression {
    if (this.takeKeyword('not')) return { kind: 'not', operand: this.parseNot() };
    const token = this.peek();
    if (token?.kind === 'paren' && token.text === '(') {
      this.index += 1;
      const inner = this.parseOr();
      const close = this.peek();
      if (close?.kind !== 'paren' || close.text !== ')') throw this.unexpected("')'");
      this.index += 1;
      return inner;
    }
    return this.parseTerm();
  }

  private parseTerm(): DriveQueryExpression {
    const first = this.peek();
    if (first?.kind === 'string') {
      this.index += 1;
      if (!this.takeKeyword('in')) throw this.unexpected("'in' after a value");
      const collection = this.peek();
      if (collection?.kind !== 'word') throw this.unexpected('a collection after in');
      if (!COLLECTIONS.includes(collection.text)) {
        throw new DriveQueryError(`'${collection.text}' is not a collection this fake models`);
      }
      this.index += 1;
      return { kind: 'membership', value: first.text, collection: collection.text };
    }
    if (first?.kind !== 'word') throw this.unexpected('a search term');
    this.index += 1;
    const rule = FIELDS[first.text];
    if (!rule) throw new DriveQueryError(`unknown or unmodelled search term '${first.text}'`);
    const operator = this.takeOperator();
    if (!rule.operators.includes(operator)) {
      throw new DriveQueryError(`operator ${operator} is not allowed on ${first.text}`);
    }
    return {
      kind: 'comparison',
      field: first.text,
      operator,
      value: this.takeValue(first.text, rule.kind),
    };
  }

  private takeOperator(): ComparisonOperator {
    const token = this.peek();
    if (token?.kind === 'operator') {
      this.index += 1;
      return token.text as ComparisonOperator;
    }
    if (this.takeKeyword('contains')) return 'contains';
    throw this.unexpected('an operator');
  }

  private takeValue(field: string, kind: FieldKind): DriveQueryValue {
    const token = this.peek();
    this.index += 1;
    if (kind === 'boolean') {
      const word = token?.kind === 'word' ? token.text.toLowerCase() : undefined;
      if (word !== 'true' && word !== 'false') {
        throw new DriveQueryError(`${field} takes true or false`);
      }
      return { kind: 'boolean', value: word === 'true' };
    }
    if (token?.kind !== 'string') throw new DriveQueryError(`${field} takes a quoted string`);
    if (kind === 'time' && !RFC3339.test(token.text)) {
      throw new DriveQueryError(`${field} takes an RFC 3339 date-time, got '${token.text}'`);
    }
    return { kind: 'string', text: token.text };
  }

  private takeKeyword(keyword: string): boolean {
    const token = this.peek();
    if (token?.kind === 'word' && token.text.toLowerCase() === keyword) {
      this.index += 1;
      return true;
    }
    return false;
  }

  private peek(): DriveQueryToken | undefined {
    return this.tokens[this.index];
  }

  private unexpected(expected: string): DriveQueryError {
    const token = this.peek();
    return new DriveQueryError(
      token
        ? `expected ${expected} but found '${token.text}' at ${token.position}`
        : `expected ${expected} but the query ended`,
    );
  }
}
