import type { EmbeddedWithSpans, TextWithSpans } from '@docent/embedder';
import { meanVector } from './document-pipeline';
import { timed, timedSync, type IngestionMetrics } from './ingestion-metrics';

interface QueuedItem<T> {
  item: T;
  /** Windows per chunk, to average them back into one vector per chunk. */
  windowCounts: number[];
  vectors: Array<Float32Array | undefined>;
  /** Per window, its chunk's span vectors found in it (null: not in this window). */
  spanVectors: Array<Array<Float32Array | null>>;
  missing: number;
}

interface PendingText<T> {
  owner: QueuedItem<T>;
  index: number;
  text: string;
  /** The text's length in the model's tokens, or in characters without a counter. */
  length: number;
  /** The queue's call count when it joined the pool. */
  since: number;
  /** Spans of the window's chunk that want vectors of their own. */
  spans: readonly string[];
}

/** An item done: one vector per chunk, and per chunk one vector (or null) per span. */
export interface EmbeddedItem<T> {
  item: T;
  vectors: Float32Array[];
  spanVectors: Array<Array<Float32Array | null>>;
}

const NO_SPANS: readonly string[] = [];

/**
 * Calls a text may wait for texts of its length before a call takes it anyway: documents are
 * handed back in order, so a lingering text would hold back every document after its own.
 */
const MAX_WAIT_CALLS = 3;

/**
 * What one more model call costs beyond its tokens, in token positions: enough that texts are
 * not split into calls for a handful of positions (a call's messages and tensors), small beside
 * a call's compute (32 windows of up to 256 tokens).
 */
const CALL_COST_POSITIONS = 256;

/**
 * How many of `lengths` (sorted longest first) the first call takes when all of them are cut
 * into calls of at most `size` texts, each padded to its longest, so that the positions the
 * model computes (plus `CALL_COST_POSITIONS` a call) are fewest: a page's long windows and its
 * short last windows then go in calls of their own instead of one call padded to the longest.
 */
export function firstOfCheapestCalls(lengths: readonly number[], size: number): number {
  const n = lengths.length;
  // cost[i]: the cheapest calls for texts i…n−1; take[i]: how many the first of them takes.
  const cost = new Array<number>(n + 1).fill(0);
  const take = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    cost[i] = Infinity;
    for (let k = 1; k <= Math.min(size, n - i); k++) {
      const c = k * lengths[i]! + CALL_COST_POSITIONS + cost[i + k]!;
      if (c < cost[i]!) {
        cost[i] = c;
        take[i] = k;
      }
    }
  }
  return take[0]!;
}

/**
 * Where, in `lengths` sorted longest first, the run of `size` consecutive texts starts whose
 * padding to its first (longest) text is smallest. Taking the longest texts each time instead
 * would mix them with whatever is next: a page's short last window beside long ones pads to the
 * long ones' length. Ties go to the longer run. With `holding`, only runs that hold that index are considered.
 */
export function leastPadded(lengths: readonly number[], size: number, holding?: number): number {
  if (lengths.length <= size) return 0;
  const first = holding === undefined ? 0 : Math.max(0, holding - size + 1);
  const last =
    holding === undefined ? lengths.length - size : Math.min(holding, lengths.length - size);
  // Prefix sums: the padding of the run at s is size × lengths[s] − (sum of its lengths).
  const sums = [0];
  for (const length of lengths) sums.push(sums.at(-1)! + length);
  let best = first;
  let bestPadding = Infinity;
  for (let s = first; s <= last; s++) {
    const padding = size * lengths[s]! - (sums[s + size]! - sums[s]!);
    if (padding < bestPadding) {
      best = s;
      bestPadding = padding;
    }
  }
  return best;
}

/**
 * Embeds the windows of several documents in shared, full batches: a document's texts join a
 * pool as soon as it is chunked, and each call takes up to `batchSize` texts of the pool,
 * whatever documents they belong to, that waste the fewest padded positions (`leastPadded`;
 * `firstOfCheapestCalls` for the last two calls' worth). A model
 * pads every text of a call to the longest one and computes every padded position, so texts of
 * like length together cost less. Every text is embedded once; a document is complete once its
 * last window is, and documents are handed back in the order they were added.
 */
export class EmbeddingQueue<T> {
  private readonly items: Array<QueuedItem<T>> = [];
  private pool: Array<PendingText<T>> = [];
  private calls = 0;

  /**
   * `embedWithSpans` (an embedder's `embedDocumentsWithSpans`) pools the spans given to `add`
   * from the windows' own forward pass; without it spans get no vectors.
   */
  constructor(
    private readonly embed: (texts: string[]) => Promise<Float32Array[]>,
    private readonly batchSize: number,
    private readonly metrics: IngestionMetrics,
    private readonly embedWithSpans?: (
      texts: readonly TextWithSpans[],
    ) => Promise<EmbeddedWithSpans[]>,
    /** The embedder's `countTokens`: batches by token count (characters are a poor proxy). */
    private readonly countTokens?: (text: string) => number,
  ) {}

  /** Texts queued and not embedded yet. */
  get pending(): number {
    return this.pool.length;
  }

  /** True while some item has not been handed back. */
  get busy(): boolean {
    return this.items.length > 0;
  }

  /** `spans`: per chunk, the texts (its sentences) to pool a vector for from its windows. */
  add(item: T, windows: readonly string[][], spans?: ReadonlyArray<readonly string[]>): void {
    const texts = windows.flatMap((chunkWindows, chunk) =>
      chunkWindows.map((text) => ({
        text,
        spans: (this.embedWithSpans && spans?.[chunk]) || NO_SPANS,
      })),
    );
    const queued: QueuedItem<T> = {
      item,
      windowCounts: windows.map((w) => w.length),
      vectors: new Array<Float32Array | undefined>(texts.length),
      spanVectors: new Array<Array<Float32Array | null>>(texts.length),
      missing: texts.length,
    };
    this.items.push(queued);
    // Counting a window's tokens is the chunk stage's work: the embedder reuses the ids.
    const lengths = timedSync(this.metrics, 'chunk', () =>
      texts.map(({ text }) => (this.countTokens ? this.countTokens(text) : text.length)),
    );
    texts.forEach(({ text, spans: windowSpans }, index) =>
      this.pool.push({
        owner: queued,
        index,
        text,
        length: lengths[index]!,
        since: this.calls,
        spans: windowSpans,
      }),
    );
  }

  /**
   * Embeds one call's worth of the pool's texts (fewer when the pool holds fewer, or when the
   * last texts pad less in smaller calls) and hands back the items now complete at the head of
   * the queue, each with one vector per chunk.
   */
  async embedNext(): Promise<Array<EmbeddedItem<T>>> {
    if (this.pool.length > 0) {
      this.pool.sort((a, b) => b.length - a.length);
      let oldest = 0;
      this.pool.forEach((t, i) => {
        if (t.since < this.pool[oldest]!.since) oldest = i;
      });
      const overdue = this.calls - this.pool[oldest]!.since >= MAX_WAIT_CALLS;
      const lengths = this.pool.map((t) => t.length);
      // A pool of two calls' worth or less is what is left of a batch job's texts (a job of 16
      // pages has about that many): it is cut into the calls that compute the fewest positions.
      let start = 0;
      let size = this.batchSize;
      if (overdue || this.pool.length > 2 * this.batchSize) {
        start = leastPadded(lengths, this.batchSize, overdue ? oldest : undefined);
      } else {
        size = firstOfCheapestCalls(lengths, this.batchSize);
      }
      this.calls += 1;
      const batch = this.pool.splice(start, size);
      this.metrics.observeEmbeddingBatch(batch.length);
      const embedded = await timed(this.metrics, 'embed', () => this.embedBatch(batch));
      batch.forEach(({ owner, index }, i) => {
        owner.vectors[index] = embedded[i]!.vector;
        owner.spanVectors[index] = embedded[i]!.spans;
        owner.missing -= 1;
      });
    }
    return this.takeCompleted();
  }

  private async embedBatch(batch: Array<PendingText<T>>): Promise<EmbeddedWithSpans[]> {
    if (this.embedWithSpans && batch.some((t) => t.spans.length > 0)) {
      return this.embedWithSpans(batch.map(({ text, spans }) => ({ text, spans })));
    }
    const vectors = await this.embed(batch.map((t) => t.text));
    return vectors.map((vector, i) => ({ vector, spans: batch[i]!.spans.map(() => null) }));
  }

  /** Items at the head of the queue whose every text has its vector. */
  private takeCompleted(): Array<EmbeddedItem<T>> {
    const done: Array<EmbeddedItem<T>> = [];
    while (this.items.length > 0 && this.items[0]!.missing === 0) {
      const head = this.items.shift()!;
      const windowVectors = head.vectors as Float32Array[];
      let next = 0;
      const vectors: Float32Array[] = [];
      const spanVectors: Array<Array<Float32Array | null>> = [];
      for (const count of head.windowCounts) {
        vectors.push(meanVector(windowVectors.slice(next, next + count)));
        // A span of a chunk cut into windows takes its vector from the window that holds it.
        const perWindow = head.spanVectors.slice(next, next + count);
        spanVectors.push(
          (perWindow[0] ?? []).map((_, s) => perWindow.find((w) => w[s])?.[s] ?? null),
        );
        next += count;
      }
      done.push({ item: head.item, vectors, spanVectors });
    }
    return done;
  }
}
