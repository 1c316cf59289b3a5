import { encodeVector } from '../../src/vectors/vector-codec';
import { VectorMatrix } from '../../src/vectors/vector-matrix';
import { type MatrixSource, VectorMatrixCache } from '../../src/vectors/vector-matrix-cache';

const DIMS = 8;

function matrixOf(rowCount: number): VectorMatrix {
  const rows = Array.from({ length: rowCount }, (_, i) => {
    const vector = new Float32Array(DIMS);
    vector[i % DIMS] = 1;
    return [i + 1, 'doc', encodeVector(vector)] as [number, string, Buffer];
  });
  return VectorMatrix.load(rowCount, DIMS, rows);
}

function source(rows = 4, refreshes = false) {
  return {
    load: jest.fn(() => matrixOf(rows)),
    refresh: jest.fn((_matrix: VectorMatrix, _from: number) => refreshes),
  } satisfies MatrixSource;
}

describe('VectorMatrixCache', () => {
  const v1 = { incarnation: 'x', generation: 1 };

  it('loads once per version', () => {
    const cache = new VectorMatrixCache(Number.MAX_SAFE_INTEGER);
    const src = source(2);
    const first = cache.get('kb', v1, src);
    expect(cache.get('kb', { ...v1 }, src)).toBe(first);
    expect(src.load).toHaveBeenCalledTimes(1);
    expect(src.refresh).not.toHaveBeenCalled();
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(first.byteSize);
  });

  it('refreshes a matrix from an older generation in place when the source can', () => {
    const cache = new VectorMatrixCache(Number.MAX_SAFE_INTEGER);
    const src = source(2, true);
    const first = cache.get('kb', v1, src);
    expect(cache.get('kb', { incarnation: 'x', generation: 4 }, src)).toBe(first);
    expect(src.refresh).toHaveBeenCalledWith(first, 1);
    expect(src.load).toHaveBeenCalledTimes(1);
  });

  it('loads from scratch when the source cannot refresh', () => {
    const cache = new VectorMatrixCache(Number.MAX_SAFE_INTEGER);
    const src = source(2, false);
    const first = cache.get('kb', v1, src);
    expect(cache.get('kb', { incarnation: 'x', generation: 2 }, src)).not.toBe(first);
    expect(src.load).toHaveBeenCalledTimes(2);
  });

  it('never refreshes across incarnations or backwards', () => {
    const cache = new VectorMatrixCache(Number.MAX_SAFE_INTEGER);
    const src = source(2, true);
    cache.get('kb', { incarnation: 'x', generation: 5 }, src);
    cache.get('kb', { incarnation: 'y', generation: 6 }, src);
    cache.get('kb', { incarnation: 'y', generation: 3 }, src);
    expect(src.refresh).not.toHaveBeenCalled();
    expect(src.load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a matrix whose refresh failed', () => {
    const cache = new VectorMatrixCache(Number.MAX_SAFE_INTEGER);
    const src = source(2, true);
    cache.get('kb', v1, src);
    src.refresh.mockImplementation(() => {
      throw new Error('disk I/O error');
    });
    expect(() => cache.get('kb', { incarnation: 'x', generation: 2 }, src)).toThrow('disk');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('evicts the least recently used matrices beyond its budget', () => {
    const size = matrixOf(4).byteSize;
    const cache = new VectorMatrixCache(2 * size);
    const src = source(4);
    cache.get('a', v1, src);
    cache.get('b', v1, src);
    cache.get('a', v1, src); // a is now more recent than b
    cache.get('c', v1, src); // evicts b
    expect(src.load).toHaveBeenCalledTimes(3);
    cache.get('a', v1, src);
    expect(src.load).toHaveBeenCalledTimes(3);
    cache.get('b', v1, src);
    expect(src.load).toHaveBeenCalledTimes(4);
    expect(cache.bytes).toBeLessThanOrEqual(2 * size);
  });

  it('keeps the matrix in use even when it alone exceeds the budget', () => {
    const cache = new VectorMatrixCache(1);
    const src = source(4);
    const matrix = cache.get('a', v1, src);
    expect(cache.get('a', v1, src)).toBe(matrix);
    cache.get('b', v1, src);
    expect(cache.size).toBe(1);
  });

  it('forgets entries on delete and clear', () => {
    const cache = new VectorMatrixCache(Number.MAX_SAFE_INTEGER);
    cache.get('a', v1, source(2));
    cache.get('b', v1, source(2));
    cache.delete('a');
    cache.delete('missing');
    expect([cache.size, cache.bytes]).toEqual([1, matrixOf(2).byteSize]);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
