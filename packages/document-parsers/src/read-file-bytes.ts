import { UnsupportedDocumentError } from '@docent/document-model';
import { describeBytes } from './byte-sizes';

/** The one message for a file over the size limit, whether declared or found while reading. */
export function fileTooLarge(maxBytes: number): UnsupportedDocumentError {
  return new UnsupportedDocumentError(`file is larger than the ${describeBytes(maxBytes)} limit`);
}

/**
 * Reads a file's byte stream into one buffer of its own (so it can be transferred to a worker
 * thread), giving up, and closing the stream, as soon as it grows past `maxBytes`.
 */
export async function readFileBytes(
  stream: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.byteLength;
    if (total > maxBytes) throw fileTooLarge(maxBytes);
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
