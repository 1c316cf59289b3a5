/**
 * Restricts a user's CQL to pages: `type = page and (<cql>)`. A trailing `order by` must stay
 * outside the parentheses, where CQL allows it.
 */
export function pagesOnlyCql(userCql: string): string {
  const cql = userCql.trim();
  const orderAt = topLevelOrderBy(cql);
  const where = (orderAt === undefined ? cql : cql.slice(0, orderAt)).trim();
  const order = orderAt === undefined ? '' : cql.slice(orderAt).trim();
  const filter = where === '' ? 'type = page' : `type = page and (${where})`;
  return order === '' ? filter : `${filter} ${order}`;
}

/** Index of an `order by` outside quotes and parentheses, if any. */
function topLevelOrderBy(cql: string): number | undefined {
  let quote: string | undefined;
  let depth = 0;
  let found: number | undefined;
  for (let i = 0; i < cql.length; i += 1) {
    const char = cql[i]!;
    if (quote !== undefined) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && isWordStart(cql, i) && /^order\s+by\b/i.test(cql.slice(i))) found = i;
  }
  return found;
}

function isWordStart(text: string, index: number): boolean {
  return index === 0 || /[\s)]/.test(text[index - 1]!);
}
