/**
 * A heading's or a term's permalink mark: Sphinx and MkDocs end each with an anchor reading "¶"
 * ("heapq.heapify(x)¶"), which a page copied into a wiki or a file keeps. It names nothing.
 */
const PERMALINK_MARK = /\s*¶+$/u;

/** The text of a heading or a term without the permalink mark after it. */
export function withoutPermalinkMark(text: string): string {
  return text.replace(PERMALINK_MARK, '');
}
