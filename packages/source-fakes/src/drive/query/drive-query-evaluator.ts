import type { DriveQueryExpression, DriveQueryValue } from './drive-query-ast';
import { parseDriveQuery } from './drive-query-parser';

/** What a query can see of a file. */
export interface DriveQueryView {
  name: string;
  mimeType: string;
  modifiedTime: string;
  createdTime: string;
  trashed: boolean;
  starred: boolean;
  /** Parent ids, with `root` standing for the My Drive root when that is the parent. */
  parents: string[];
}

export type CompiledDriveQuery = (view: DriveQueryView) => boolean;

/** Parses `q` once (throwing DriveQueryError) and returns a matcher. */
export function compileDriveQuery(q: string): CompiledDriveQuery {
  const expression = parseDriveQuery(q);
  return (view) => evaluate(expression, view);
}

function evaluate(expression: DriveQueryExpression, view: DriveQueryView): boolean {
  switch (expression.kind) {
    case 'and':
      return evaluate(expression.left, view) && evaluate(expression.right, view);
    case 'or':
      return evaluate(expression.left, view) || evaluate(expression.right, view);
    case 'not':
      return !evaluate(expression.operand, view);
    case 'membership':
      return view.parents.includes(expression.value);
    case 'comparison':
      return compare(view, expression.field, expression.operator, expression.value);
  }
}

function compare(
  view: DriveQueryView,
  field: string,
  operator: string,
  value: DriveQueryValue,
): boolean {
  if (value.kind === 'boolean') {
    const actual = field === 'trashed' ? view.trashed : view.starred;
    return operator === '=' ? actual === value.value : actual !== value.value;
  }
  if (field === 'modifiedTime' || field === 'createdTime') {
    return compareTimes(Date.parse(view[field]), operator, parseUtc(value.text));
  }
  const actual = field === 'name' ? view.name : view.mimeType;
  switch (operator) {
    case '=':
      return actual === value.text;
    case '!=':
      return actual !== value.text;
    default:
      return field === 'name'
        ? namePrefixMatches(actual, value.text)
        : actual.toLowerCase().includes(value.text.toLowerCase());
  }
}

/**
 * `name contains` is prefix matching, case-insensitive: "HelloWorld" matches 'Hello' but not
 * 'World'; each word of the name is a place a match may start.
 */
function namePrefixMatches(name: string, prefix: string): boolean {
  const wanted = prefix.toLowerCase();
  const lower = name.toLowerCase();
  return lower.startsWith(wanted) || lower.split(/\s+/).some((word) => word.startsWith(wanted));
}

function compareTimes(actual: number, operator: string, wanted: number): boolean {
  switch (operator) {
    case '=':
      return actual === wanted;
    case '!=':
      return actual !== wanted;
    case '<':
      return actual < wanted;
    case '<=':
      return actual <= wanted;
    case '>':
      return actual > wanted;
    default:
      return actual >= wanted;
  }
}

/** Drive reads a date-time without an offset as UTC. */
function parseUtc(text: string): number {
  return Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`);
}
