import { type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { withMappedErrors, readAtMost } from './body-stream';
import { decodeContent } from './content-decoding';
import { ResponseTooLargeError } from './errors';
import type { HttpResponse } from './types';

export interface ResponseInit {
  status: number;
  headers: Record<string, string | undefined>;
  url: string;
  maxResponseBytes: number;
  /** Turns stream failures (reset, timeout, bad gzip) into the client's error types. */
  mapBodyError: (err: unknown) => Error;
}

type BodySource = { kind: 'stream'; open: () => Readable } | { kind: 'buffer'; data: Buffer };

/** An HttpResponse whose body is read at most once, either buffered or as a stream. */
export class SourceHttpResponse implements HttpResponse {
  readonly status: number;
  readonly headers: Record<string, string | undefined>;
  readonly url: string;
  private buffered: Promise<Buffer> | undefined;
  private streamed = false;

  private constructor(
    private readonly init: ResponseInit,
    private readonly body: BodySource,
  ) {
    this.status = init.status;
    this.headers = init.headers;
    this.url = init.url;
  }

  /** Wraps a live response; `hasBody` is false for HEAD, 204 and 304 (nothing to decode). */
  static fromMessage(message: Readable, hasBody: boolean, init: ResponseInit): SourceHttpResponse {
    const open = (): Readable =>
      withMappedErrors(
        hasBody && init.headers['content-length'] !== '0'
          ? decodeContent(message, init.headers['content-encoding'])
          : message,
        init.mapBodyError,
      );
    return new SourceHttpResponse(init, { kind: 'stream', open });
  }

  /** The same response with a body already read into memory (decoded). */
  static fromBuffer(data: Buffer, init: ResponseInit): SourceHttpResponse {
    return new SourceHttpResponse(init, { kind: 'buffer', data });
  }

  buffer(): Promise<Buffer> {
    if (this.streamed)
      return Promise.reject(new Error('response body already consumed by stream()'));
    this.buffered ??= this.readBody();
    return this.buffered;
  }

  async text(): Promise<string> {
    return decodeText(await this.buffer(), this.headers['content-type']);
  }

  async json<T = unknown>(): Promise<T> {
    return JSON.parse(await this.text()) as T;
  }

  stream(): Readable {
    if (this.streamed || this.buffered) throw new Error('response body already consumed');
    this.streamed = true;
    return this.body.kind === 'buffer' ? Readable.from([this.body.data]) : this.body.open();
  }

  private async readBody(): Promise<Buffer> {
    if (this.body.kind === 'buffer') return this.body.data;
    const limit = this.init.maxResponseBytes;
    const stream = this.body.open();
    // Refuse early when the size is announced; compressed lengths say nothing about the result.
    const announced = Number(this.headers['content-length']);
    if (this.headers['content-encoding'] === undefined && announced > limit) {
      stream.destroy();
      throw new ResponseTooLargeError(limit);
    }
    return readAtMost(stream, limit, () => new ResponseTooLargeError(limit));
  }
}

/** Header values as strings: repeated headers (e.g. set-cookie) are joined with ", ". */
export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function decodeText(data: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(data);
  } catch {
    return new TextDecoder('utf-8').decode(data);
  }
}
