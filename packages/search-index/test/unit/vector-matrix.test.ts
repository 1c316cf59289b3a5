import { encodeVector } from '../../src/vectors/vector-codec';
import { type MatrixSourceRow, VectorMatrix } from '../../src/vectors/vector-matrix';
import { randomUnitVector, seededRandom } from '../support/seeded-random';

const DIMS = 16;

function fixture(rowCount: number) {
  const random = seededRandom(rowCount);
  const documents = ['a', 'b', 'c', 'd'];
  const rows = Array.from({ length: rowCount }, (_, i) => ({
    // rowids with gaps, documents interleaved so some have several runs
    rowId: 10 + i * 3,
    documentId: documents[Math.floor(i / 5) % documents.length]!,
    vector: randomUnitVector(random, DIMS),
  }));
  const source: MatrixSourceRow[] = rows.map((row) => [
    row.rowId,
    row.documentId,
    encodeVector(row.vector),
  ]);
  return { rows, source, query: randomUnitVector(random, DIMS) };
}

function bruteForce(
  rows: ReturnType<typeof fixture>['rows'],
  query: Float32Array,
  k: number,
  documentIds?: string[],
) {
  return rows
    .filter((row) => documentIds === undefined || documentIds.includes(row.documentId))
    .map((row) => ({
      rowId: row.rowId,
      similarity: row.vector.reduce((sum, value, i) => sum + value * query[i]!, 0),
    }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, k);
}

describe('VectorMatrix', () => {
  it.each(['wasm-simd', 'js'] as const)('finds the exact nearest rows (%s)', (kind) => {
    const { rows, source, query } = fixture(200);
    const matrix = VectorMatrix.load(rows.length, DIMS, source, kind);
    const nearest = matrix.nearest(query, 10);
    const expected = bruteForce(rows, query, 10);
    expect(nearest.map((n) => n.rowId)).toEqual(expected.map((n) => n.rowId));
    nearest.forEach((n, i) => expect(n.similarity).toBeCloseTo(expected[i]!.similarity, 5));
  });

  it('scans only the filtered documents, across all of their runs', () => {
    const { rows, source, query } = fixture(200);
    const matrix = VectorMatrix.load(rows.length, DIMS, source);
    const nearest = matrix.nearest(query, 30, ['b', 'd', 'b', 'unknown']);
    expect(nearest.map((n) => n.rowId)).toEqual(
      bruteForce(rows, query, 30, ['b', 'd']).map((n) => n.rowId),
    );
    expect(matrix.nearest(query, 5, ['unknown'])).toEqual([]);
  });

  it('returns every row when k exceeds the row count', () => {
    const { rows, source, query } = fixture(12);
    const matrix = VectorMatrix.load(rows.length, DIMS, source);
    expect(matrix.nearest(query, 100)).toHaveLength(12);
    expect(matrix.nearest(query, 0)).toEqual([]);
  });

  it('handles an empty collection', () => {
    const matrix = VectorMatrix.load(0, DIMS, []);
    expect(matrix.nearest(new Float32Array(DIMS).fill(0.25), 5)).toEqual([]);
  });

  it('reports the memory it holds', () => {
    const { rows, source } = fixture(20);
    const matrix = VectorMatrix.load(rows.length, DIMS, source);
    // matrix, scores, rowids, liveness flags
    expect(matrix.byteSize).toBe(20 * DIMS * 4 + 20 * 4 + 20 * 8 + 20);
  });

  describe('replaceDocuments', () => {
    /** Applies replacements to the plain-array model and the matrix, then compares them. */
    function check(
      model: ReturnType<typeof fixture>['rows'],
      matrix: VectorMatrix,
      query: Float32Array,
    ) {
      expect(matrix.rowCount).toBe(model.length);
      expect(matrix.nearest(query, model.length + 5).map((n) => n.rowId)).toEqual(
        bruteForce(model, query, model.length + 5).map((n) => n.rowId),
      );
      for (const documentId of ['a', 'b', 'c', 'd', 'e']) {
        expect(matrix.nearest(query, 50, [documentId]).map((n) => n.rowId)).toEqual(
          bruteForce(model, query, 50, [documentId]).map((n) => n.rowId),
        );
      }
    }

    it('drops, adds and re-adds documents like a full reload would', () => {
      const random = seededRandom(99);
      const { rows, source, query } = fixture(40);
      let model = [...rows];
      const matrix = VectorMatrix.load(rows.length, DIMS, source);
      let nextRowId = 1000;
      for (let round = 0; round < 30; round++) {
        const documentId = ['a', 'b', 'c', 'd', 'e'][Math.floor(random() * 5)]!;
        const count = Math.floor(random() * 12); // 0 deletes the document
        const fresh = Array.from({ length: count }, () => ({
          rowId: nextRowId++,
          documentId,
          vector: randomUnitVector(random, DIMS),
        }));
        model = [...model.filter((row) => row.documentId !== documentId), ...fresh];
        matrix.replaceDocuments(
          [documentId],
          fresh.map((row) => [row.rowId, row.documentId, encodeVector(row.vector)]),
        );
        check(model, matrix, query);
      }
    });

    it('grows an empty matrix', () => {
      const random = seededRandom(5);
      const matrix = VectorMatrix.load(0, DIMS, []);
      const vector = randomUnitVector(random, DIMS);
      matrix.replaceDocuments(['a'], [[7, 'a', encodeVector(vector)]]);
      expect(matrix.nearest(vector, 3)).toEqual([{ rowId: 7, similarity: expect.closeTo(1, 5) }]);
    });

    it('compacts dead rows instead of letting them accumulate', () => {
      const { rows, source } = fixture(100);
      const matrix = VectorMatrix.load(rows.length, DIMS, source);
      const before = matrix.byteSize;
      for (let i = 0; i < 20; i++) {
        const doc = rows.filter((row) => row.documentId === 'a').slice(0, 5);
        matrix.replaceDocuments(
          ['a'],
          doc.map((row, j) => [10_000 + i * 10 + j, 'a', encodeVector(row.vector)]),
        );
      }
      expect(matrix.rowCount).toBe(
        rows.length - rows.filter((r) => r.documentId === 'a').length + 5,
      );
      expect(matrix.byteSize).toBeLessThanOrEqual(before * (1 + 0.25) + 64);
    });
  });

  it('refuses rows that do not match the announced shape', () => {
    const { source } = fixture(3);
    expect(() => VectorMatrix.load(2, DIMS, source)).toThrow(/more rows/);
    expect(() => VectorMatrix.load(4, DIMS, source)).toThrow(/fewer rows/);
    const short: MatrixSourceRow[] = [[1, 'a', new Uint8Array(DIMS * 4 - 4)]];
    expect(() => VectorMatrix.load(1, DIMS, short)).toThrow(/bytes/);
  });
});
