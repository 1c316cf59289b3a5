/**
 * A message from the API shown as a sentence: `email or password is wrong` → `Email or password
 * is wrong.` A first word that is a name (`spec.url`, `ing_01…`, `iPhone`) is left as it is.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const capitalized = /^[a-z]+(?=[\s,;:]|$)/.test(trimmed)
    ? trimmed[0]!.toUpperCase() + trimmed.slice(1)
    : trimmed;
  return /[.!?…:]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}
