import { contentWords } from '@docent/text-segmentation';
import { MAX_QUERY_TERMS } from '../bm25/fts-match-expression';

/**
 * The BM25 leg's query text: the same content words as the embedded index searches (stopwords
 * dropped, duplicates removed, at most 64), joined by spaces. `combined_fields` is not query-string
 * syntax, so operators in user text are plain words there anyway; selecting the words here keeps
 * both adapters agreeing on which questions have no BM25 terms at all (null: no BM25 leg).
 */
export function bm25QueryText(text: string, maxTerms = MAX_QUERY_TERMS): string | null {
  const terms = [...new Set(contentWords(text))].slice(0, maxTerms);
  return terms.length === 0 ? null : terms.join(' ');
}
