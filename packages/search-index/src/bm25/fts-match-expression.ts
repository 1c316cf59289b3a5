import { contentWords } from '@docent/text-segmentation';

/** Enough for any real question; bounds the work a pasted wall of text can cause. */
export const MAX_QUERY_TERMS = 64;

/**
 * Turns arbitrary user text into an FTS5 MATCH expression: its content words (stopwords dropped,
 * duplicates removed), each as a double-quoted string, OR-ed together. Inside double quotes FTS5
 * treats everything as text to tokenise, so operators (`OR`, `NOT`, `NEAR(`), prefix stars,
 * column filters (`title:`), `^` and `-` in user text are plain words, never syntax. Returns null
 * when nothing searchable is left (empty or stopword-only text): such a query has no BM25 hits.
 */
export function ftsMatchExpression(text: string, maxTerms = MAX_QUERY_TERMS): string | null {
  const terms = [...new Set(contentWords(text))].slice(0, maxTerms);
  if (terms.length === 0) return null;
  return terms.map(quoteFtsString).join(' OR ');
}

/**
 * Restricts `termsExpression` to rows whose `document_key` column holds one of `documentKeys`.
 * The terms are confined to the searchable columns so a number in the query cannot match a key.
 */
export function restrictToDocuments(
  termsExpression: string,
  documentKeys: readonly string[],
  searchableColumns: readonly string[],
): string {
  const keys = [...new Set(documentKeys)].map(quoteFtsString).join(' OR ');
  return `document_key : (${keys}) AND {${searchableColumns.join(' ')}} : (${termsExpression})`;
}

/**
 * Matches the chunks that hold `word` in a searchable column, as the BM25 leg tokenises it (a
 * word FTS5 splits into several tokens matches as a phrase).
 */
export function wordInColumns(word: string, searchableColumns: readonly string[]): string {
  return `{${searchableColumns.join(' ')}} : ${quoteFtsString(word)}`;
}

/** FTS5 string literal: a double quote inside is written twice. */
function quoteFtsString(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}
