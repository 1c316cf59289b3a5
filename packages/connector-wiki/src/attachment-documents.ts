import {
  type DiscoveryItem,
  type DocumentRef,
  FILE_FORMAT_MEDIA_TYPES,
  type FileDownloadPlan,
  parsableMediaType,
  planFileDownload,
} from '@docent/connector-sdk';
import type { ConfluenceAttachment } from './confluence-responses';

/** An attachment as a document: named after its page, planned as Drive files are. */
export interface ListedAttachment {
  attachment: ConfluenceAttachment;
  title: string;
  plan: FileDownloadPlan;
}

/**
 * What the listing makes of one attachment: undefined when Docent cannot parse its type (images,
 * videos and diagrams are part of a page, not documents, so they are left out without a word);
 * otherwise the attachment under `<page title> / <file name>`, a failure when it is too large.
 */
export function listAttachment(
  page: { title: string },
  attachment: ConfluenceAttachment,
  maxFileBytes: number,
): ListedAttachment | undefined {
  if (parsableMediaType(attachment.mediaType, attachment.fileName) === undefined) return undefined;
  return {
    attachment,
    title: `${page.title} / ${attachment.fileName}`,
    plan: planFileDownload(
      {
        mediaType: attachment.mediaType,
        fileName: attachment.fileName,
        ...(attachment.size === undefined ? {} : { size: attachment.size }),
      },
      maxFileBytes,
    ),
  };
}

export function attachmentItem({ attachment, title, plan }: ListedAttachment): DiscoveryItem {
  if (plan.kind === 'skip') {
    return {
      type: 'failure',
      sourceId: attachment.id,
      title,
      message: plan.reason,
      unsupported: true,
    };
  }
  return { type: 'document', ref: attachmentRef(attachment, title, plan.mediaType) };
}

/**
 * The version is the attachment's own: a new upload is a new version; the page's edits leave it
 * alone. A PDF links each page to the download link with `#page=N`, which browsers' PDF viewers
 * open at that page; other files link to their preview in Confluence.
 */
function attachmentRef(
  attachment: ConfluenceAttachment,
  title: string,
  mediaType: string,
): DocumentRef {
  const pdf = mediaType === FILE_FORMAT_MEDIA_TYPES.pdf && attachment.webDownloadUrl !== undefined;
  return {
    sourceId: attachment.id,
    version: String(attachment.version),
    title,
    ...(attachment.webUrl === undefined ? {} : { url: attachment.webUrl }),
    ...(pdf ? { pageUrlTemplate: `${attachment.webDownloadUrl}#page={page}` } : {}),
    ...(attachment.updatedAt === undefined ? {} : { updatedAt: attachment.updatedAt }),
  };
}
