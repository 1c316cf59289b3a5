import { type IndexedChunk, type SearchIndex } from '@docent/search-index';
import { loadSquad } from '../datasets/squad';
import { squadPath } from './shared-data';

/**
 * Other tenants' collections, written straight through the index adapter (no embedding): chunks
 * of general English — each five sentences drawn from the SQuAD dev articles, the article's title
 * as its title — with random unit vectors. What they change for a collection beside them in a
 * shared index is what matters here: the shard's term statistics and its HNSW graph.
 * Deterministic (a linear congruential generator).
 */
export class NeighbourText {
  private readonly sentences: Array<{ title: string; text: string }>;
  private state = 11;

  constructor() {
    this.sentences = loadSquad(squadPath()).articles.flatMap((article) =>
      article.paragraphs.flatMap((paragraph) =>
        paragraph
          .split(/(?<=[.!?])\s+/)
          .filter((sentence) => sentence.length > 0)
          .map((text) => ({ title: article.title, text })),
      ),
    );
  }

  /** `count` chunks of one document each, for the collection `collectionId`. */
  documents(
    collectionId: string,
    count: number,
    dimensions: number,
  ): Array<{ documentId: string; chunks: IndexedChunk[] }> {
    return Array.from({ length: count }, (_, i) => {
      const first = this.pick();
      const documentId = `${collectionId}-doc-${i}`;
      return {
        documentId,
        chunks: [
          {
            chunkId: `${documentId}:0`,
            documentId,
            ordinal: 0,
            pageNum: 1,
            text: [first, this.pick(), this.pick(), this.pick(), this.pick()]
              .map((sentence) => sentence.text)
              .join(' '),
            headings: '',
            title: first.title,
            vector: this.unitVector(dimensions),
          },
        ],
      };
    });
  }

  private next(): number {
    this.state = (this.state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return this.state;
  }

  private pick() {
    return this.sentences[this.next() % this.sentences.length]!;
  }

  private unitVector(dimensions: number): Float32Array {
    const vector = Float32Array.from(
      { length: dimensions },
      () => this.next() / 2_147_483_648 - 0.5,
    );
    const norm = Math.hypot(...vector);
    return vector.map((component) => component / norm);
  }
}

/** Writes `collections` neighbour collections of `chunksEach` chunks through `index`. */
export async function writeNeighbours(
  index: SearchIndex,
  collections: number,
  chunksEach: number,
  dimensions: number,
): Promise<void> {
  const text = new NeighbourText();
  for (let c = 0; c < collections; c++) {
    const collectionId = `neighbour-${c}`;
    await index.ensureCollection(collectionId, dimensions);
    const documents = text.documents(collectionId, chunksEach, dimensions);
    for (let i = 0; i < documents.length; i += 250) {
      await index.replaceDocumentsChunks(collectionId, documents.slice(i, i + 250));
    }
  }
  if (collections > 0) await index.refresh('neighbour-0');
}

/** Deletes what `writeNeighbours` wrote (`collections` of them; missing ones are no error). */
export async function removeNeighbours(index: SearchIndex, collections: number): Promise<void> {
  for (let c = 0; c < collections; c++) await index.deleteCollection(`neighbour-${c}`);
}
