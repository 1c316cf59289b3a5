import { finished, PassThrough, type Readable } from 'node:stream';

/**
 * `source` re-emitted through a fresh stream whose errors went through `mapError`, so readers
 * see the client's error types. Abandoning the returned stream destroys the source, which
 * releases the connection.
 */
export function withMappedErrors(source: Readable, mapError: (err: unknown) => Error): Readable {
  const output = new PassThrough();
  source.pipe(output);
  finished(source, (err) => {
    if (err) output.destroy(mapError(err));
  });
  output.on('close', () => {
    if (!source.destroyed) source.destroy();
  });
  return output;
}

/** Reads a whole stream, giving up (and destroying it) once more than `limit` bytes arrive. */
export async function readAtMost(
  stream: Readable,
  limit: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += bytes.length;
    if (total > limit) {
      stream.destroy();
      throw tooLarge();
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}
