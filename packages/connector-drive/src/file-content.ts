import {
  DocumentError,
  type ConnectorLogger,
  type DocumentContent,
  type HttpResponse,
} from '@docent/connector-sdk';
import type { DriveApi } from './drive-api';
import { DriveFileRefusal } from './file-refusals';
import type { DriveFile } from './drive-file';
import type { ExportRendition, FilePlan } from './file-plan';

/**
 * The bytes of one file as `file` content. The request is made here, not in `open()`, so
 * that a refusal is known before the content is handed over (and an export can fall back).
 */
export async function fileContent(
  api: DriveApi,
  file: DriveFile,
  plan: FilePlan,
  log: ConnectorLogger,
): Promise<DocumentContent> {
  switch (plan.kind) {
    case 'skip':
      throw new DocumentError(plan.reason);
    case 'download':
      return asContent(await api.download(file), plan.mediaType, plan.fileName, plan.size);
    case 'export': {
      const { response, rendition } = await exportWithFallback(api, file, plan, log);
      return asContent(response, rendition.mimeType, rendition.fileName, announcedSize(response));
    }
  }
}

async function exportWithFallback(
  api: DriveApi,
  file: DriveFile,
  plan: Extract<FilePlan, { kind: 'export' }>,
  log: ConnectorLogger,
): Promise<{ response: HttpResponse; rendition: ExportRendition }> {
  try {
    return {
      response: await api.exportAs(file, plan.rendition.mimeType),
      rendition: plan.rendition,
    };
  } catch (error) {
    const tooLarge =
      error instanceof DriveFileRefusal && error.reason === 'exportSizeLimitExceeded';
    if (!tooLarge || plan.fallback === undefined) throw error;
    log.info('export too large, falling back to plain text', {
      fileId: file.id,
      from: plan.rendition.mimeType,
    });
    return { response: await api.exportAs(file, plan.fallback.mimeType), rendition: plan.fallback };
  }
}

function asContent(
  response: HttpResponse,
  mediaType: string,
  fileName: string,
  size: number | undefined,
): DocumentContent {
  let opened = false;
  return {
    kind: 'file',
    mediaType,
    fileName,
    ...(size === undefined ? {} : { size }),
    open: () => {
      if (opened) return Promise.reject(new Error('the file content was already opened'));
      opened = true;
      return Promise.resolve(response.stream());
    },
  };
}

/** Exports have no `size` in the listing; an uncompressed Content-Length says it. */
function announcedSize(response: HttpResponse): number | undefined {
  const length = response.headers['content-length'];
  if (response.headers['content-encoding'] !== undefined || length === undefined) return undefined;
  return /^\d+$/.test(length) ? Number(length) : undefined;
}
