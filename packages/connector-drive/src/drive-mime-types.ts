/** MIME types Drive uses for its own (Docs Editors) items. */
export const GOOGLE_TYPES = {
  folder: 'application/vnd.google-apps.folder',
  shortcut: 'application/vnd.google-apps.shortcut',
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
  drawing: 'application/vnd.google-apps.drawing',
} as const;

/** The media types the document parsers read, by format. */
export { FILE_FORMAT_MEDIA_TYPES as MEDIA_TYPES } from '@docent/connector-sdk';

export function isGoogleType(mimeType: string): boolean {
  return mimeType.startsWith('application/vnd.google-apps.');
}
