// Inline text is buffered with real spaces collapsed and hard line breaks kept as '\n'.

/** Zero-width characters Confluence's editor leaves around inline nodes. */
const INVISIBLE = /\u200b|\u200c|\u200d|\u2060|\ufeff/g;
/** Any whitespace run, including no-break spaces (`&nbsp;`) and source newlines. */
const WHITESPACE_RUN = /\s+/g;

/** Source text as it reads in a paragraph: whitespace runs collapse to one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(INVISIBLE, '').replace(WHITESPACE_RUN, ' ');
}

/** Trims every line of a buffered paragraph and drops empty ones. */
export function normaliseLines(buffer: string): string {
  return buffer
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}
