/**
 * Hits without those repeating a better-ranked hit's text. A manual's page carries its table of
 * contents twice (Python's sidebar and its page top: "- atexit — Exit handlers - register() -
 * unregister()"), a wiki's pages share a footer: the second copy says nothing the first does not,
 * and takes the place of a passage that might answer ("Register func as a function to be executed
 * at termination.").
 */
export function withoutRepeatedText<T extends { text: string }>(hits: readonly T[]): T[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    const text = hit.text.replace(/\s+/g, ' ').trim();
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
