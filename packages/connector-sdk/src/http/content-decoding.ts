import { pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';

/** What the client advertises; every coding named here is decoded below. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * The body with its content-codings undone (they are listed in the order they were applied).
 * Unknown codings are left alone rather than guessed at. Truncated gzip/deflate input yields
 * what could be decoded, as browsers do, instead of failing the whole body.
 */
export function decodeContent(raw: Readable, contentEncoding: string | undefined): Readable {
  const decoders = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse()
    .map(decoderFor);
  if (decoders.length === 0 || decoders.includes(undefined)) return raw;
  const stages = decoders as Transform[];
  // pipeline destroys every stage on error, so the last stage reports it to the reader.
  return pipeline([raw, ...stages], () => undefined) as unknown as Readable;
}

function decoderFor(coding: string): Transform | undefined {
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(lenient);
    case 'deflate':
      return zlib.createInflate(lenient);
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}
