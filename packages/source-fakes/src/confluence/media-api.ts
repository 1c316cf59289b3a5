import { randomBytes } from 'node:crypto';
import { startFakeHttpServer, type FakeHttpServer } from '../shared/fake-http-server';
import type { FakeRequest, FakeResponse } from '../shared/fake-http-types';
import { errorResponse } from './api-problem';
import { attachmentFile } from './attachment-shapes';
import type { ConfluenceStore } from './confluence-store';
import type { FakeAttachment } from './fake-confluence-types';

interface SignedFile {
  attachmentId: string;
  version: number;
  fileId: string;
  expiresAt: number;
}

/**
 * Cloud's media API, on an origin of its own (as api.media.atlassian.com is): a download on the
 * site answers 302 to a URL signed here, which needs no credentials and expires soon.
 */
export class FakeMediaApi {
  private readonly signed = new Map<string, SignedFile>();

  private constructor(
    private readonly server: FakeHttpServer,
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  static async start(options: {
    store: ConfluenceStore;
    host?: string;
    ttlSeconds: number;
    latencyMs: number;
    now: () => Date;
  }): Promise<FakeMediaApi> {
    // The routes need the instance, which needs the started server.
    const started: { api?: FakeMediaApi } = {};
    const server = await startFakeHttpServer({
      ...(options.host === undefined ? {} : { host: options.host }),
      latencyMs: options.latencyMs,
      routes: [
        {
          name: 'media.file',
          method: 'GET',
          path: '/file/:fileId/binary',
          knownParams: ['token', 'client', 'name', 'max-age', 'dl'],
          handle: (request) => started.api!.serve(request, options.store),
        },
      ],
      renderFault: (_route, fault) => errorResponse('media', fault.status),
      renderNotFound: () => errorResponse('media', 404, 'Not Found'),
    });
    started.api = new FakeMediaApi(server, options.ttlSeconds * 1000, options.now);
    return started.api;
  }

  get origin(): string {
    return this.server.origin;
  }

  get http(): FakeHttpServer {
    return this.server;
  }

  /** A URL that serves this version of the attachment until it expires. */
  sign(attachment: FakeAttachment, version: number): string {
    const token = randomBytes(12).toString('base64url');
    this.signed.set(token, {
      attachmentId: attachment.id,
      version,
      fileId: attachment.fileId,
      expiresAt: this.now().getTime() + this.ttlMs,
    });
    const query = new URLSearchParams({
      token,
      client: 'fake-confluence',
      name: attachment.fileName,
      'max-age': String(Math.floor(this.ttlMs / 1000)),
    });
    return `${this.origin}/file/${attachment.fileId}/binary?${query.toString()}`;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private serve(request: FakeRequest, store: ConfluenceStore): FakeResponse {
    const signed = this.signed.get(request.query.get('token') ?? '');
    if (!signed || signed.fileId !== request.params.fileId) {
      return errorResponse('media', 401, 'The token is missing or does not match this file');
    }
    if (this.now().getTime() >= signed.expiresAt) {
      return errorResponse('media', 401, 'The token has expired');
    }
    const attachment = store.attachment(signed.attachmentId);
    const bytes = attachment?.contents.get(signed.version);
    if (!attachment || !bytes) return errorResponse('media', 404, 'File not found');
    return attachmentFile(attachment, bytes);
  }
}
