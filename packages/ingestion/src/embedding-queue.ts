import { meanVector } from './document-pipeline';
import { timed, type IngestionMetrics } from './ingestion-metrics';

interface QueuedItem<T> {
  item: T;
  /** Windows per chunk, to average them back into one vector per chunk. */
  windowCounts: number[];
  texts: string[];
  vectors: Float32Array[];
}

/**
 * Embeds the windows of several documents in shared, full batches: a document's texts join
 * the queue as soon as it is chunked, a call takes the next `batchSize` texts whatever
 * documents they belong to, and a document is complete once its last window is embedded. Every
 * text is embedded once.
 */
export class EmbeddingQueue<T> {
  private readonly queued: Array<QueuedItem<T>> = [];
  /** Position of the next text to embed: an item of `queued`, a text of that item. */
  private item = 0;
  private text = 0;
  private waiting = 0;

  constructor(
    private readonly embed: (texts: string[]) => Promise<Float32Array[]>,
    private readonly batchSize: number,
    private readonly metrics: IngestionMetrics,
  ) {}

  /** Texts queued and not embedded yet. */
  get pending(): number {
    return this.waiting;
  }

  /** True while some item has not been handed back. */
  get busy(): boolean {
    return this.queued.length > 0;
  }

  add(item: T, windows: readonly string[][]): void {
    const texts = windows.flat();
    this.queued.push({ item, windowCounts: windows.map((w) => w.length), texts, vectors: [] });
    this.waiting += texts.length;
  }

  /**
   * Embeds the next batch (a partial one only when fewer texts are queued) and hands back the
   * items it completed, in the order they were added, each with one vector per chunk.
   */
  async embedNext(): Promise<Array<{ item: T; vectors: Float32Array[] }>> {
    const targets: Array<QueuedItem<T>> = [];
    const texts: string[] = [];
    while (texts.length < this.batchSize && this.item < this.queued.length) {
      const current = this.queued[this.item]!;
      const take = Math.min(this.batchSize - texts.length, current.texts.length - this.text);
      for (let i = 0; i < take; i++) {
        texts.push(current.texts[this.text + i]!);
        targets.push(current);
      }
      this.text += take;
      if (this.text >= current.texts.length) {
        this.item += 1;
        this.text = 0;
      }
    }
    if (texts.length > 0) {
      this.metrics.observeEmbeddingBatch(texts.length);
      const vectors = await timed(this.metrics, 'embed', () => this.embed(texts));
      vectors.forEach((vector, i) => targets[i]!.vectors.push(vector));
      this.waiting -= texts.length;
    }
    return this.takeCompleted();
  }

  /** Items at the head of the queue whose every text has its vector. */
  private takeCompleted(): Array<{ item: T; vectors: Float32Array[] }> {
    const done: Array<{ item: T; vectors: Float32Array[] }> = [];
    while (this.queued.length > 0 && this.item > 0) {
      const head = this.queued[0]!;
      if (head.vectors.length < head.texts.length) break;
      this.queued.shift();
      this.item -= 1;
      let next = 0;
      const vectors = head.windowCounts.map((count) => {
        const chunkVector = meanVector(head.vectors.slice(next, next + count));
        next += count;
        return chunkVector;
      });
      done.push({ item: head.item, vectors });
    }
    return done;
  }
}
