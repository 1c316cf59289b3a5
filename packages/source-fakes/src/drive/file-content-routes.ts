import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { EXPORT_LIMIT_BYTES, EXPORT_TARGETS, isGoogleType } from './drive-mime-types';
import { defineDriveRoute, type DriveServing } from './drive-serving';
import type { FakeDriveFile } from './fake-drive-types';
import { applyFieldMask } from './field-mask';
import { DEFAULT_FILE_MASK, FILE_SCHEMA, fileResource, rootFolderResource } from './file-resource';
import { DriveApiError } from './google-errors';
import { booleanParam, fieldsParam, invalidParameter, requiredParam } from './request-params';

/** What a file id designates: a stored file, or the root of My Drive or of a shared drive. */
type Target =
  { kind: 'file'; file: FakeDriveFile } | { kind: 'root'; resource: Record<string, unknown> };

/** `GET /drive/v3/files/{id}` (metadata, or bytes with `alt=media`) and `…/export`. */
export function fileContentRoutes(serving: DriveServing): FakeRoute[] {
  return [
    defineDriveRoute(
      {
        name: 'files.get',
        path: '/drive/v3/files/:fileId',
        params: [
          'supportsAllDrives',
          'acknowledgeAbuse',
          'includePermissionsForView',
          'includeLabels',
        ],
        nameFor: (query) => (query.get('alt') === 'media' ? 'files.download' : 'files.get'),
        handle: (request) => getFile(serving, request),
      },
      serving,
    ),
    defineDriveRoute(
      {
        name: 'files.export',
        path: '/drive/v3/files/:fileId/export',
        params: ['mimeType'],
        handle: (request) => exportFile(serving, request),
      },
      serving,
    ),
  ];
}

function getFile(serving: DriveServing, request: FakeRequest): FakeResponse {
  const { query } = request;
  const alt = query.get('alt') ?? 'json';
  if (alt !== 'json' && alt !== 'media') throw invalidParameter('alt');
  const target = resolve(serving, request.params.fileId!, booleanParam(query, 'supportsAllDrives'));
  if (alt === 'media') return download(target);
  const mask = fieldsParam(query, FILE_SCHEMA, DEFAULT_FILE_MASK)!;
  const resource =
    target.kind === 'root'
      ? target.resource
      : fileResource(serving.store, target.file, request.origin);
  return { status: 200, body: applyFieldMask(resource, mask) };
}

function download(target: Target): FakeResponse {
  if (target.kind === 'root' || target.file.content === undefined) {
    throw new DriveApiError(
      403,
      'fileNotDownloadable',
      'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
      { name: 'alt', type: 'parameter' },
    );
  }
  const { file } = target;
  if (file.copyRequiresWriterPermission) {
    throw new DriveApiError(
      403,
      'cannotDownloadFile',
      'The user does not have sufficient permissions to download this file.',
    );
  }
  return { status: 200, headers: { 'content-type': file.mimeType }, body: file.content };
}

function exportFile(serving: DriveServing, request: FakeRequest): FakeResponse {
  const type = requiredParam(request.query, 'mimeType');
  // Export takes no supportsAllDrives: shared-drive files export like any other.
  const target = resolve(serving, request.params.fileId!, true);
  const targets =
    target.kind === 'file' && isGoogleType(target.file.mimeType)
      ? EXPORT_TARGETS[target.file.mimeType]
      : undefined;
  if (target.kind === 'root' || targets === undefined) {
    throw new DriveApiError(403, 'fileNotExportable', 'Export only supports Docs Editors files.');
  }
  const { file } = target;
  if (!targets.includes(type)) {
    throw new DriveApiError(400, 'badRequest', 'The requested conversion is not supported.', {
      name: 'convertTo',
      type: 'parameter',
    });
  }
  if (file.copyRequiresWriterPermission) {
    throw new DriveApiError(403, 'cannotExportFile', 'This file cannot be exported by the user.');
  }
  const bytes = file.exports.get(type);
  if (file.exportTooLargeFor.includes(type) || (bytes?.length ?? 0) > EXPORT_LIMIT_BYTES) {
    throw new DriveApiError(
      403,
      'exportSizeLimitExceeded',
      'This file is too large to be exported.',
    );
  }
  if (bytes === undefined) {
    // A gap in the test fixture, not an API answer: fail loudly (500).
    throw new Error(`the fixture has no ${type} export for file ${file.id}`);
  }
  return { status: 200, headers: { 'content-type': type }, body: bytes };
}

/**
 * 404 for unknown ids and, without `supportsAllDrives`, for anything in a shared drive: the
 * classic cause of "File not found" on files that do exist.
 */
function resolve(serving: DriveServing, id: string, supportsAllDrives: boolean): Target {
  const { store } = serving;
  const notFound = new DriveApiError(404, 'notFound', `File not found: ${id}.`, {
    name: 'fileId',
    type: 'parameter',
  });
  if (id === 'root' || id === store.myDriveRootId) {
    return { kind: 'root', resource: rootFolderResource(store.myDriveRootId, undefined) };
  }
  const sharedDrive = store.sharedDrive(id);
  if (sharedDrive) {
    if (!supportsAllDrives) throw notFound;
    return { kind: 'root', resource: rootFolderResource(id, sharedDrive) };
  }
  const file = store.file(id);
  if (!file) throw notFound;
  if (store.driveIdOf(file) !== undefined && !supportsAllDrives) throw notFound;
  return { kind: 'file', file };
}
