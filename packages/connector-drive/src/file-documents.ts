import type { DiscoveryItem, DocumentRef } from '@docent/connector-sdk';
import type { DriveFile } from './drive-file';
import type { FilePlan } from './file-plan';

/**
 * Changes exactly when the ingested content may have changed. Binary files: the md5 of their
 * bytes, with modifiedTime. Google files have no checksum: their modifiedTime, with the export
 * type so that a change of rendition re-ingests them. Drive's own `version` is not used: it also
 * grows on sharing and other metadata changes, which would re-ingest unchanged content.
 */
export function documentVersion(file: DriveFile, plan: FilePlan): string {
  const modified = `modified:${file.modifiedTime ?? `v${file.version ?? '0'}`}`;
  if (plan.kind === 'export') return `export:${plan.rendition.mimeType};${modified}`;
  if (file.md5Checksum !== undefined) return `md5:${file.md5Checksum};${modified}`;
  return `version:${file.version ?? '0'};${modified}`;
}

export function documentRef(file: DriveFile, plan: FilePlan): DocumentRef {
  return {
    sourceId: file.id,
    version: documentVersion(file, plan),
    title: file.name,
    ...(file.webViewLink === undefined ? {} : { url: file.webViewLink }),
    ...(file.modifiedTime === undefined ? {} : { updatedAt: file.modifiedTime }),
  };
}

/** A listed file as a discovery item: a document, or a failure saying why it is skipped. */
export function discoveryItemFor(file: DriveFile, plan: FilePlan): DiscoveryItem {
  if (plan.kind === 'skip') {
    return {
      type: 'failure',
      sourceId: file.id,
      title: file.name,
      message: plan.reason,
      unsupported: true,
    };
  }
  return { type: 'document', ref: documentRef(file, plan) };
}
