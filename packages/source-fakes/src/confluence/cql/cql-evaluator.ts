import type { CqlExpression, CqlOperator, CqlOrder } from './cql-ast';
import { CqlError } from './cql-error';
import { parseCql } from './cql-parser';

/** What CQL can see of one piece of content. */
export interface CqlContent {
  id: string;
  type: string;
  spaceKey: string;
  title: string;
  /** Body as plain text. */
  text: string;
  labels: readonly string[];
  parentId?: string;
  /** Parent first, root last. */
  ancestorIds: readonly string[];
  createdAt: string;
  updatedAt: string;
}

export interface CompiledCql {
  matches(content: CqlContent): boolean;
  /** Sorts by the query's `order by`, then by id. */
  compare(a: CqlContent, b: CqlContent): number;
}

type FieldKind = 'key' | 'text' | 'title' | 'date';

interface FieldRule {
  kind: FieldKind;
  values(content: CqlContent): readonly string[];
}

const KEY_OPERATORS: readonly CqlOperator[] = ['=', '!=', 'in', 'not in'];
const OPERATORS_BY_KIND: Record<FieldKind, readonly CqlOperator[]> = {
  key: KEY_OPERATORS,
  text: ['~', '!~'],
  title: ['=', '!=', '~', '!~', 'in', 'not in'],
  date: ['=', '!=', '>', '>=', '<', '<='],
};

const FIELDS: Record<string, FieldRule> = {
  space: { kind: 'key', values: (c) => [c.spaceKey] },
  'space.key': { kind: 'key', values: (c) => [c.spaceKey] },
  type: { kind: 'key', values: (c) => [c.type] },
  id: { kind: 'key', values: (c) => [c.id] },
  content: { kind: 'key', values: (c) => [c.id] },
  label: { kind: 'key', values: (c) => c.labels },
  parent: { kind: 'key', values: (c) => (c.parentId ? [c.parentId] : []) },
  ancestor: { kind: 'key', values: (c) => c.ancestorIds },
  title: { kind: 'title', values: (c) => [c.title] },
  text: { kind: 'text', values: (c) => [`${c.title} ${c.text}`] },
  created: { kind: 'date', values: (c) => [c.createdAt] },
  lastmodified: { kind: 'date', values: (c) => [c.updatedAt] },
};

const ORDER_FIELDS: Record<string, (c: CqlContent) => string | number> = {
  title: (c) => c.title.toLowerCase(),
  created: (c) => Date.parse(c.createdAt),
  lastmodified: (c) => Date.parse(c.updatedAt),
  space: (c) => c.spaceKey.toLowerCase(),
  type: (c) => c.type,
};

/** Parses and checks a query; throws CqlError for anything the API would answer 400 to. */
export function compileCql(cql: string): CompiledCql {
  const query = parseCql(cql);
  const predicate = query.where ? compileExpression(query.where) : () => true;
  const comparators = query.orderBy.map(compileOrder);
  return {
    matches: predicate,
    compare: (a, b) => {
      for (const comparator of comparators) {
        const result = comparator(a, b);
        if (result !== 0) return result;
      }
      return compareIds(a.id, b.id);
    },
  };
}

function compileExpression(expression: CqlExpression): (content: CqlContent) => boolean {
  switch (expression.kind) {
    case 'and': {
      const left = compileExpression(expression.left);
      const right = compileExpression(expression.right);
      return (c) => left(c) && right(c);
    }
    case 'or': {
      const left = compileExpression(expression.left);
      const right = compileExpression(expression.right);
      return (c) => left(c) || right(c);
    }
    case 'not': {
      const operand = compileExpression(expression.operand);
      return (c) => !operand(c);
    }
    case 'clause':
      return compileClause(expression.field, expression.operator, expression.values);
  }
}

function compileClause(
  field: string,
  operator: CqlOperator,
  values: string[],
): (content: CqlContent) => boolean {
  const rule = FIELDS[field];
  if (!rule) throw new CqlError(`field '${field}' is not supported`);
  if (!OPERATORS_BY_KIND[rule.kind].includes(operator)) {
    throw new CqlError(`operator '${operator}' cannot be used with field '${field}'`);
  }
  switch (rule.kind) {
    case 'key':
    case 'title': {
      if (operator === '~' || operator === '!~') {
        const terms = searchTerms(values[0] ?? '');
        const contains = (c: CqlContent) => rule.values(c).some((v) => containsTerms(v, terms));
        return operator === '~' ? contains : (c) => !contains(c);
      }
      const wanted = new Set(values.map((v) => v.toLowerCase()));
      const anyEqual = (c: CqlContent) => rule.values(c).some((v) => wanted.has(v.toLowerCase()));
      return operator === '=' || operator === 'in' ? anyEqual : (c) => !anyEqual(c);
    }
    case 'text': {
      const terms = searchTerms(values[0] ?? '');
      const contains = (c: CqlContent) => rule.values(c).some((v) => containsTerms(v, terms));
      return operator === '~' ? contains : (c) => !contains(c);
    }
    case 'date': {
      const limit = parseCqlDate(values[0] ?? '');
      return (c) =>
        rule
          .values(c)
          .some((v) => compareNumbers(truncateToMinute(Date.parse(v)), limit, operator));
    }
  }
}

function compileOrder(order: CqlOrder): (a: CqlContent, b: CqlContent) => number {
  const sign = order.direction === 'desc' ? -1 : 1;
  if (order.field === 'id') return (a, b) => sign * compareIds(a.id, b.id);
  const key = ORDER_FIELDS[order.field];
  if (!key) throw new CqlError(`cannot order by '${order.field}'`);
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -sign : x > y ? sign : 0;
  };
}

const WORD = /[\p{L}\p{N}]+\*?/gu;

function searchTerms(query: string): string[] {
  const terms = query.toLowerCase().match(WORD) ?? [];
  if (terms.length === 0) throw new CqlError(`'${query}' holds no searchable word`);
  return terms;
}

/** Word search as Confluence does it: every term must be a word of the field (`term*` = prefix). */
function containsTerms(value: string, terms: readonly string[]): boolean {
  const words = new Set(value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return terms.every((term) =>
    term.endsWith('*')
      ? [...words].some((word) => word.startsWith(term.slice(0, -1)))
      : words.has(term),
  );
}

const DATE = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:\s+(\d{2}):(\d{2}))?$/;

/** `yyyy-MM-dd[ HH:mm]` or `yyyy/MM/dd[ HH:mm]`, read as UTC, to the minute. */
function parseCqlDate(value: string): number {
  const match = DATE.exec(value.trim());
  if (!match) throw new CqlError(`'${value}' is not a valid date`);
  const [, year, month, day, hour = '0', minute = '0'] = match;
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
}

function truncateToMinute(ms: number): number {
  return Math.floor(ms / 60_000) * 60_000;
}

function compareNumbers(actual: number, limit: number, operator: CqlOperator): boolean {
  switch (operator) {
    case '=':
      return actual === limit;
    case '!=':
      return actual !== limit;
    case '>':
      return actual > limit;
    case '>=':
      return actual >= limit;
    case '<':
      return actual < limit;
    case '<=':
      return actual <= limit;
    default:
      return false;
  }
}

/** Numeric ids in numeric order; anything else falls back to string order. */
export function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
