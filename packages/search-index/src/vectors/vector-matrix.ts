import {
  createDotProductScorer,
  type DotProductScorer,
  type ScorerKind,
} from './dot-product-scorer';
import { TopKSelection } from './top-k-selection';

/** One stored chunk as the matrix needs it: SQLite rowid, owning document, float32 BLOB. */
export type MatrixSourceRow = [rowId: number, documentId: string, vector: Uint8Array];

export interface VectorNeighbour {
  rowId: number;
  /** Cosine similarity (stored vectors and the query are unit length). */
  similarity: number;
}

/** Room left for appended rows when the matrix has to grow, as a fraction of the live rows. */
const GROWTH_SLACK = 0.25;
/** Dead rows still cost scan time; past this fraction of the used rows they are compacted away. */
const MAX_DEAD_FRACTION = 0.3;

/**
 * All vectors of one collection in one contiguous float32 matrix, for exact k-nearest-neighbour
 * search by dot product. A document's rows are remembered as runs of consecutive rows (one run
 * when loaded in rowid order, since a document's chunks are inserted together), so a document
 * filter scans only those runs.
 *
 * Replacing documents marks their old rows dead and appends the new ones, so a write costs
 * reading that document's vectors, not the whole collection; dead rows are compacted away once
 * they make up {@link MAX_DEAD_FRACTION} of the matrix.
 */
export class VectorMatrix {
  private scorer: DotProductScorer;
  /** Byte view of the scorer's matrix, for copying BLOBs in. */
  private bytes: Uint8Array;
  private rowIds: Float64Array;
  private live: Uint8Array;
  /** documentId → [start, end, start, end, …] row runs. */
  private documentRuns = new Map<string, number[]>();
  private usedRows = 0;
  private deadRows = 0;

  private constructor(
    readonly dimensions: number,
    capacity: number,
    private readonly scorerKind: ScorerKind | undefined,
  ) {
    this.scorer = createDotProductScorer(capacity, dimensions, scorerKind);
    this.bytes = byteView(this.scorer.matrix);
    this.rowIds = new Float64Array(capacity);
    this.live = new Uint8Array(capacity);
  }

  static load(
    rowCount: number,
    dimensions: number,
    rows: Iterable<MatrixSourceRow>,
    scorerKind?: ScorerKind,
  ): VectorMatrix {
    const matrix = new VectorMatrix(dimensions, rowCount, scorerKind);
    for (const row of rows) {
      if (matrix.usedRows >= rowCount) throw new Error('vector matrix: more rows than announced');
      matrix.appendRow(row);
    }
    if (matrix.usedRows !== rowCount) throw new Error('vector matrix: fewer rows than announced');
    return matrix;
  }

  /** Rows that belong to a stored chunk. */
  get rowCount(): number {
    return this.usedRows - this.deadRows;
  }

  /** Memory held: the matrix (with its spare capacity), the scores, rowids and liveness flags. */
  get byteSize(): number {
    const { matrix, scores } = this.scorer;
    return matrix.byteLength + scores.byteLength + this.rowIds.byteLength + this.live.byteLength;
  }

  /**
   * Drops every row of `documentIds` and appends `rows` (the current chunks of those documents,
   * possibly none), growing or compacting the matrix as needed.
   */
  replaceDocuments(documentIds: Iterable<string>, rows: readonly MatrixSourceRow[]): void {
    for (const documentId of documentIds) {
      const runs = this.documentRuns.get(documentId);
      if (runs === undefined) continue;
      for (let i = 0; i < runs.length; i += 2) {
        this.live.fill(0, runs[i]!, runs[i + 1]!);
        this.deadRows += runs[i + 1]! - runs[i]!;
      }
      this.documentRuns.delete(documentId);
    }
    const needed = this.rowCount + rows.length;
    if (
      this.usedRows + rows.length > this.live.length ||
      this.deadRows > this.usedRows * MAX_DEAD_FRACTION
    ) {
      this.rebuild(Math.max(needed, Math.ceil(needed * (1 + GROWTH_SLACK))));
    }
    for (const row of rows) this.appendRow(row);
  }

  /**
   * The `k` rows most similar to `query` (unit length, `dimensions` long), best first; with
   * `documentIds`, only rows of those documents are scored.
   */
  nearest(query: Float32Array, k: number, documentIds?: readonly string[]): VectorNeighbour[] {
    if (k <= 0 || this.rowCount === 0) return [];
    // Ties go to the lower rowid, so the answer does not depend on where rows sit in the matrix.
    const { scorer, live, rowIds } = this;
    const top = new TopKSelection(k, (row) => rowIds[row]!);
    scorer.setQuery(query);
    const scan = (start: number, end: number) => {
      scorer.scoreRows(start, end);
      const scores = scorer.scores;
      for (let row = start; row < end; row++) {
        if (live[row] === 1) top.offer(scores[row]!, row);
      }
    };
    if (documentIds === undefined) {
      scan(0, this.usedRows);
    } else {
      for (const documentId of new Set(documentIds)) {
        const runs = this.documentRuns.get(documentId);
        if (runs === undefined) continue;
        for (let i = 0; i < runs.length; i += 2) scan(runs[i]!, runs[i + 1]!);
      }
    }
    return top
      .sortedDescending()
      .map(({ item, score }) => ({ rowId: rowIds[item]!, similarity: score }));
  }

  private appendRow([rowId, documentId, vector]: MatrixSourceRow): void {
    const vectorBytes = this.dimensions * 4;
    if (vector.byteLength !== vectorBytes) {
      throw new Error(
        `vector matrix: stored vector of ${vector.byteLength} bytes, expected ${vectorBytes}`,
      );
    }
    const row = this.usedRows;
    this.bytes.set(vector, row * this.scorer.stride * 4);
    this.rowIds[row] = rowId;
    this.live[row] = 1;
    this.addToRuns(documentId, row, row + 1);
    this.usedRows += 1;
  }

  /** Copies the live rows, document by document, into fresh buffers of `capacity` rows. */
  private rebuild(capacity: number): void {
    const old = { stride: this.scorer.stride, bytes: this.bytes, rowIds: this.rowIds };
    const oldRuns = this.documentRuns;
    this.scorer = createDotProductScorer(capacity, this.dimensions, this.scorerKind);
    this.bytes = byteView(this.scorer.matrix);
    this.rowIds = new Float64Array(capacity);
    this.live = new Uint8Array(capacity);
    this.documentRuns = new Map();
    this.usedRows = 0;
    this.deadRows = 0;
    const rowBytes = old.stride * 4;
    for (const [documentId, runs] of oldRuns) {
      for (let i = 0; i < runs.length; i += 2) {
        const [start, end] = [runs[i]!, runs[i + 1]!];
        const target = this.usedRows;
        this.bytes.set(old.bytes.subarray(start * rowBytes, end * rowBytes), target * rowBytes);
        this.rowIds.set(old.rowIds.subarray(start, end), target);
        this.live.fill(1, target, target + end - start);
        this.addToRuns(documentId, target, target + end - start);
        this.usedRows += end - start;
      }
    }
  }

  private addToRuns(documentId: string, start: number, end: number): void {
    const runs = this.documentRuns.get(documentId);
    if (runs === undefined) this.documentRuns.set(documentId, [start, end]);
    else if (runs[runs.length - 1] === start) runs[runs.length - 1] = end;
    else runs.push(start, end);
  }
}

function byteView(array: Float32Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}
