import type { DriveFile } from './drive-file';
import { GOOGLE_TYPES, isGoogleType, MEDIA_TYPES } from './drive-mime-types';

/** An export of a Docs Editors file: the type asked for and the name the file goes by. */
export interface ExportRendition {
  mimeType: string;
  fileName: string;
}

/** How a listed file becomes bytes for the parsers, or why it is not ingested. */
export type FilePlan =
  | { kind: 'download'; mediaType: string; fileName: string; size?: number }
  | { kind: 'export'; rendition: ExportRendition; fallback?: ExportRendition }
  | { kind: 'skip'; reason: string };

export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;

/** Uploaded types the parsers read, normalised to the type they expect. */
const DOWNLOADABLE: Readonly<Record<string, string>> = {
  [MEDIA_TYPES.pdf]: MEDIA_TYPES.pdf,
  [MEDIA_TYPES.docx]: MEDIA_TYPES.docx,
  [MEDIA_TYPES.pptx]: MEDIA_TYPES.pptx,
  [MEDIA_TYPES.xlsx]: MEDIA_TYPES.xlsx,
  [MEDIA_TYPES.html]: MEDIA_TYPES.html,
  [MEDIA_TYPES.markdown]: MEDIA_TYPES.markdown,
  'text/x-markdown': MEDIA_TYPES.markdown,
  [MEDIA_TYPES.text]: MEDIA_TYPES.text,
  [MEDIA_TYPES.csv]: MEDIA_TYPES.csv,
  [MEDIA_TYPES.tsv]: MEDIA_TYPES.tsv,
  'application/x-pdf': MEDIA_TYPES.pdf,
  'application/xhtml+xml': MEDIA_TYPES.html,
  // Macro-enabled Office files are read like their plain siblings (the macros are ignored).
  'application/vnd.ms-word.document.macroenabled.12': MEDIA_TYPES.docx,
  'application/vnd.ms-powerpoint.presentation.macroenabled.12': MEDIA_TYPES.pptx,
  'application/vnd.ms-excel.sheet.macroenabled.12': MEDIA_TYPES.xlsx,
};

/** Drive often types uploads it does not recognise (Markdown above all) by their extension only. */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: MEDIA_TYPES.pdf,
  docx: MEDIA_TYPES.docx,
  pptx: MEDIA_TYPES.pptx,
  xlsx: MEDIA_TYPES.xlsx,
  html: MEDIA_TYPES.html,
  htm: MEDIA_TYPES.html,
  md: MEDIA_TYPES.markdown,
  markdown: MEDIA_TYPES.markdown,
  txt: MEDIA_TYPES.text,
  csv: MEDIA_TYPES.csv,
  tsv: MEDIA_TYPES.tsv,
};

/** Types that say little: the extension decides (`text/plain` only when it names a format). */
const GENERIC_TYPES = new Set([
  'application/octet-stream',
  'binary/octet-stream',
  'application/binary',
  'application/unknown',
  'text/plain',
]);

/**
 * Docs → PDF so page numbers are real pages; Sheets → XLSX so every sheet keeps its number
 * (CSV would give the first sheet only); Slides → PPTX, one page per slide; Drawings → PDF.
 * Past Google's 10 MB export limit, Docs and Slides fall back to plain text (the text without
 * pages beats no text); a Sheet or Drawing has no useful smaller rendition.
 */
const EXPORTS: Readonly<
  Record<string, { target: string; extension: string; textFallback: boolean }>
> = {
  [GOOGLE_TYPES.document]: { target: MEDIA_TYPES.pdf, extension: 'pdf', textFallback: true },
  [GOOGLE_TYPES.spreadsheet]: { target: MEDIA_TYPES.xlsx, extension: 'xlsx', textFallback: false },
  [GOOGLE_TYPES.presentation]: { target: MEDIA_TYPES.pptx, extension: 'pptx', textFallback: true },
  [GOOGLE_TYPES.drawing]: { target: MEDIA_TYPES.pdf, extension: 'pdf', textFallback: false },
};

const GOOGLE_PRODUCT_NAMES: Readonly<Record<string, string>> = {
  'application/vnd.google-apps.form': 'Google Forms',
  'application/vnd.google-apps.site': 'Google Sites',
  'application/vnd.google-apps.map': 'Google My Maps',
  'application/vnd.google-apps.script': 'Apps Script',
  'application/vnd.google-apps.jam': 'Jamboard',
  'application/vnd.google-apps.fusiontable': 'Fusion Tables',
  [GOOGLE_TYPES.folder]: 'folder',
  [GOOGLE_TYPES.shortcut]: 'shortcut',
};

export function planFor(file: DriveFile, maxFileBytes: number): FilePlan {
  if (isGoogleType(file.mimeType)) {
    const format = EXPORTS[file.mimeType];
    if (format === undefined) {
      const product = GOOGLE_PRODUCT_NAMES[file.mimeType] ?? file.mimeType;
      return { kind: 'skip', reason: `unsupported Google type (${product})` };
    }
    return {
      kind: 'export',
      rendition: { mimeType: format.target, fileName: `${file.name}.${format.extension}` },
      ...(format.textFallback
        ? { fallback: { mimeType: MEDIA_TYPES.text, fileName: `${file.name}.txt` } }
        : {}),
    };
  }
  const mediaType = downloadableType(file);
  if (mediaType === undefined) {
    return { kind: 'skip', reason: `unsupported file type (${file.mimeType})` };
  }
  if (file.size !== undefined && file.size > maxFileBytes) {
    return {
      kind: 'skip',
      reason: `file too large (${megabytes(file.size)} MB; the limit is ${megabytes(maxFileBytes)} MB)`,
    };
  }
  return {
    kind: 'download',
    mediaType,
    fileName: file.name,
    ...(file.size === undefined ? {} : { size: file.size }),
  };
}

function downloadableType(file: DriveFile): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const byExtension = extension === undefined ? undefined : BY_EXTENSION[extension];
  // A `.md` uploaded as text/plain is still Markdown; otherwise the declared type wins.
  const declared = file.mimeType.toLowerCase();
  if (GENERIC_TYPES.has(declared) && byExtension !== undefined) return byExtension;
  return DOWNLOADABLE[declared];
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return value >= 10 ? value.toFixed(0) : value.toFixed(1);
}
