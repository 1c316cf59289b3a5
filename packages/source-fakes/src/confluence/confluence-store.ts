import { compareIds, type CqlContent } from './cql/cql-evaluator';
import type { FakePage, FakePageInput, FakeSpace, FakeSpaceInput } from './fake-confluence-types';
import { storageToPlainText } from './storage-plain-text';

/** The fake's content: spaces and their pages, mutable while the server runs. */
export class ConfluenceStore {
  private readonly spaces = new Map<string, FakeSpace>();
  private readonly pages = new Map<string, FakePage>();
  private nextSpaceId = 98_000;
  private nextPageId = 100_000;

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
    return page;
  }

  deletePage(id: string): boolean {
    return this.pages.delete(id);
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

  private generatePageId(): string {
    while (this.pages.has(String(this.nextPageId))) this.nextPageId += 1;
    return String(this.nextPageId++);
  }
}
