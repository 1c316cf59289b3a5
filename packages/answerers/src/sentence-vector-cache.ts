/**
 * Embeddings of passage sentences, most recently used kept. Popular passages come back in many
 * answers, and embedding their sentences again is most of an extractive answer's cost.
 */
export class SentenceVectorCache {
  private readonly entries = new Map<string, Float32Array>();

  constructor(private readonly capacity: number) {}

  async embed(
    texts: string[],
    embed: (texts: string[]) => Promise<Float32Array[]>,
  ): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((t) => !this.entries.has(t)))];
    // Fresh vectors are read from here, not the cache: with a small (or zero) capacity they may
    // be evicted before this call returns.
    const fresh = new Map<string, Float32Array>();
    if (missing.length > 0) {
      const vectors = await embed(missing);
      missing.forEach((text, i) => fresh.set(text, vectors[i]!));
    }
    return texts.map((text) => {
      const vector = fresh.get(text) ?? this.entries.get(text)!;
      this.remember(text, vector);
      return vector;
    });
  }

  /** (Re-)inserts: a Map iterates in insertion order, so the first key is the least recently used. */
  private remember(text: string, vector: Float32Array): void {
    if (this.capacity <= 0) return;
    this.entries.delete(text);
    this.entries.set(text, vector);
    while (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}
