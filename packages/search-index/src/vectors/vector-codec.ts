/**
 * Vectors are stored as float32 BLOBs in little-endian order: the native order of every platform
 * Node supports, so a BLOB's bytes copy straight into a Float32Array.
 */

/** Throws unless `vector` has `dimensions` finite components. */
export function assertVector(vector: Float32Array, dimensions: number, what: string): void {
  if (!(vector instanceof Float32Array)) {
    throw new TypeError(`${what}: expected a Float32Array`);
  }
  if (vector.length !== dimensions) {
    throw new RangeError(`${what}: vector has ${vector.length} dimensions, expected ${dimensions}`);
  }
  for (let i = 0; i < vector.length; i++) {
    if (!Number.isFinite(vector[i])) {
      throw new RangeError(`${what}: vector component ${i} is not a finite number`);
    }
  }
}

/**
 * A unit-length copy, so a dot product is the cosine even if an embedder skipped normalisation;
 * a zero vector stays zero (cosine 0 with everything).
 */
export function normalised(vector: Float32Array): Float32Array {
  let sumOfSquares = 0;
  for (let i = 0; i < vector.length; i++) sumOfSquares += vector[i]! * vector[i]!;
  const out = new Float32Array(vector.length);
  if (sumOfSquares === 0) return out;
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]! * scale;
  return out;
}

export function encodeVector(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** Dot product of a query with a stored BLOB, without copying the BLOB. */
export function dotWithBlob(query: Float32Array, blob: Uint8Array): number {
  if (blob.byteLength !== query.length * 4) return Number.NaN;
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  let sum = 0;
  for (let i = 0; i < query.length; i++) sum += query[i]! * view.getFloat32(i * 4, true);
  return sum;
}
