import type { FakeResponse } from '../shared/fake-http-types';
import type { ConfluenceDeployment, FakeAttachment, FakePage } from './fake-confluence-types';

const ACCOUNT_ID = '557058:f1e2d3c4-0000-4000-8000-fakeconfluence';

/** Bytes of the current version, or the size the test wants reported. */
export function reportedSize(attachment: FakeAttachment): number {
  return attachment.reportedSize ?? attachment.contents.get(attachment.version)?.length ?? 0;
}

/** The attachment's preview in the web UI, relative to the wiki base. */
export function attachmentWebuiPath(attachment: FakeAttachment): string {
  const preview = encodeURIComponent(
    `/${attachment.pageId}/${attachment.id}/${attachment.fileName}`,
  );
  return `/pages/viewpageattachments.action?pageId=${attachment.pageId}&preview=${preview}`;
}

/**
 * The download servlet's link, relative to the wiki base (v1 `_links.download`, v2
 * `downloadLink`): `/download/attachments/{pageId}/{file}?version=…&modificationDate=…&api=v2`.
 */
export function attachmentDownloadPath(attachment: FakeAttachment): string {
  const modified = Date.parse(attachment.updatedAt);
  return (
    `/download/attachments/${attachment.pageId}/${encodeURIComponent(attachment.fileName)}` +
    `?version=${attachment.version}&modificationDate=${modified}&cacheVersion=1&api=v2`
  );
}

/** v2 `AttachmentBulk` / `AttachmentSingle`. */
export function v2Attachment(attachment: FakeAttachment): Record<string, unknown> {
  const webui = attachmentWebuiPath(attachment);
  const download = attachmentDownloadPath(attachment);
  return {
    id: attachment.id,
    status: attachment.status,
    title: attachment.fileName,
    createdAt: attachment.createdAt,
    pageId: attachment.pageId,
    blogPostId: null,
    customContentId: null,
    mediaType: attachment.mediaType,
    mediaTypeDescription: '',
    comment: attachment.comment,
    fileId: attachment.fileId,
    fileSize: reportedSize(attachment),
    webuiLink: webui,
    downloadLink: download,
    version: {
      number: attachment.version,
      message: '',
      minorEdit: false,
      authorId: ACCOUNT_ID,
      createdAt: attachment.updatedAt,
    },
    _links: { webui, download },
  };
}

/** v1 attachment content, with only the expansions asked for (`version`, `container`). */
export function v1Attachment(
  attachment: FakeAttachment,
  page: FakePage | undefined,
  shaping: { base: string; mode: ConfluenceDeployment; expand: ReadonlySet<string> },
): Record<string, unknown> {
  const { base, mode, expand } = shaping;
  const content: Record<string, unknown> = {
    id: attachment.id,
    type: 'attachment',
    status: attachment.status,
    title: attachment.fileName,
    metadata: {
      mediaType: attachment.mediaType,
      ...(attachment.comment === '' ? {} : { comment: attachment.comment }),
    },
    extensions: {
      mediaType: attachment.mediaType,
      fileSize: reportedSize(attachment),
      comment: attachment.comment,
      ...(mode === 'cloud' ? { fileId: attachment.fileId } : {}),
    },
  };
  const expandable: Record<string, string> = {};
  if (expand.has('version')) {
    content.version = {
      by: { type: 'known', accountId: ACCOUNT_ID },
      when: attachment.updatedAt,
      number: attachment.version,
      minorEdit: false,
    };
  } else {
    expandable.version = '';
  }
  if (expand.has('container') && page) {
    content.container = { id: page.id, type: page.type, status: page.status, title: page.title };
  } else {
    expandable.container = `/rest/api/content/${attachment.pageId}`;
  }
  content._links = {
    webui: attachmentWebuiPath(attachment),
    download: attachmentDownloadPath(attachment),
    self: `${base}/rest/api/content/${attachment.id}`,
  };
  content._expandable = expandable;
  return content;
}

/** The bytes of one version, as the download servlet (Data Center) or the media API serve them. */
export function attachmentFile(attachment: FakeAttachment, bytes: Buffer): FakeResponse {
  return {
    status: 200,
    headers: {
      'content-type': attachment.mediaType,
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
    },
    body: bytes,
  };
}
