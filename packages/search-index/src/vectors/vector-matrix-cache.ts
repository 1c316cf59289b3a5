import { type VectorMatrix } from './vector-matrix';

/**
 * Identifies one state of a collection's vectors. The incarnation changes when a collection is
 * dropped and created again, so a recreated collection whose generation counter happens to reach
 * the cached value is never served from the old matrix.
 */
export interface MatrixVersion {
  incarnation: string;
  generation: number;
}

export interface MatrixSource {
  /** Reads every vector of the collection. */
  load(): VectorMatrix;
  /**
   * Brings `matrix` from `fromGeneration` up to the current generation in place, reading only
   * what changed since; false when that is not possible (the caller then loads from scratch).
   */
  refresh(matrix: VectorMatrix, fromGeneration: number): boolean;
}

interface CacheEntry {
  version: MatrixVersion;
  matrix: VectorMatrix;
  bytes: number;
}

/**
 * Per-collection vector matrices, least recently used evicted first once their total size passes
 * `maxBytes` (the matrix in use is always kept, even when it alone is larger).
 */
export class VectorMatrixCache {
  private readonly entries = new Map<string, CacheEntry>();
  private totalBytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The matrix of `version`: cached, refreshed from an older cached version, or loaded. */
  get(key: string, version: MatrixVersion, source: MatrixSource): VectorMatrix {
    const cached = this.entries.get(key);
    this.delete(key);
    let matrix: VectorMatrix | undefined;
    if (cached && cached.version.incarnation === version.incarnation) {
      if (cached.version.generation === version.generation) {
        matrix = cached.matrix;
      } else if (
        cached.version.generation < version.generation &&
        source.refresh(cached.matrix, cached.version.generation)
      ) {
        matrix = cached.matrix;
      }
    }
    matrix ??= source.load();
    // Re-inserted last: the Map's order is least recently used first.
    const entry = { version: { ...version }, matrix, bytes: matrix.byteSize };
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    this.evictBeyondBudget(key);
    return matrix;
  }

  delete(key: string): void {
    const cached = this.entries.get(key);
    if (!cached) return;
    this.entries.delete(key);
    this.totalBytes -= cached.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  private evictBeyondBudget(keep: string): void {
    for (const key of [...this.entries.keys()]) {
      if (this.totalBytes <= this.maxBytes) return;
      if (key !== keep) this.delete(key);
    }
  }
}
