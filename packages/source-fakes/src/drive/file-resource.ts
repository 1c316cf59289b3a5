import type { DriveStore } from './drive-store';
import { EXPORT_TARGETS, GOOGLE_MIME } from './drive-mime-types';
import type { FakeDriveFile, FakeSharedDrive } from './fake-drive-types';
import { type FieldMask, type FieldSchema, parseFieldMask } from './field-mask';

/** The File fields the fake serves (a subset of Drive's File resource). */
export const FILE_SCHEMA: FieldSchema = {
  kind: 'leaf',
  id: 'leaf',
  name: 'leaf',
  mimeType: 'leaf',
  parents: 'leaf',
  trashed: 'leaf',
  explicitlyTrashed: 'leaf',
  starred: 'leaf',
  version: 'leaf',
  createdTime: 'leaf',
  modifiedTime: 'leaf',
  webViewLink: 'leaf',
  size: 'leaf',
  md5Checksum: 'leaf',
  sha256Checksum: 'leaf',
  headRevisionId: 'leaf',
  fileExtension: 'leaf',
  driveId: 'leaf',
  resourceKey: 'leaf',
  spaces: 'leaf',
  exportLinks: 'leaf',
  copyRequiresWriterPermission: 'leaf',
  shortcutDetails: { targetId: 'leaf', targetMimeType: 'leaf', targetResourceKey: 'leaf' },
  capabilities: { canDownload: 'leaf', canCopy: 'leaf', canListChildren: 'leaf' },
};

/** Without `fields`, a file carries only these (Drive's "search files" guide). */
export const DEFAULT_FILE_MASK: FieldMask = parseFieldMask('kind,id,name,mimeType,resourceKey');

const VIEW_LINKS: Record<string, string> = {
  [GOOGLE_MIME.document]: 'https://docs.google.com/document/d/{id}/edit?usp=drivesdk',
  [GOOGLE_MIME.spreadsheet]: 'https://docs.google.com/spreadsheets/d/{id}/edit?usp=drivesdk',
  [GOOGLE_MIME.presentation]: 'https://docs.google.com/presentation/d/{id}/edit?usp=drivesdk',
  [GOOGLE_MIME.drawing]: 'https://docs.google.com/drawings/d/{id}/edit?usp=drivesdk',
  [GOOGLE_MIME.folder]: 'https://drive.google.com/drive/folders/{id}',
};

/** The whole File resource of a stored file, as Drive would describe it. */
export function fileResource(
  store: DriveStore,
  file: FakeDriveFile,
  origin: string,
): Record<string, unknown> {
  const driveId = store.driveIdOf(file);
  const exportTargets = EXPORT_TARGETS[file.mimeType];
  const resource: Record<string, unknown> = {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    parents: [file.parent],
    trashed: store.isTrashed(file),
    explicitlyTrashed: file.explicitlyTrashed,
    starred: file.starred,
    version: String(file.version),
    createdTime: file.createdTime,
    modifiedTime: file.modifiedTime,
    webViewLink: (
      VIEW_LINKS[file.mimeType] ?? 'https://drive.google.com/file/d/{id}/view?usp=drivesdk'
    ).replace('{id}', file.id),
    spaces: ['drive'],
    copyRequiresWriterPermission: file.copyRequiresWriterPermission,
    capabilities: {
      canDownload: !file.copyRequiresWriterPermission,
      canCopy: !file.copyRequiresWriterPermission,
      canListChildren: file.mimeType === GOOGLE_MIME.folder,
    },
  };
  if (file.content !== undefined) {
    resource.size = String(file.content.length);
    resource.md5Checksum = file.md5Checksum;
    resource.sha256Checksum = file.sha256Checksum;
    resource.headRevisionId = file.headRevisionId;
    const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1];
    if (extension !== undefined) resource.fileExtension = extension;
  }
  if (driveId !== undefined) resource.driveId = driveId;
  if (file.resourceKey !== undefined) resource.resourceKey = file.resourceKey;
  if (file.shortcut) resource.shortcutDetails = { ...file.shortcut };
  if (exportTargets) {
    resource.exportLinks = Object.fromEntries(
      exportTargets.map((type) => [
        type,
        `${origin}/drive/v3/files/${encodeURIComponent(file.id)}/export?mimeType=${encodeURIComponent(type)}`,
      ]),
    );
  }
  return resource;
}

/** The root folder of My Drive or of a shared drive: gettable, never listed. */
export function rootFolderResource(
  id: string,
  sharedDrive: FakeSharedDrive | undefined,
): Record<string, unknown> {
  return {
    kind: 'drive#file',
    id,
    name: sharedDrive?.name ?? 'My Drive',
    mimeType: GOOGLE_MIME.folder,
    trashed: false,
    explicitlyTrashed: false,
    starred: false,
    version: '1',
    webViewLink: `https://drive.google.com/drive/folders/${id}`,
    spaces: ['drive'],
    capabilities: { canDownload: true, canCopy: false, canListChildren: true },
    ...(sharedDrive ? { driveId: sharedDrive.id } : {}),
  };
}
