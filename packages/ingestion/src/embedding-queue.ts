import { meanVector } from './document-pipeline';
import { timed, type IngestionMetrics } from './ingestion-metrics';

interface QueuedItem<T> {
  item: T;
  /** Windows per chunk, to average them back into one vector per chunk. */
  windowCounts: number[];
  vectors: Array<Float32Array | undefined>;
  missing: number;
}

interface PendingText<T> {
  owner: QueuedItem<T>;
  index: number;
  text: string;
}

/**
 * Embeds the windows of several documents in shared, full batches: a document's texts join a
 * pool as soon as it is chunked, and each call takes the `batchSize` longest texts of the pool,
 * whatever documents they belong to. A model pads every text of a call to the longest one, so
 * texts of like length together cost less (on a page's windows, a quarter fewer padded tokens
 * than in listing order). Every text is embedded once; a document is complete once its last
 * window is, and documents are handed back in the order they were added.
 */
export class EmbeddingQueue<T> {
  private readonly items: Array<QueuedItem<T>> = [];
  private pool: Array<PendingText<T>> = [];

  constructor(
    private readonly embed: (texts: string[]) => Promise<Float32Array[]>,
    private readonly batchSize: number,
    private readonly metrics: IngestionMetrics,
  ) {}

  /** Texts queued and not embedded yet. */
  get pending(): number {
    return this.pool.length;
  }

  /** True while some item has not been handed back. */
  get busy(): boolean {
    return this.items.length > 0;
  }

  add(item: T, windows: readonly string[][]): void {
    const texts = windows.flat();
    const queued: QueuedItem<T> = {
      item,
      windowCounts: windows.map((w) => w.length),
      vectors: new Array<Float32Array | undefined>(texts.length),
      missing: texts.length,
    };
    this.items.push(queued);
    texts.forEach((text, index) => this.pool.push({ owner: queued, index, text }));
  }

  /**
   * Embeds one call's worth of the pool's longest texts (fewer only when the pool holds fewer)
   * and hands back the items now complete at the head of the queue, each with one vector per
   * chunk.
   */
  async embedNext(): Promise<Array<{ item: T; vectors: Float32Array[] }>> {
    if (this.pool.length > 0) {
      this.pool.sort((a, b) => b.text.length - a.text.length);
      const batch = this.pool.slice(0, this.batchSize);
      this.pool = this.pool.slice(batch.length);
      this.metrics.observeEmbeddingBatch(batch.length);
      const vectors = await timed(this.metrics, 'embed', () =>
        this.embed(batch.map((t) => t.text)),
      );
      batch.forEach(({ owner, index }, i) => {
        owner.vectors[index] = vectors[i]!;
        owner.missing -= 1;
      });
    }
    return this.takeCompleted();
  }

  /** Items at the head of the queue whose every text has its vector. */
  private takeCompleted(): Array<{ item: T; vectors: Float32Array[] }> {
    const done: Array<{ item: T; vectors: Float32Array[] }> = [];
    while (this.items.length > 0 && this.items[0]!.missing === 0) {
      const head = this.items.shift()!;
      const windowVectors = head.vectors as Float32Array[];
      let next = 0;
      const vectors = head.windowCounts.map((count) => {
        const chunkVector = meanVector(windowVectors.slice(next, next + count));
        next += count;
        return chunkVector;
      });
      done.push({ item: head.item, vectors });
    }
    return done;
  }
}
