/** The file formats Docent's parsers read. */
export type FileFormat =
  'pdf' | 'docx' | 'pptx' | 'xlsx' | 'html' | 'markdown' | 'text' | 'csv' | 'tsv';

const OOXML = 'application/vnd.openxmlformats-officedocument';

/** The media type each format goes by: what a connector hands the parsers for it. */
export const FILE_FORMAT_MEDIA_TYPES: Readonly<Record<FileFormat, string>> = {
  pdf: 'application/pdf',
  docx: `${OOXML}.wordprocessingml.document`,
  pptx: `${OOXML}.presentationml.presentation`,
  xlsx: `${OOXML}.spreadsheetml.sheet`,
  html: 'text/html',
  markdown: 'text/markdown',
  text: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
};

/** Largest file Docent reads by default (the parsers' cap, and connectors' before a download). */
export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;

const BY_MEDIA_TYPE: Record<string, FileFormat> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-word.document.macroenabled.12': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.ms-powerpoint.presentation.macroenabled.12': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel.sheet.macroenabled.12': 'xlsx',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'text',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/tab-separated-values': 'tsv',
};

const BY_EXTENSION: Record<string, FileFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  docm: 'docx',
  pptx: 'pptx',
  pptm: 'pptx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  txt: 'text',
  text: 'text',
  log: 'text',
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
};

/** Media types that say nothing about the content: the file name decides. */
const GENERIC_MEDIA_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/binary',
  'application/unknown',
  'application/zip',
  'application/x-zip-compressed',
]);

/** `text/plain; charset=utf-8` → `text/plain`. */
export function baseMediaType(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}

function extensionOf(fileName: string | undefined): string | undefined {
  const match = fileName ? /\.([a-z0-9]+)$/i.exec(fileName.trim()) : null;
  return match?.[1]?.toLowerCase();
}

/**
 * The format of a file from its media type and name (sources give both, not always well):
 * a specific media type wins; a generic one (octet-stream, zip) defers to the extension, and so
 * does `text/plain` when the extension names a text-based format (Markdown, CSV).
 */
export function detectFileFormat(mediaType: string, fileName?: string): FileFormat | undefined {
  const fromType = BY_MEDIA_TYPE[baseMediaType(mediaType)];
  const fromName = BY_EXTENSION[extensionOf(fileName) ?? ''];
  if (fromType === 'text' && fromName && ['markdown', 'csv', 'tsv'].includes(fromName)) {
    return fromName;
  }
  if (fromType) return fromType;
  return GENERIC_MEDIA_TYPES.has(baseMediaType(mediaType)) ? fromName : undefined;
}
