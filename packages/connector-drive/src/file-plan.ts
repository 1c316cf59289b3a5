import { planFileDownload } from '@docent/connector-sdk';
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

export { DEFAULT_MAX_FILE_BYTES } from '@docent/connector-sdk';

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
  // Uploaded files follow the rule every connector shares (the parsers' format detection).
  return planFileDownload(
    {
      mediaType: file.mimeType,
      fileName: file.name,
      ...(file.size === undefined ? {} : { size: file.size }),
    },
    maxFileBytes,
  );
}
