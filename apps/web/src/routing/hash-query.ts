/** A parameter of the hash's query: `#/collections?collection=handbook` → `handbook`. */
export function hashParam(hash: string, name: string): string | null {
  const query = hash.split('?')[1];
  const value = query ? new URLSearchParams(query).get(name) : null;
  return value === null || value === '' ? null : value;
}

/** The address of a page with parameters, e.g. a link to one collection. */
export function hashWith(route: string, params: Record<string, string>): string {
  return `#/${route}?${new URLSearchParams(params).toString()}`;
}
