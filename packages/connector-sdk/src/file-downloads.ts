import {
  DEFAULT_MAX_FILE_BYTES,
  detectFileFormat,
  FILE_FORMAT_MEDIA_TYPES,
  type DocumentContent,
} from '@docent/document-model';
import type { HttpResponse } from './http/types';

/** A file as its source lists it, before any download. */
export interface ListedFile {
  /** The media type the source declares (often generic: the name then decides). */
  mediaType: string;
  fileName: string;
  /** Bytes, when the source reports it. */
  size?: number;
}

/** Whether to download a listed file, and as what; or why it is skipped. */
export type FileDownloadPlan =
  | { kind: 'download'; mediaType: string; fileName: string; size?: number }
  | { kind: 'skip'; reason: string };

/**
 * The media type the parsers read a file as (`text/plain` + `notes.md` → `text/markdown`,
 * octet-stream + `deck.pptx` → PPTX), or undefined when Docent cannot parse it.
 */
export function parsableMediaType(mediaType: string, fileName?: string): string | undefined {
  const format = detectFileFormat(mediaType, fileName);
  return format === undefined ? undefined : FILE_FORMAT_MEDIA_TYPES[format];
}

/**
 * The same rule for every connector that downloads files: a type the parsers cannot read and a
 * file over `maxFileBytes` (by its listed size) are skipped, with a reason to report as the
 * file's failure; anything else is downloaded under the media type the parsers expect.
 */
export function planFileDownload(
  file: ListedFile,
  maxFileBytes: number = DEFAULT_MAX_FILE_BYTES,
): FileDownloadPlan {
  const mediaType = parsableMediaType(file.mediaType, file.fileName);
  if (mediaType === undefined) {
    return { kind: 'skip', reason: `unsupported file type (${file.mediaType || 'unknown'})` };
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
    fileName: file.fileName,
    ...(file.size === undefined ? {} : { size: file.size }),
  };
}

/**
 * A download's response as `file` content whose stream opens once. Make the request before
 * handing this over (in `fetch`), so a refusal is that document's failure at once.
 */
export function downloadedFileContent(
  response: HttpResponse,
  file: { mediaType: string; fileName?: string; size?: number },
): DocumentContent {
  let opened = false;
  const size = file.size ?? announcedSize(response);
  return {
    kind: 'file',
    mediaType: file.mediaType,
    ...(file.fileName === undefined ? {} : { fileName: file.fileName }),
    ...(size === undefined ? {} : { size }),
    open: () => {
      if (opened) return Promise.reject(new Error('the file content was already opened'));
      opened = true;
      return Promise.resolve(response.stream());
    },
  };
}

/** The size an uncompressed response announces in Content-Length, if any. */
export function announcedSize(response: HttpResponse): number | undefined {
  const length = response.headers['content-length'];
  if (response.headers['content-encoding'] !== undefined || length === undefined) return undefined;
  return /^\d+$/.test(length) ? Number(length) : undefined;
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return value >= 10 ? value.toFixed(0) : value.toFixed(1);
}
