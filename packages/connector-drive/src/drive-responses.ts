import { SourceError } from '@docent/connector-sdk';
import type { DriveFile } from './drive-file';

export interface FileListPage {
  files: DriveFile[];
  nextPageToken?: string;
  /** Not every drive was searched: query the corpora one by one instead. */
  incompleteSearch: boolean;
}

export interface SharedDrive {
  id: string;
  name: string;
}

export interface SharedDrivePage {
  drives: SharedDrive[];
  nextPageToken?: string;
}

type Json = Record<string, unknown>;

function unexpected(what: string): SourceError {
  return new SourceError('internal', `Google Drive returned an unexpected ${what}`);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A File resource; throws `internal` when it lacks what every file has. */
export function parseDriveFile(value: unknown): DriveFile {
  if (!isObject(value)) throw unexpected('file entry');
  const { id, name, mimeType } = value;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof mimeType !== 'string') {
    throw unexpected('file entry without id, name or mimeType');
  }
  const file: DriveFile = {
    id,
    name,
    mimeType,
    parents: Array.isArray(value.parents)
      ? value.parents.filter((p): p is string => typeof p === 'string')
      : [],
    trashed: value.trashed === true,
  };
  const modifiedTime = optionalString(value.modifiedTime);
  if (modifiedTime !== undefined) file.modifiedTime = modifiedTime;
  const md5 = optionalString(value.md5Checksum);
  if (md5 !== undefined) file.md5Checksum = md5;
  // int64 fields arrive as strings.
  const size = optionalString(value.size);
  if (size !== undefined && /^\d+$/.test(size)) file.size = Number(size);
  const version = optionalString(value.version);
  if (version !== undefined) file.version = version;
  const driveId = optionalString(value.driveId);
  if (driveId !== undefined) file.driveId = driveId;
  const link = optionalString(value.webViewLink);
  if (link !== undefined) file.webViewLink = link;
  if (isObject(value.shortcutDetails)) {
    const targetId = optionalString(value.shortcutDetails.targetId);
    const targetMimeType = optionalString(value.shortcutDetails.targetMimeType);
    if (targetId !== undefined) {
      file.shortcutDetails = { targetId, ...(targetMimeType ? { targetMimeType } : {}) };
    }
  }
  return file;
}

export function parseFileList(body: unknown): FileListPage {
  if (!isObject(body)) throw unexpected('file list');
  const files = body.files ?? [];
  if (!Array.isArray(files)) throw unexpected('file list');
  const nextPageToken = optionalString(body.nextPageToken);
  return {
    files: files.map(parseDriveFile),
    incompleteSearch: body.incompleteSearch === true,
    ...(nextPageToken === undefined ? {} : { nextPageToken }),
  };
}

export function parseSharedDriveList(body: unknown): SharedDrivePage {
  if (!isObject(body)) throw unexpected('shared drive list');
  const drives = body.drives ?? [];
  if (!Array.isArray(drives)) throw unexpected('shared drive list');
  const nextPageToken = optionalString(body.nextPageToken);
  return {
    drives: drives.map((drive) => {
      if (!isObject(drive) || typeof drive.id !== 'string') throw unexpected('shared drive entry');
      return { id: drive.id, name: typeof drive.name === 'string' ? drive.name : drive.id };
    }),
    ...(nextPageToken === undefined ? {} : { nextPageToken }),
  };
}
