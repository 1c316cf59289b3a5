import { NotionProblem } from './notion-problem';
import type { StoredPage } from './notion-store';
import { plainText } from './rich-text';

type Timestamp = 'created_time' | 'last_edited_time';
type Condition = 'equals' | 'before' | 'after' | 'on_or_before' | 'on_or_after';

const CONDITIONS: readonly Condition[] = [
  'equals',
  'before',
  'after',
  'on_or_before',
  'on_or_after',
];

/**
 * The rows a query selects, in order. The fake understands timestamp filters (what incremental
 * sync uses), `and`/`or` compounds of them and title `contains`; sorts on a timestamp or the
 * title property. Anything else is refused rather than silently ignored.
 */
export function rowsMatching(rows: StoredPage[], filter: unknown, sorts: unknown): StoredPage[] {
  const keep = filter === undefined || filter === null ? () => true : predicate(filter);
  const selected = rows.filter(keep);
  if (sorts === undefined || sorts === null) return selected;
  if (!Array.isArray(sorts)) throw invalid('body.sorts should be an array');
  const comparators = sorts.map(comparator);
  return [...selected].sort((a, b) => {
    for (const compare of comparators) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  });
}

function predicate(filter: unknown): (page: StoredPage) => boolean {
  if (typeof filter !== 'object' || filter === null)
    throw invalid('body.filter should be an object');
  const value = filter as Record<string, unknown>;
  if (Array.isArray(value.and)) {
    const parts = value.and.map(predicate);
    return (page) => parts.every((part) => part(page));
  }
  if (Array.isArray(value.or)) {
    const parts = value.or.map(predicate);
    return (page) => parts.some((part) => part(page));
  }
  if (value.timestamp === 'created_time' || value.timestamp === 'last_edited_time') {
    return timestampPredicate(value.timestamp, value[value.timestamp]);
  }
  if (typeof value.property === 'string' && typeof value.title === 'object' && value.title) {
    const contains = (value.title as { contains?: unknown }).contains;
    if (typeof contains !== 'string')
      throw invalid('body.filter.title.contains should be a string');
    const needle = contains.toLowerCase();
    return (page) => plainText(page.title).toLowerCase().includes(needle);
  }
  throw invalid('body.filter is not a filter this fake understands');
}

function timestampPredicate(field: Timestamp, raw: unknown): (page: StoredPage) => boolean {
  if (typeof raw !== 'object' || raw === null)
    throw invalid(`body.filter.${field} should be an object`);
  const entries = Object.entries(raw as Record<string, unknown>);
  const [condition, value] = entries[0] ?? [];
  if (
    entries.length !== 1 ||
    !CONDITIONS.includes(condition as Condition) ||
    typeof value !== 'string'
  ) {
    throw invalid(`body.filter.${field} should hold one of ${CONDITIONS.join(', ')}`);
  }
  const bound = Date.parse(value);
  if (Number.isNaN(bound))
    throw invalid(`body.filter.${field}.${condition} should be an ISO 8601 date`);
  const timeOf = (page: StoredPage) =>
    Date.parse(field === 'created_time' ? page.createdTime : page.lastEditedTime);
  switch (condition as Condition) {
    case 'equals':
      return (page) => timeOf(page) === bound;
    case 'before':
      return (page) => timeOf(page) < bound;
    case 'after':
      return (page) => timeOf(page) > bound;
    case 'on_or_before':
      return (page) => timeOf(page) <= bound;
    case 'on_or_after':
      return (page) => timeOf(page) >= bound;
  }
}

function comparator(sort: unknown): (a: StoredPage, b: StoredPage) => number {
  if (typeof sort !== 'object' || sort === null) throw invalid('body.sorts[] should be objects');
  const { timestamp, property, direction } = sort as Record<string, unknown>;
  if (direction !== 'ascending' && direction !== 'descending') {
    throw invalid('body.sorts[].direction should be "ascending" or "descending"');
  }
  const sign = direction === 'ascending' ? 1 : -1;
  if (timestamp === 'created_time' || timestamp === 'last_edited_time') {
    const key = timestamp === 'created_time' ? 'createdTime' : 'lastEditedTime';
    return (a, b) => sign * a[key].localeCompare(b[key]);
  }
  if (typeof property === 'string') {
    return (a, b) => sign * plainText(a.title).localeCompare(plainText(b.title));
  }
  throw invalid('body.sorts[] should name a timestamp or a property');
}

function invalid(message: string): NotionProblem {
  return new NotionProblem(400, 'validation_error', `body failed validation: ${message}.`);
}
