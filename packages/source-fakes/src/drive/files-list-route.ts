import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { defineDriveRoute, type DriveServing } from './drive-serving';
import type { FakeDriveFile } from './fake-drive-types';
import { applyFieldMask, type FieldSchema, parseFieldMask } from './field-mask';
import { FILE_SCHEMA, fileResource } from './file-resource';
import { DriveApiError } from './google-errors';
import { decodePageToken, encodePageToken, listingFingerprint } from './page-token';
import { compileDriveQuery, type DriveQueryView } from './query/drive-query-evaluator';
import { DriveQueryError } from './query/drive-query-error';
import { booleanParam, fieldsParam, invalidParameter, pageSizeParam } from './request-params';
import { fileOrdering } from './file-ordering';

const LIST_SCHEMA: FieldSchema = {
  kind: 'leaf',
  nextPageToken: 'leaf',
  incompleteSearch: 'leaf',
  files: FILE_SCHEMA,
};

/** Without `fields` Drive still pages; only the file entries are cut down. */
const DEFAULT_LIST_MASK = parseFieldMask(
  'kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType,resourceKey)',
);

const CORPORA = ['user', 'domain', 'drive', 'allDrives'];

/** `GET /drive/v3/files`. */
export function filesListRoute(serving: DriveServing): FakeRoute {
  return defineDriveRoute(
    {
      name: 'files.list',
      path: '/drive/v3/files',
      params: [
        'q',
        'pageSize',
        'pageToken',
        'orderBy',
        'corpora',
        'driveId',
        'includeItemsFromAllDrives',
        'supportsAllDrives',
        'spaces',
        'includePermissionsForView',
        'includeLabels',
      ],
      handle: (request) => listFiles(serving, request),
    },
    serving,
  );
}

function listFiles(serving: DriveServing, request: FakeRequest): FakeResponse {
  const { query } = request;
  const { store, options } = serving;
  const allDrives =
    booleanParam(query, 'supportsAllDrives') && booleanParam(query, 'includeItemsFromAllDrives');
  const corpora = query.get('corpora') ?? 'user';
  if (!CORPORA.includes(corpora)) throw invalidParameter('corpora');
  const driveId = query.get('driveId');
  if ((corpora === 'drive') !== (driveId !== null)) {
    throw invalidParameter(
      'driveId',
      'The driveId parameter must be specified if and only if corpora is set to drive.',
    );
  }
  if ((corpora === 'drive' || corpora === 'allDrives') && !allDrives) {
    throw invalidParameter(
      'includeItemsFromAllDrives',
      'includeItemsFromAllDrives and supportsAllDrives must be true when corpora is drive or allDrives.',
    );
  }
  if (driveId !== null && store.sharedDrive(driveId) === undefined) {
    throw new DriveApiError(404, 'notFound', `Shared drive not found: ${driveId}`, {
      name: 'driveId',
      type: 'parameter',
    });
  }
  const matches = compileQuery(query.get('q'));
  const mask = fieldsParam(query, LIST_SCHEMA, DEFAULT_LIST_MASK);
  const pageSize = pageSizeParam(query, 100, 1000);
  const order = fileOrdering(query.get('orderBy'));
  const skipsSharedDrives = corpora === 'allDrives' && options.incompleteAllDrivesSearch === true;

  const inCorpus = (file: FakeDriveFile): boolean => {
    const fileDrive = store.driveIdOf(file);
    if (fileDrive === undefined) return corpora !== 'drive';
    if (!allDrives || skipsSharedDrives) return false;
    return corpora !== 'drive' || fileDrive === driveId;
  };
  const candidates = store
    .allFiles()
    .filter((file) => inCorpus(file) && matches(queryView(serving, file)))
    .sort(order);

  const fingerprint = listingFingerprint('files.list', query);
  const position = decodePageToken(query.get('pageToken'), fingerprint);
  let take = Math.min(pageSize, serving.pageSizeCap);
  if (options.unevenPages) take = Math.max(1, take - ((position.page - 1) % 3));
  const emptyEvery = options.emptyPageEvery ?? 0;
  if (emptyEvery > 0 && position.page % emptyEvery === 0) take = 0;
  const page = candidates.slice(position.offset, position.offset + take);
  const nextOffset = position.offset + page.length;
  const body: Record<string, unknown> = {
    kind: 'drive#fileList',
    incompleteSearch: skipsSharedDrives,
    files: page.map((file) => fileResource(store, file, request.origin)),
  };
  if (nextOffset < candidates.length) {
    body.nextPageToken = encodePageToken(
      { offset: nextOffset, page: position.page + 1 },
      fingerprint,
    );
  }
  return { status: 200, body: mask ? applyFieldMask(body, mask) : body };
}

function compileQuery(q: string | null): (view: DriveQueryView) => boolean {
  if (q === null || q.trim() === '') return () => true;
  try {
    return compileDriveQuery(q);
  } catch (error) {
    // Google says no more than this about a bad query.
    if (error instanceof DriveQueryError) throw invalidParameter('q');
    throw error;
  }
}

function queryView(serving: DriveServing, file: FakeDriveFile): DriveQueryView {
  const { store } = serving;
  const parents = [file.parent];
  if (file.parent === store.myDriveRootId) parents.push('root');
  return {
    name: file.name,
    mimeType: file.mimeType,
    modifiedTime: file.modifiedTime,
    createdTime: file.createdTime,
    trashed: store.isTrashed(file),
    starred: file.starred,
    parents,
  };
}
