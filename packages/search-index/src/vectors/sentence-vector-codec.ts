import { type SentenceVector } from '../types';
import { assertVector, normalised } from './vector-codec';

/**
 * A chunk's sentence vectors in one small binary value: per sentence its 32-bit key, a float32
 * scale and the components as int8 (component ≈ scale × byte). Int8 keeps 4 + 4 + d bytes per
 * sentence (392 for 384 dimensions) against 4 d for float32; the cosine an answer ranks
 * sentences by moves by well under 0.01. Little-endian, with a format byte in front.
 */
const FORMAT = 1;
const HEADER_BYTES = 3;

export function encodeSentenceVectors(
  vectors: readonly SentenceVector[],
  dimensions: number,
): Buffer {
  const stride = 8 + dimensions;
  const out = Buffer.alloc(HEADER_BYTES + vectors.length * stride);
  out.writeUInt8(FORMAT, 0);
  out.writeUInt16LE(dimensions, 1);
  vectors.forEach(({ key, vector }, i) => {
    const at = HEADER_BYTES + i * stride;
    let max = 0;
    for (let j = 0; j < dimensions; j++) max = Math.max(max, Math.abs(vector[j]!));
    const scale = max / 127;
    out.writeUInt32LE(key >>> 0, at);
    out.writeFloatLE(scale, at + 4);
    for (let j = 0; j < dimensions; j++) {
      out.writeInt8(scale === 0 ? 0 : Math.round(vector[j]! / scale), at + 8 + j);
    }
  });
  return out;
}

/** The vectors back, each scaled to unit length; an unknown format or a torn value gives none. */
export function decodeSentenceVectors(blob: Uint8Array | null | undefined): SentenceVector[] {
  if (!blob || blob.byteLength < HEADER_BYTES) return [];
  const bytes = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  if (bytes.readUInt8(0) !== FORMAT) return [];
  const dimensions = bytes.readUInt16LE(1);
  const stride = 8 + dimensions;
  if (dimensions === 0 || (bytes.byteLength - HEADER_BYTES) % stride !== 0) return [];
  const out: SentenceVector[] = [];
  for (let at = HEADER_BYTES; at < bytes.byteLength; at += stride) {
    const vector = new Float32Array(dimensions);
    let sumOfSquares = 0;
    for (let j = 0; j < dimensions; j++) {
      const value = bytes.readInt8(at + 8 + j);
      vector[j] = value;
      sumOfSquares += value * value;
    }
    // The scale cancels out once the vector is normalised; it stays in the format for readers
    // that want the magnitudes.
    if (sumOfSquares > 0) {
      const inverse = 1 / Math.sqrt(sumOfSquares);
      for (let j = 0; j < dimensions; j++) vector[j]! *= inverse;
    }
    out.push({ key: bytes.readUInt32LE(at), vector });
  }
  return out;
}

/** Normalised copies of a chunk's sentence vectors, each checked like the chunk's own. */
export function checkedSentenceVectors(
  vectors: readonly SentenceVector[],
  dimensions: number,
  chunkIndex: number,
): SentenceVector[] {
  return vectors.map(({ key, vector }, j) => {
    if (!Number.isInteger(key) || key < 0 || key > 0xffffffff) {
      throw new RangeError(`chunks[${chunkIndex}].sentenceVectors[${j}]: key must be a uint32`);
    }
    assertVector(vector, dimensions, `chunks[${chunkIndex}].sentenceVectors[${j}]`);
    return { key, vector: normalised(vector) };
  });
}
