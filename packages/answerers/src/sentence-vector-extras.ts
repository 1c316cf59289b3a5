import type { ChunkLayout } from '@docent/document-model';
import { answerUnitKey, answerUnits } from '@docent/text-segmentation';
import type { ChunkExtras, ChunkExtrasPlan, Passage } from './types';

/**
 * The extractive answerer's chunk extras: a vector for each of the chunk's sentences
 * (`answerUnits`), pooled at ingestion from the chunk's own forward pass and filed under
 * `answerUnitKey` of the sentence's text, so an answer need not embed the sentences it ranks.
 *
 * The blob: a format byte, the dimension count (uint16), then per sentence its 32-bit key, a
 * float32 scale and the components as int8 (component ≈ scale × byte), little-endian. Int8 keeps
 * 4 + 4 + d bytes per sentence (392 for 384 dimensions) against 4 d for float32; the cosine an
 * answer ranks sentences by moves by well under 0.01. Format 1 is what the index stored as
 * `sentence_vectors` before extras were opaque, so those chunks read as they did.
 */
const FORMAT = 1;
const HEADER_BYTES = 3;

export interface SentenceVector {
  key: number;
  vector: Float32Array;
}

export class SentenceVectorExtras implements ChunkExtras {
  readonly name = 'sentence-vectors';

  /** `maxWords`: the answerer's longest answer unit, so the stored sentences are the ones it ranks. */
  constructor(private readonly maxWords?: number) {}

  plan(text: string, layout?: ChunkLayout): ChunkExtrasPlan {
    const units = answerUnits(text, layout, this.maxWords);
    return {
      // Each unit is pooled from where it stands in the chunk, and filed under its own text's
      // key (a table row's unit text names its columns; the slice is what the model read).
      spans: units.map((unit) => text.slice(unit.start, unit.end)),
      encode: (vectors) => {
        // The first of repeated sentences keeps its vector.
        const byKey = new Map<number, Float32Array>();
        units.forEach((unit, s) => {
          const vector = vectors[s];
          const key = answerUnitKey(unit.text);
          if (vector && !byKey.has(key)) byKey.set(key, vector);
        });
        if (byKey.size === 0) return null;
        return encodeSentenceVectors([...byKey].map(([key, vector]) => ({ key, vector })));
      },
    };
  }

  /** A passage's stored sentence vectors by key (none for a missing or foreign blob). */
  read(passage: Passage): SentenceVector[] {
    return decodeSentenceVectors(passage.extras);
  }
}

/** Throws when the vectors differ in length, are empty, or hold a non-finite component. */
export function encodeSentenceVectors(vectors: readonly SentenceVector[]): Uint8Array {
  const dimensions = vectors[0]?.vector.length ?? 0;
  if (dimensions < 1 || dimensions > 0xffff) {
    throw new RangeError(`sentence vectors: ${dimensions} dimensions is out of range`);
  }
  const stride = 8 + dimensions;
  const out = Buffer.alloc(HEADER_BYTES + vectors.length * stride);
  out.writeUInt8(FORMAT, 0);
  out.writeUInt16LE(dimensions, 1);
  vectors.forEach(({ key, vector }, i) => {
    if (vector.length !== dimensions) {
      throw new RangeError(
        `sentence vectors: vector ${i} has ${vector.length} dimensions, expected ${dimensions}`,
      );
    }
    const at = HEADER_BYTES + i * stride;
    let max = 0;
    for (let j = 0; j < dimensions; j++) {
      if (!Number.isFinite(vector[j])) {
        throw new RangeError(`sentence vectors: vector ${i} component ${j} is not finite`);
      }
      max = Math.max(max, Math.abs(vector[j]!));
    }
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
  // The components read as a typed array: a Buffer method call per byte was most of an
  // answer's decoding time.
  const components = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = HEADER_BYTES; at < bytes.byteLength; at += stride) {
    const vector = new Float32Array(dimensions);
    let sumOfSquares = 0;
    for (let j = 0, from = at + 8; j < dimensions; j++) {
      const value = components[from + j]!;
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
