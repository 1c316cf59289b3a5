import { createHash } from 'node:crypto';
import { compareIds, type CqlContent } from './cql/cql-evaluator';
import type {
  FakeAttachment,
  FakeAttachmentInput,
  FakePage,
  FakePageInput,
  FakeSpace,
  FakeSpaceInput,
} from './fake-confluence-types';
import { storageToPlainText } from './storage-plain-text';

/** The fake's content: spaces and their pages, mutable while the server runs. */
export class ConfluenceStore {
  private readonly spaces = new Map<string, FakeSpace>();
  private readonly pages = new Map<string, FakePage>();
  private readonly attachments = new Map<string, FakeAttachment>();
  private nextSpaceId = 98_000;
  private nextPageId = 100_000;
  private nextAttachmentId = 700_000;

  constructor(private readonly now: () => Date) {}

  addSpace(input: FakeSpaceInput): FakeSpace {
    if (this.spaces.has(input.key)) throw new Error(`space ${input.key} already exists`);
    const space: FakeSpace = {
      id: input.id ?? String(this.nextSpaceId++),
      key: input.key,
      name: input.name ?? input.key,
      type: input.type ?? (input.key.startsWith('~') ? 'personal' : 'global'),
    };
    this.spaces.set(space.key, space);
    for (const page of input.pages ?? []) this.upsertPage(space.key, page);
    return space;
  }

  upsertPage(spaceKey: string, input: FakePageInput): FakePage {
    if (!this.spaces.has(spaceKey)) throw new Error(`no space ${spaceKey}`);
    const existing = input.id === undefined ? undefined : this.pages.get(input.id);
    const stamp = this.now().toISOString();
    const id = input.id ?? this.generatePageId();
    const page: FakePage = {
      id,
      spaceKey,
      title: input.title,
      body: input.body ?? '',
      version: existing ? Math.max(existing.version + 1, input.version ?? 0) : (input.version ?? 1),
      status: input.status ?? 'current',
      type: input.type ?? 'page',
      labels: input.labels ?? [],
      omitBodyFromLists: input.omitBodyFromLists ?? existing?.omitBodyFromLists ?? false,
      createdAt: existing?.createdAt ?? input.createdAt ?? stamp,
      updatedAt: input.updatedAt ?? stamp,
      ...(input.parentId === undefined ? {} : { parentId: input.parentId }),
    };
    this.pages.set(id, page);
    for (const attachment of input.attachments ?? []) this.upsertAttachment(id, attachment);
    return page;
  }

  deletePage(id: string): boolean {
    for (const attachment of this.attachmentsOf(id)) this.attachments.delete(attachment.id);
    return this.pages.delete(id);
  }

  /** A new attachment, or a new version of the one with the same id (its older bytes kept). */
  upsertAttachment(pageId: string, input: FakeAttachmentInput): FakeAttachment {
    if (!this.pages.has(pageId)) throw new Error(`no page ${pageId}`);
    const existing = input.id === undefined ? undefined : this.attachments.get(input.id);
    if (existing && existing.pageId !== pageId) {
      throw new Error(`attachment ${input.id} belongs to page ${existing.pageId}`);
    }
    const stamp = this.now().toISOString();
    const id = input.id ?? this.generateAttachmentId();
    const version = existing
      ? Math.max(existing.version + 1, input.version ?? 0)
      : (input.version ?? 1);
    const contents = new Map(existing?.contents ?? []);
    contents.set(version, Buffer.from(input.content));
    const attachment: FakeAttachment = {
      id,
      pageId,
      fileName: input.fileName,
      mediaType: input.mediaType,
      fileId: fileIdOf(id, version),
      version,
      status: input.status ?? 'current',
      comment: input.comment ?? '',
      contents,
      createdAt: existing?.createdAt ?? stamp,
      updatedAt: stamp,
      ...(input.reportedSize === undefined ? {} : { reportedSize: input.reportedSize }),
    };
    this.attachments.set(id, attachment);
    return attachment;
  }

  deleteAttachment(id: string): boolean {
    return this.attachments.delete(id);
  }

  attachment(id: string): FakeAttachment | undefined {
    return this.attachments.get(id);
  }

  /** A page's attachments in id order (the order the list endpoints use). */
  attachmentsOf(pageId: string): FakeAttachment[] {
    return [...this.attachments.values()]
      .filter((attachment) => attachment.pageId === pageId)
      .sort((a, b) => compareIds(a.id, b.id));
  }

  spaceByKey(key: string): FakeSpace | undefined {
    return this.spaces.get(key);
  }

  spaceById(id: string): FakeSpace | undefined {
    return [...this.spaces.values()].find((space) => space.id === id);
  }

  allSpaces(): FakeSpace[] {
    return [...this.spaces.values()].sort((a, b) => compareIds(a.id, b.id));
  }

  page(id: string): FakePage | undefined {
    return this.pages.get(id);
  }

  /** All content in id order (the order list endpoints use without a sort). */
  allPages(): FakePage[] {
    return [...this.pages.values()].sort((a, b) => compareIds(a.id, b.id));
  }

  /** Ancestor ids, parent first; stops on a cycle. */
  ancestorIds(page: FakePage): string[] {
    const ids: string[] = [];
    let parentId = page.parentId;
    while (parentId !== undefined && !ids.includes(parentId)) {
      ids.push(parentId);
      parentId = this.pages.get(parentId)?.parentId;
    }
    return ids;
  }

  cqlView(page: FakePage): CqlContent {
    return {
      id: page.id,
      type: page.type,
      spaceKey: page.spaceKey,
      title: page.title,
      text: storageToPlainText(page.body),
      labels: page.labels,
      ancestorIds: this.ancestorIds(page),
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      ...(page.parentId === undefined ? {} : { parentId: page.parentId }),
    };
  }

  private generateAttachmentId(): string {
    while (this.attachments.has(`att${this.nextAttachmentId}`)) this.nextAttachmentId += 1;
    return `att${this.nextAttachmentId++}`;
  }

  private generatePageId(): string {
    while (this.pages.has(String(this.nextPageId))) this.nextPageId += 1;
    return String(this.nextPageId++);
  }
}

/** Media API file ids look like UUIDs; one per version, as each upload is a new blob. */
function fileIdOf(attachmentId: string, version: number): string {
  const hex = createHash('sha256').update(`${attachmentId}/${version}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
