import { contentWords } from '@docent/text-segmentation';

/** A deterministic stand-in embedder: hashed bag of content words, L2-normalised. */
export function bagOfWords(text: string, dims = 256): Float32Array {
  const v = new Float32Array(dims);
  for (const word of contentWords(text)) {
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    v[Math.abs(h) % dims]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export const fakeEmbedding = {
  embedTexts: async (texts: string[]) => texts.map((t) => bagOfWords(t)),
  embedQuery: async (text: string) => bagOfWords(text),
};
