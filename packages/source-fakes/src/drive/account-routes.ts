import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { defineDriveRoute, type DriveServing } from './drive-serving';
import { applyFieldMask, type FieldSchema, parseFieldMask } from './field-mask';
import { DriveApiError } from './google-errors';
import { decodePageToken, encodePageToken, listingFingerprint } from './page-token';
import { booleanParam, fieldsParam, invalidParameter, pageSizeParam } from './request-params';

const DRIVE_LIST_SCHEMA: FieldSchema = {
  kind: 'leaf',
  nextPageToken: 'leaf',
  drives: { kind: 'leaf', id: 'leaf', name: 'leaf', hidden: 'leaf' },
};
const DEFAULT_DRIVE_LIST_MASK = parseFieldMask('kind,nextPageToken,drives(kind,id,name)');

const ABOUT_SCHEMA: FieldSchema = {
  kind: 'leaf',
  user: {
    kind: 'leaf',
    displayName: 'leaf',
    emailAddress: 'leaf',
    permissionId: 'leaf',
    me: 'leaf',
  },
};

/** `GET /drive/v3/drives` (shared drives) and `GET /drive/v3/about`. */
export function accountRoutes(serving: DriveServing): FakeRoute[] {
  return [
    defineDriveRoute(
      {
        name: 'drives.list',
        path: '/drive/v3/drives',
        params: ['pageSize', 'pageToken', 'q', 'useDomainAdminAccess'],
        handle: (request) => listDrives(serving, request),
      },
      serving,
    ),
    defineDriveRoute(
      {
        name: 'about.get',
        path: '/drive/v3/about',
        params: [],
        handle: (request) => about(serving, request),
      },
      serving,
    ),
  ];
}

function listDrives(serving: DriveServing, request: FakeRequest): FakeResponse {
  const { query } = request;
  if (query.get('q') !== null) {
    throw invalidParameter('q', 'Searching shared drives is not modelled by this fake.');
  }
  booleanParam(query, 'useDomainAdminAccess');
  const mask = fieldsParam(query, DRIVE_LIST_SCHEMA, DEFAULT_DRIVE_LIST_MASK)!;
  const pageSize = Math.min(pageSizeParam(query, 10, 100), serving.pageSizeCap);
  const fingerprint = listingFingerprint('drives.list', query);
  const position = decodePageToken(query.get('pageToken'), fingerprint);
  const drives = serving.store.allSharedDrives();
  const page = drives.slice(position.offset, position.offset + pageSize);
  const nextOffset = position.offset + page.length;
  const body: Record<string, unknown> = {
    kind: 'drive#driveList',
    drives: page.map((drive) => ({
      kind: 'drive#drive',
      id: drive.id,
      name: drive.name,
      hidden: false,
    })),
  };
  if (nextOffset < drives.length) {
    body.nextPageToken = encodePageToken(
      { offset: nextOffset, page: position.page + 1 },
      fingerprint,
    );
  }
  return { status: 200, body: applyFieldMask(body, mask) };
}

/** `about.get` is one of the methods where Google insists on `fields`. */
function about(serving: DriveServing, request: FakeRequest): FakeResponse {
  const mask = fieldsParam(request.query, ABOUT_SCHEMA, undefined);
  if (mask === undefined) {
    throw new DriveApiError(
      400,
      'required',
      "The 'fields' parameter is required for this method.",
      {
        name: 'fields',
        type: 'parameter',
      },
    );
  }
  const user = serving.options.user ?? {
    displayName: 'Fake User',
    emailAddress: 'fake.user@example.com',
  };
  const body = {
    kind: 'drive#about',
    user: { kind: 'drive#user', ...user, permissionId: '01234567890123456789', me: true },
  };
  return { status: 200, body: applyFieldMask(body, mask) };
}
