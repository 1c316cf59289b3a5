/** Google Workspace MIME types the fake gives meaning to. */
export const GOOGLE_MIME = {
  folder: 'application/vnd.google-apps.folder',
  shortcut: 'application/vnd.google-apps.shortcut',
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
  drawing: 'application/vnd.google-apps.drawing',
  form: 'application/vnd.google-apps.form',
  site: 'application/vnd.google-apps.site',
  map: 'application/vnd.google-apps.map',
  script: 'application/vnd.google-apps.script',
} as const;

const OOXML = 'application/vnd.openxmlformats-officedocument';
const OPENDOCUMENT = 'application/vnd.oasis.opendocument';

/** Export targets per Docs Editors type (Google's "export formats" table). */
export const EXPORT_TARGETS: Readonly<Record<string, readonly string[]>> = {
  [GOOGLE_MIME.document]: [
    'text/plain',
    'text/markdown',
    'text/html',
    'application/zip',
    'application/pdf',
    `${OOXML}.wordprocessingml.document`,
    `${OPENDOCUMENT}.text`,
    'application/rtf',
    'application/epub+zip',
  ],
  [GOOGLE_MIME.spreadsheet]: [
    'text/csv',
    'text/tab-separated-values',
    `${OOXML}.spreadsheetml.sheet`,
    `${OPENDOCUMENT}.spreadsheet`,
    'application/pdf',
    'application/zip',
  ],
  [GOOGLE_MIME.presentation]: [
    'text/plain',
    'application/pdf',
    `${OOXML}.presentationml.presentation`,
    `${OPENDOCUMENT}.presentation`,
    'image/jpeg',
    'image/png',
    'image/svg+xml',
  ],
  [GOOGLE_MIME.drawing]: ['application/pdf', 'image/jpeg', 'image/png', 'image/svg+xml'],
  [GOOGLE_MIME.script]: ['application/vnd.google-apps.script+json'],
};

/** Docs Editors files: no bytes of their own, only exports. */
export function isGoogleType(mimeType: string): boolean {
  return mimeType.startsWith('application/vnd.google-apps.');
}

/** Google's export limit (discovery: "The exported content is limited to 10MB"). */
export const EXPORT_LIMIT_BYTES = 10 * 1024 * 1024;
