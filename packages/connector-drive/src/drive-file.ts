/** The file fields the connector asks Drive for, on every listing and get. */
export const FILE_FIELDS =
  'id,name,mimeType,parents,modifiedTime,md5Checksum,size,version,driveId,webViewLink,shortcutDetails,trashed';

export const LIST_FIELDS = `nextPageToken,incompleteSearch,files(${FILE_FIELDS})`;

/** One Drive item as the connector uses it. */
export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  /** RFC 3339. */
  modifiedTime?: string;
  /** Binary files only. */
  md5Checksum?: string;
  /** Bytes; binary files only. */
  size?: number;
  /** Increases on every change, metadata included. */
  version?: string;
  /** Shared-drive items only. */
  driveId?: string;
  webViewLink?: string;
  shortcutDetails?: { targetId: string; targetMimeType?: string };
  trashed: boolean;
}
