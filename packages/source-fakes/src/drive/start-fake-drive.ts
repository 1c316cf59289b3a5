import { startFakeHttpServer } from '../shared/fake-http-server';
import { accountRoutes } from './account-routes';
import type { DriveServing } from './drive-serving';
import { DriveStore } from './drive-store';
import { DriveTokenBook } from './drive-token-book';
import type { DriveStatusFault, FakeDrive, FakeDriveOptions } from './fake-drive-types';
import { fileContentRoutes } from './file-content-routes';
import { filesListRoute } from './files-list-route';
import { faultResponse, googleNotFoundPage } from './google-errors';
import { authorizeRoute, tokenRoute } from './token-route';

const DEFAULT_ROOT_ID = '0AFakeMyDriveRootUk9PVA';

/**
 * A local Google Drive API v3: files.list with a real `q`, `fields` masks, capped and uneven
 * pages, shared drives, shortcuts, trash, downloads and exports with Google's errors, Bearer
 * auth, the refresh grant, and injectable faults.
 */
export async function startFakeDrive(options: FakeDriveOptions = {}): Promise<FakeDrive> {
  const now = options.now ?? (() => new Date());
  const store = new DriveStore(options.myDriveRootId ?? DEFAULT_ROOT_ID, now);
  for (const drive of options.sharedDrives ?? []) store.addSharedDrive(drive);
  for (const file of options.files ?? []) store.upsertFile(file);
  const tokens = new DriveTokenBook(options.accessTokens ?? [], options.oauth, now);
  const serving: DriveServing = {
    store,
    tokens,
    options,
    pageSizeCap: options.pageSizeCap ?? 1000,
  };

  const server = await startFakeHttpServer<DriveStatusFault>({
    routes: [
      filesListRoute(serving),
      ...fileContentRoutes(serving),
      ...accountRoutes(serving),
      authorizeRoute(serving),
      tokenRoute(serving),
    ],
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
    latencyMs: options.latencyMs ?? 0,
    jsonContentType: 'application/json; charset=UTF-8',
    renderFault: (_route, fault) => faultResponse(fault.status, fault.reason, fault.message),
    renderNotFound: (request) => googleNotFoundPage(request.path),
  });

  return {
    url: server.origin,
    requests: server.requests,
    myDriveRootId: store.myDriveRootId,
    get latencyMs() {
      return server.latencyMs;
    },
    set latencyMs(value: number) {
      server.latencyMs = value;
    },
    setFault: (route, fault) => server.setFault(route, fault),
    clearFaults: (route) => server.clearFaults(route),
    upsertFile: (input) => store.upsertFile(input),
    trashFile: (id, trashed = true) => store.trashFile(id, trashed),
    deleteFile: (id) => store.deleteFile(id),
    addSharedDrive: (drive) => store.addSharedDrive(drive),
    getFile: (id) => store.file(id),
    revokeAccessToken: (token) => tokens.revoke(token),
    close: () => server.close(),
  };
}
