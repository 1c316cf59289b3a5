import {
  downloadedFileContent,
  type ConnectorLogger,
  type DocumentContent,
  type HttpResponse,
  UnsupportedDocumentError,
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
      throw new UnsupportedDocumentError(plan.reason);
    case 'download':
      return downloadedFileContent(await api.download(file), plan);
    case 'export': {
      const { response, rendition } = await exportWithFallback(api, file, plan, log);
      // Exports have no `size` in the listing: an uncompressed Content-Length says it.
      return downloadedFileContent(response, {
        mediaType: rendition.mimeType,
        fileName: rendition.fileName,
      });
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
