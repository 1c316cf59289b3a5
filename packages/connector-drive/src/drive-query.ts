import { GOOGLE_TYPES } from './drive-mime-types';

/** A string literal in `q`: Drive escapes `'` as `\'` and `\` as `\\`. */
export function quoteQueryString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Non-trashed folders with exactly this name. */
export function foldersNamedQuery(name: string): string {
  return `name = ${quoteQueryString(name)} and mimeType = '${GOOGLE_TYPES.folder}' and trashed = false`;
}

/** Direct, non-trashed children of a folder (the listing never recurses by itself). */
export function childrenQuery(folderId: string): string {
  return `${quoteQueryString(folderId)} in parents and trashed = false`;
}
