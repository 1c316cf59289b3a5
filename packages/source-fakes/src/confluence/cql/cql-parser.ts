import type { CqlExpression, CqlOperator, CqlOrder, CqlQuery } from './cql-ast';
import { CqlError } from './cql-error';
import { type CqlToken, tokenizeCql } from './cql-lexer';

/** Recursive descent over: or > and > not > (group | clause), then an optional `order by`. */
export function parseCql(cql: string): CqlQuery {
  const parser = new CqlParser(tokenizeCql(cql));
  return parser.parseQuery();
}

class CqlParser {
  private index = 0;

  constructor(private readonly tokens: CqlToken[]) {}

  parseQuery(): CqlQuery {
    if (this.tokens.length === 0) throw new CqlError('empty query');
    const where = this.isKeyword('order') ? undefined : this.parseOr();
    const orderBy: CqlOrder[] = [];
    if (this.isKeyword('order')) {
      this.index += 1;
      this.expectKeyword('by');
      do {
        const field = this.expectValue('a field after order by').toLowerCase();
        let direction: 'asc' | 'desc' = 'asc';
        if (this.isKeyword('asc') || this.isKeyword('desc')) {
          direction = this.next().text.toLowerCase() as 'asc' | 'desc';
        }
        orderBy.push({ field, direction });
      } while (this.takePunctuation(','));
    }
    const extra = this.peek();
    if (extra) throw new CqlError(`unexpected '${extra.text}' at position ${extra.position}`);
    return where ? { where, orderBy } : { orderBy };
  }

  private parseOr(): CqlExpression {
    let left = this.parseAnd();
    while (this.isKeyword('or')) {
      this.index += 1;
      left = { kind: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): CqlExpression {
    let left = this.parseNot();
    while (this.isKeyword('and')) {
      this.index += 1;
      left = { kind: 'and', left, right: this.parseNot() };
    }
    return left;
  }

  private parseNot(): CqlExpression {
    if (this.isKeyword('not')) {
      this.index += 1;
      return { kind: 'not', operand: this.parseNot() };
    }
    if (this.takePunctuation('(')) {
      const inner = this.parseOr();
      if (!this.takePunctuation(')')) throw this.unexpected("')'");
      return inner;
    }
    return this.parseClause();
  }

  private parseClause(): CqlExpression {
    const fieldToken = this.peek();
    if (!fieldToken || fieldToken.kind !== 'word') throw this.unexpected('a field name');
    this.index += 1;
    const field = fieldToken.text.toLowerCase();
    if (this.isKeyword('in')) {
      this.index += 1;
      return { kind: 'clause', field, operator: 'in', values: this.parseList() };
    }
    if (this.isKeyword('not')) {
      this.index += 1;
      this.expectKeyword('in');
      return { kind: 'clause', field, operator: 'not in', values: this.parseList() };
    }
    const operator = this.peek();
    if (!operator || operator.kind !== 'operator')
      throw this.unexpected(`an operator after '${field}'`);
    this.index += 1;
    return {
      kind: 'clause',
      field,
      operator: operator.text as CqlOperator,
      values: [this.expectValue(`a value after '${field} ${operator.text}'`)],
    };
  }

  private parseList(): string[] {
    if (!this.takePunctuation('(')) throw this.unexpected("'(' after in");
    const values = [this.expectValue('a value in the list')];
    while (this.takePunctuation(',')) values.push(this.expectValue('a value in the list'));
    if (!this.takePunctuation(')')) throw this.unexpected("')' closing the list");
    return values;
  }

  private expectValue(what: string): string {
    const token = this.peek();
    if (!token || (token.kind !== 'word' && token.kind !== 'string')) throw this.unexpected(what);
    this.index += 1;
    if (token.kind === 'word' && this.peek()?.text === '(') {
      throw new CqlError(`function ${token.text}() is not supported by this server`);
    }
    return token.text;
  }

  private expectKeyword(keyword: string): void {
    if (!this.isKeyword(keyword)) throw this.unexpected(`'${keyword}'`);
    this.index += 1;
  }

  private isKeyword(keyword: string): boolean {
    const token = this.peek();
    return token?.kind === 'word' && token.text.toLowerCase() === keyword;
  }

  private takePunctuation(text: '(' | ')' | ','): boolean {
    const token = this.peek();
    if (token?.kind === 'punctuation' && token.text === text) {
      this.index += 1;
      return true;
    }
    return false;
  }

  private peek(): CqlToken | undefined {
    return this.tokens[this.index];
  }

  private next(): CqlToken {
    const token = this.tokens[this.index];
    if (!token) throw this.unexpected('more input');
    this.index += 1;
    return token;
  }

  private unexpected(expected: string): CqlError {
    const token = this.peek();
    return new CqlError(
      token
        ? `expected ${expected} but found '${token.text}' at position ${token.position}`
        : `expected ${expected} but the query ended`,
    );
  }
}
