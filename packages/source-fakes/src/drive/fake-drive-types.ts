import type { RequestLogEntry } from '../shared/fake-http-types';
import type { DelayFault, StatusFault } from '../shared/faults';

export interface FakeDriveFileInput {
  /** Generated when absent. */
  id?: string;
  name: string;
  mimeType: string;
  /** A folder id or a shared drive id; default: the root of My Drive. */
  parent?: string;
  /** Bytes of a binary file (md5/sha256/size are computed from them). */
  content?: Buffer | string;
  /** Docs Editors files: the bytes served for each export MIME type. */
  exports?: Record<string, Buffer | string>;
  /** Export types that fail with 403 exportSizeLimitExceeded whatever their stored size. */
  exportTooLargeFor?: string[];
  /** The owner barred viewers from downloading: 403 cannotDownloadFile / cannotExportFile. */
  copyRequiresWriterPermission?: boolean;
  /** Shortcuts: the target, which may be missing. */
  shortcutTargetId?: string;
  /** Shortcuts to a missing target keep the type they pointed at. */
  shortcutTargetMimeType?: string;
  /** Trashed by the user; its descendants count as trashed too. */
  trashed?: boolean;
  starred?: boolean;
  /** RFC 3339; default: the fake's clock. */
  createdTime?: string;
  modifiedTime?: string;
  resourceKey?: string;
}

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parent: string;
  content?: Buffer;
  exports: Map<string, Buffer>;
  exportTooLargeFor: string[];
  copyRequiresWriterPermission: boolean;
  shortcut?: { targetId: string; targetMimeType: string };
  explicitlyTrashed: boolean;
  starred: boolean;
  createdTime: string;
  modifiedTime: string;
  /** Increases on every change (content, name, trash state). */
  version: number;
  md5Checksum?: string;
  sha256Checksum?: string;
  headRevisionId?: string;
  resourceKey?: string;
}

export interface FakeSharedDriveInput {
  id: string;
  name: string;
}

export type FakeSharedDrive = FakeSharedDriveInput;

/**
 * Google OAuth: the consent screen `GET /o/oauth2/v2/auth` and `POST /token` with both grants
 * (refresh tokens do not rotate).
 */
export interface FakeDriveOAuthOptions {
  clients: Array<{ clientId: string; clientSecret: string }>;
  /** Refresh tokens valid from the start (codes exchanged later add their own). */
  refreshTokens: string[];
  /** Lifetime of access tokens issued by a refresh (default 3599, as Google answers). */
  accessTokenTtlSeconds?: number;
}

export interface FakeDriveOptions {
  host?: string;
  port?: number;
  latencyMs?: number;
  /** Bearer tokens accepted on every API route; they never expire. */
  accessTokens?: string[];
  oauth?: FakeDriveOAuthOptions;
  /** The user `about` describes. */
  user?: { displayName: string; emailAddress: string };
  /** Id of the My Drive root folder (`'root'` is its alias). */
  myDriveRootId?: string;
  sharedDrives?: FakeSharedDriveInput[];
  /** Inserted in order; a parent may come after its children. */
  files?: FakeDriveFileInput[];
  /** Server-side cap on `pageSize` (Google answers fewer than asked; default 1000). */
  pageSizeCap?: number;
  /** Every n-th page of a listing comes back empty, still with a `nextPageToken`. */
  emptyPageEvery?: number;
  /** Pages shrink by 0, 1, 2 items in turn below the cap (partial pages before the end). */
  unevenPages?: boolean;
  /** `corpora=allDrives` skips shared drives and says `incompleteSearch: true`. */
  incompleteAllDrivesSearch?: boolean;
  /** Clock for timestamps and token expiry. */
  now?: () => Date;
}

/** Route names, for `setFault` and the request log (`files.download` is `files.get?alt=media`). */
export type DriveRouteName =
  | 'files.list'
  | 'files.get'
  | 'files.download'
  | 'files.export'
  | 'drives.list'
  | 'about.get'
  | 'oauth.authorize'
  | 'oauth.token';

/**
 * A status answered instead of the route, in Google's error envelope. `reason` defaults by
 * status (403 forbidden, 429 rateLimitExceeded, 5xx backendError); a 429 carries no
 * Retry-After unless `retryAfterSeconds` is given, as Drive does.
 */
export interface DriveStatusFault extends StatusFault {
  reason?: string;
  message?: string;
}

export type DriveFault = DriveStatusFault | DelayFault;

export interface FakeDrive {
  /** The API base URL (`DOCENT_DRIVE_API_URL`); paths start with `/drive/v3`. */
  readonly url: string;
  readonly requests: RequestLogEntry[];
  latencyMs: number;
  readonly myDriveRootId: string;
  setFault(route: DriveRouteName | '*', fault: DriveFault): void;
  clearFaults(route?: DriveRouteName | '*'): void;
  /** Inserts a file, or replaces the one with the same id (new version, new modifiedTime). */
  upsertFile(input: FakeDriveFileInput): FakeDriveFile;
  /** Moves a file (and so its descendants) to or out of the trash; bumps its version. */
  trashFile(id: string, trashed?: boolean): FakeDriveFile;
  /** Deletes a file for good, with everything below it; false when it did not exist. */
  deleteFile(id: string): boolean;
  addSharedDrive(drive: FakeSharedDriveInput): FakeSharedDrive;
  getFile(id: string): FakeDriveFile | undefined;
  /** Makes an access token invalid from now on (expired or revoked). */
  revokeAccessToken(token: string): void;
  close(): Promise<void>;
}
