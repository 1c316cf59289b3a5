import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { ApiProblem } from './api-problem';
import { attachmentFile, v1Attachment, v2Attachment } from './attachment-shapes';
import type { AuthRealm } from './confluence-auth';
import type { FakeAttachment, FakeAttachmentStatus, FakePage } from './fake-confluence-types';
import { effectiveLimit, listParam } from './paging';
import { defineRoute } from './route-definition';
import { type ServingContext, wikiBase } from './serving-context';
import { capFor, offsetPage, shaping } from './v1-routes';
import { cursorPage } from './v2-routes';

/** v2 lists 50 attachments by default (pages: 25); v1 lists 25. */
const V2_ATTACHMENT_DEFAULT_LIMIT = 50;
const V1_DEFAULT_LIMIT = 25;
const STATUSES: readonly FakeAttachmentStatus[] = ['current', 'archived', 'trashed'];
/** v2 lists current and archived attachments unless told otherwise. */
const V2_DEFAULT_STATUSES: readonly FakeAttachmentStatus[] = ['current', 'archived'];

/** v2 `pages/{id}/attachments` and `attachments/{id}` (Cloud), under `prefix`. */
export function v2AttachmentRoutes(
  serving: ServingContext,
  prefix: string,
  realm: AuthRealm,
): FakeRoute[] {
  const route = (spec: Omit<Parameters<typeof defineRoute>[0], 'family' | 'realm'>) =>
    defineRoute({ ...spec, family: 'v2', realm }, serving);
  return [
    route({
      name: 'v2.pageAttachments',
      path: `${prefix}/pages/:id/attachments`,
      knownParams: ['sort', 'cursor', 'status', 'mediaType', 'filename', 'limit'],
      handle: (request) => {
        const page = visiblePage(serving, request.params.id ?? '');
        if (!page) throw new ApiProblem(404);
        const statuses = statusParam(request.query, V2_DEFAULT_STATUSES);
        const attachments = filtered(serving.store.attachmentsOf(page.id), request.query, statuses);
        return cursorPage(
          serving,
          request,
          attachments.map((attachment) => v2Attachment(attachment)),
          V2_ATTACHMENT_DEFAULT_LIMIT,
        );
      },
    }),
    route({
      name: 'v2.attachment',
      path: `${prefix}/attachments/:id`,
      knownParams: ['version', 'include-labels', 'include-properties', 'include-versions'],
      handle: (request) => {
        const attachment = serving.store.attachment(request.params.id ?? '');
        if (!attachment || attachment.status === 'trashed') throw new ApiProblem(404);
        if (!visiblePage(serving, attachment.pageId)) throw new ApiProblem(404);
        const body = v2Attachment(attachment);
        return {
          status: 200,
          body: {
            ...body,
            _links: { ...(body._links as object), base: wikiBase(serving, request) },
          },
        };
      },
    }),
  ];
}

/**
 * v1 `content/{id}/child/attachment` (Cloud and Data Center) and, on Cloud, the REST download
 * `content/{id}/child/attachment/{attachmentId}/download`, which answers 302 to the media API.
 */
export function v1AttachmentRoutes(
  serving: ServingContext,
  prefix: string,
  realm: AuthRealm,
): FakeRoute[] {
  const route = (spec: Omit<Parameters<typeof defineRoute>[0], 'family' | 'realm'>) =>
    defineRoute({ ...spec, family: 'v1', realm }, serving);
  const routes = [
    route({
      name: 'v1.childAttachments',
      path: `${prefix}/content/:id/child/attachment`,
      knownParams: ['expand', 'start', 'limit', 'filename', 'mediaType'],
      handle: (request) => {
        const id = request.params.id ?? '';
        const page = visiblePage(serving, id);
        if (!page) throw new ApiProblem(404, `No content found with id: ${id}`);
        const attachments = filtered(serving.store.attachmentsOf(page.id), request.query, [
          'current',
        ]);
        const shape = shaping(serving, request);
        return offsetPage(
          serving,
          request,
          attachments.map((attachment) => v1Attachment(attachment, page, shape)),
          effectiveLimit(request.query, V1_DEFAULT_LIMIT, capFor(serving, shape.expand)),
        );
      },
    }),
  ];
  if (serving.mode === 'cloud') {
    routes.push(
      route({
        name: 'v1.attachmentDownload',
        path: `${prefix}/content/:id/child/attachment/:attachmentId/download`,
        knownParams: ['version', 'status'],
        handle: (request) => {
          const attachment = serving.store.attachment(request.params.attachmentId ?? '');
          if (
            !attachment ||
            attachment.pageId !== request.params.id ||
            !visiblePage(serving, attachment.pageId)
          ) {
            throw new ApiProblem(
              404,
              `No attachment found with id: ${request.params.attachmentId}`,
            );
          }
          return redirectToMedia(serving, attachment, versionParam(request, attachment));
        },
      }),
    );
  }
  return routes;
}

/**
 * The download servlet under the wiki base, `/download/attachments/{pageId}/{fileName}`: on
 * Cloud a 302 to the media API, on Data Center the bytes themselves.
 */
export function downloadServletRoute(serving: ServingContext, realm: AuthRealm): FakeRoute {
  return defineRoute(
    {
      name: 'download.attachment',
      path: `${serving.contextPath}/download/attachments/:pageId/:fileName`,
      family: 'download',
      realm,
      knownParams: ['version', 'modificationDate', 'cacheVersion', 'api', 'download'],
      handle: (request) => {
        const { pageId, fileName } = request.params;
        const attachment = visiblePage(serving, pageId ?? '')
          ? serving.store
              .attachmentsOf(pageId ?? '')
              .find((a) => a.fileName === fileName && a.status !== 'trashed')
          : undefined;
        if (!attachment) throw new ApiProblem(404, 'The attachment was not found');
        const version = versionParam(request, attachment);
        if (serving.media) return redirectToMedia(serving, attachment, version);
        return attachmentFile(attachment, attachment.contents.get(version)!);
      },
    },
    serving,
  );
}

function redirectToMedia(
  serving: ServingContext,
  attachment: FakeAttachment,
  version: number,
): FakeResponse {
  if (!serving.media) throw new Error('no media API on a Data Center fake');
  return {
    status: 302,
    headers: { location: serving.media.sign(attachment, version), 'cache-control': 'no-cache' },
  };
}

/** The version asked for (`?version=n`, one the attachment has) or the current one. */
function versionParam(request: FakeRequest, attachment: FakeAttachment): number {
  const raw = request.query.get('version');
  if (raw === null || raw === '') return attachment.version;
  const version = Number(raw);
  if (!Number.isInteger(version) || !attachment.contents.has(version)) {
    throw new ApiProblem(404, `version ${raw} of ${attachment.fileName} does not exist`);
  }
  return version;
}

/** A page whose attachments can be read: current or archived, not a draft or in the trash. */
function visiblePage(serving: ServingContext, id: string): FakePage | undefined {
  const page = serving.store.page(id);
  return page && (page.status === 'current' || page.status === 'archived') ? page : undefined;
}

function filtered(
  attachments: FakeAttachment[],
  query: URLSearchParams,
  statuses: readonly FakeAttachmentStatus[],
): FakeAttachment[] {
  const fileName = query.get('filename');
  const mediaType = query.get('mediaType');
  return attachments
    .filter((a) => statuses.includes(a.status))
    .filter((a) => !fileName || a.fileName === fileName)
    .filter((a) => !mediaType || a.mediaType === mediaType);
}

function statusParam(
  query: URLSearchParams,
  defaults: readonly FakeAttachmentStatus[],
): readonly FakeAttachmentStatus[] {
  const asked = listParam(query, 'status');
  if (asked.length === 0) return defaults;
  const unknown = asked.filter((s) => !(STATUSES as readonly string[]).includes(s));
  if (unknown.length > 0) throw new ApiProblem(400, `Invalid status: ${unknown.join(', ')}`);
  return asked as FakeAttachmentStatus[];
}
