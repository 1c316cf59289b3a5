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
    if (missing.length > 0) {
      const vectors = await embed(missing);
      missing.forEach((text, i) => this.remember(text, vectors[i]!));
    }
    return texts.map((text) => {
      const vector = this.entries.get(text)!;
      // Re-insert: a Map iterates in insertion order, so the oldest entry is the least recently used.
      this.entries.delete(text);
      this.entries.set(text, vector);
      return vector;
    });
  }

  private remember(text: string, vector: Float32Array): void {
    if (this.capacity <= 0) return;
    this.entries.set(text, vector);
    while (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}
