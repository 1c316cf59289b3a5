/** MIME types Drive uses for its own (Docs Editors) items. */
export const GOOGLE_TYPES = {
  folder: 'application/vnd.google-apps.folder',
  shortcut: 'application/vnd.google-apps.shortcut',
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
  drawing: 'application/vnd.google-apps.drawing',
} as const;

const OOXML = 'application/vnd.openxmlformats-officedocument';

/** The media types the document parsers read. */
export const MEDIA_TYPES = {
  pdf: 'application/pdf',
  docx: `${OOXML}.wordprocessingml.document`,
  pptx: `${OOXML}.presentationml.presentation`,
  xlsx: `${OOXML}.spreadsheetml.sheet`,
  html: 'text/html',
  markdown: 'text/markdown',
  text: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
} as const;

export function isGoogleType(mimeType: string): boolean {
  return mimeType.startsWith('application/vnd.google-apps.');
}
