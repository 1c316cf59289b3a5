import type { FakeRoute } from '../shared/fake-http-types';
import { defineOpenRoute } from './route-definition';
import type { NotionServing } from './serving-context';

/**
 * Notion-hosted files: the signed URL in a file block works until its `expiry_time`, then the
 * storage answers 403 (which is why a client must download at once and never keep the URL).
 */
export function fileRoutes(serving: NotionServing): FakeRoute[] {
  return [
    defineOpenRoute(
      {
        name: 'files.download',
        method: 'GET',
        path: '/fake-files/:blockId/:name',
        knownParams: ['expires'],
        handle: (request) => {
          const expires = Number(request.query.get('expires'));
          const block = serving.store.block(request.params.blockId ?? '');
          if (!block || block.hostedFileName !== request.params.name || !Number.isFinite(expires)) {
            return {
              status: 404,
              headers: { 'content-type': 'application/xml' },
              body: s3Error('NoSuchKey', 'The specified key does not exist.'),
            };
          }
          if (serving.now().getTime() >= expires) {
            return {
              status: 403,
              headers: { 'content-type': 'application/xml' },
              body: s3Error('AccessDenied', 'Request has expired'),
            };
          }
          return {
            status: 200,
            headers: { 'content-type': 'application/octet-stream' },
            body: `contents of ${block.hostedFileName}`,
          };
        },
      },
      serving,
    ),
  ];
}

function s3Error(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}
