import { UnavailableError } from '@docent/domain-errors';
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

/**
 * The stand-in embedding behind switches, as the conformance suite drives an answerer's upstream:
 * failing as a failing embedding service does (its `EmbeddingServiceError` is an
 * `UnavailableError`), or holding every call until restored.
 */
export function switchableEmbedding() {
  let state: 'up' | 'failing' | 'stalled' = 'up';
  const held: Array<() => void> = [];
  const call = async <T>(work: () => T): Promise<T> => {
    if (state === 'failing') {
      throw new UnavailableError(
        'The embedding service at http://embeddings.test answered HTTP 503.',
      );
    }
    if (state === 'stalled') await new Promise<void>((resolve) => held.push(resolve));
    return work();
  };
  return {
    embedTexts: (texts: string[]) => call(() => texts.map((t) => bagOfWords(t))),
    embedQuery: (text: string) => call(() => bagOfWords(text)),
    upstream: {
      fail: () => void (state = 'failing'),
      stall: () => void (state = 'stalled'),
      restore: () => {
        state = 'up';
        for (const release of held.splice(0)) release();
      },
    },
  };
}
