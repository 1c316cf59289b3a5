/** Zero-width characters that only steer layout (anchors, joiners, byte order marks). */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

/** One line of words: every run of whitespace (newlines included) becomes one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * Keeps line breaks but tidies each line: runs of spaces, tabs and no-break spaces become one
 * space, lines are trimmed, and blank lines at either end or repeated go.
 */
export function tidyLines(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[ \t\u00a0\u2000-\u200a\u3000]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
