/** Longest name kept; longer titles are cut (the column is indexed). */
export const MAX_DOCUMENT_NAME = 480;

/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
export const BIDI_CONTROLS: readonly string[] = [
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
].map((code) => String.fromCodePoint(code));

/**
 * The bidi controls and control characters: in a title they only serve to spoof
 * (`Invoice \u202Efdp.exe` shows as `Invoice exe.pdf`) or to flip the text around it.
 * Right-to-left scripts need none of them.
 */
const SPOOFING_CHARACTERS = new RegExp(`[${BIDI_CONTROLS.join('')}\\p{Cc}]`, 'gu');

/** A title as Docent names documents: one line, no bidi controls, no control characters. */
export function cleanDocumentName(title: string): string {
  return title.replace(/\s+/g, ' ').replace(SPOOFING_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}

/**
 * Names to try, in order, for a new document wanting `desired`: the name itself, then
 * `name (2)`, `name (3)`… For file names the suffix goes before the extension
 * (`report (2).pdf`), as the contract's fine print asks.
 */
export function* candidateNames(desired: string, isFileName: boolean): Generator<string> {
  const clean = cleanDocumentName(desired) || 'Untitled';
  const match = isFileName ? /^(.+?)(\.[A-Za-z][A-Za-z0-9]{0,7})$/.exec(clean) : null;
  const stem = (match ? match[1]! : clean).slice(0, MAX_DOCUMENT_NAME);
  const extension = match ? match[2]! : '';
  yield stem + extension;
  for (let n = 2; ; n++) yield `${stem} (${n})${extension}`;
}
