import { MAX_CHUNK_EXTRAS_BYTES } from './types';

/**
 * A chunk's extras as stored (null for none), checked before anything is written. The index
 * never reads inside them: the answerer strategy that wrote them owns their format.
 */
export function checkedExtras(extras: Uint8Array | undefined, chunkIndex: number): Buffer | null {
  if (extras === undefined || extras.byteLength === 0) return null;
  if (!(extras instanceof Uint8Array)) {
    throw new TypeError(`chunks[${chunkIndex}].extras: expected a Uint8Array`);
  }
  if (extras.byteLength > MAX_CHUNK_EXTRAS_BYTES) {
    throw new RangeError(
      `chunks[${chunkIndex}].extras: ${extras.byteLength} bytes, more than ${MAX_CHUNK_EXTRAS_BYTES}`,
    );
  }
  return Buffer.from(extras.buffer, extras.byteOffset, extras.byteLength);
}
