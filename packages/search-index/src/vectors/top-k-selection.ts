/**
 * Keeps the `capacity` highest-scoring items seen so far in a binary min-heap, so selecting the
 * top k of n scores costs O(n log k) and, once the heap is full, most candidates are rejected by
 * a single comparison with the heap's minimum. The result is exactly the top k by (score
 * descending, tie key ascending), whatever order the items are offered in; the tie key defaults
 * to the item itself.
 */
export class TopKSelection {
  private readonly heapScores: Float64Array;
  private readonly heapItems: Int32Array;
  private size = 0;

  constructor(
    private readonly capacity: number,
    private readonly tieKey: (item: number) => number = (item) => item,
  ) {
    this.heapScores = new Float64Array(Math.max(0, capacity));
    this.heapItems = new Int32Array(Math.max(0, capacity));
  }

  offer(score: number, item: number): void {
    if (this.capacity <= 0) return;
    if (this.size < this.capacity) {
      this.heapScores[this.size] = score;
      this.heapItems[this.size] = item;
      this.siftUp(this.size);
      this.size += 1;
      return;
    }
    const minScore = this.heapScores[0]!;
    if (score < minScore) return;
    if (score === minScore && this.tieKey(item) > this.tieKey(this.heapItems[0]!)) return;
    this.heapScores[0] = score;
    this.heapItems[0] = item;
    this.siftDown(0);
  }

  /** The kept items, best first; equal scores in ascending tie-key order. */
  sortedDescending(): Array<{ item: number; score: number }> {
    const out: Array<{ item: number; score: number }> = [];
    for (let i = 0; i < this.size; i++) {
      out.push({ item: this.heapItems[i]!, score: this.heapScores[i]! });
    }
    return out.sort((a, b) => b.score - a.score || this.tieKey(a.item) - this.tieKey(b.item));
  }

  private siftUp(index: number): void {
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.before(child, parent)) break;
      this.swap(child, parent);
      child = parent;
    }
  }

  private siftDown(index: number): void {
    let parent = index;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= this.size) return;
      const right = left + 1;
      const smallest = right < this.size && this.before(right, left) ? right : left;
      if (!this.before(smallest, parent)) return;
      this.swap(parent, smallest);
      parent = smallest;
    }
  }

  /** Heap order: lower score first; on equal scores the higher tie key is evicted first. */
  private before(a: number, b: number): boolean {
    const sa = this.heapScores[a]!;
    const sb = this.heapScores[b]!;
    return (
      sa < sb || (sa === sb && this.tieKey(this.heapItems[a]!) > this.tieKey(this.heapItems[b]!))
    );
  }

  private swap(a: number, b: number): void {
    const score = this.heapScores[a]!;
    this.heapScores[a] = this.heapScores[b]!;
    this.heapScores[b] = score;
    const item = this.heapItems[a]!;
    this.heapItems[a] = this.heapItems[b]!;
    this.heapItems[b] = item;
  }
}
