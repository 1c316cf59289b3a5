/** Longest name kept; longer titles are cut (the column is indexed). */
export const MAX_DOCUMENT_NAME = 480;

/**
 * Names to try, in order, for a new document wanting `desired`: the name itself, then
 * `name (2)`, `name (3)`… For file names the suffix goes before the extension
 * (`report (2).pdf`), as the contract's fine print asks.
 */
export function* candidateNames(desired: string, isFileName: boolean): Generator<string> {
  const clean = desired.replace(/\s+/g, ' ').trim() || 'Untitled';
  const match = isFileName ? /^(.+?)(\.[A-Za-z][A-Za-z0-9]{0,7})$/.exec(clean) : null;
  const stem = (match ? match[1]! : clean).slice(0, MAX_DOCUMENT_NAME);
  const extension = match ? match[2]! : '';
  yield stem + extension;
  for (let n = 2; ; n++) yield `${stem} (${n})${extension}`;
}
