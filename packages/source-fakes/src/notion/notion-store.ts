import type {
  FakeBlockInput,
  FakeDataSourceInput,
  FakeNotionDatabaseInput,
  FakeNotionPageInput,
  FakePropertyValue,
  FakeRichTextInput,
} from './fake-notion-types';
import { blockContent, nestedInputs, tablePayload, tableRows } from './block-content';
import { IdSequence, normaliseNotionId } from './notion-ids';
import { type ApiRichText, minuteStamp, plainText, toRichText } from './rich-text';

/** Where a page or database sits. */
export type StoredParent =
  | { type: 'workspace' }
  | { type: 'page'; id: string }
  | { type: 'block'; id: string }
  | { type: 'data_source'; id: string };

export interface StoredPage {
  id: string;
  titleProperty: string;
  title: ApiRichText[];
  properties: Record<string, FakePropertyValue>;
  emoji?: string;
  parent: StoredParent;
  childIds: string[];
  createdTime: string;
  lastEditedTime: string;
  inTrash: boolean;
  hiddenFromSearch: boolean;
}

export interface StoredBlock {
  id: string;
  type: string;
  /** The `[type]` object as the API shows it, minus what is computed per request. */
  payload: Record<string, unknown>;
  childIds: string[];
  parent: { type: 'page' | 'block'; id: string };
  createdTime: string;
  lastEditedTime: string;
  inTrash: boolean;
  /** Synced-block copies: the original block. */
  syncedFrom?: string;
  /** Notion-hosted files: the name in the expiring download URL. */
  hostedFileName?: string;
}

export interface StoredDatabase {
  id: string;
  title: ApiRichText[];
  parent: StoredParent;
  dataSourceIds: string[];
  isInline: boolean;
  inTrash: boolean;
  createdTime: string;
  lastEditedTime: string;
}

export interface StoredDataSource {
  id: string;
  databaseId: string;
  name: string;
  titleProperty: string;
  rowIds: string[];
  createdTime: string;
  lastEditedTime: string;
}

const TEXT_BLOCKS = new Set([
  'paragraph',
  'heading_1',
  'heading_2',
  'heading_3',
  'heading_4',
  'bulleted_list_item',
  'numbered_list_item',
  'quote',
  'toggle',
  'template',
  'to_do',
  'callout',
]);

/** The workspace: pages, blocks, databases and data sources, mutable while the fake runs. */
export class NotionStore {
  private readonly pages = new Map<string, StoredPage>();
  private readonly blocks = new Map<string, StoredBlock>();
  private readonly databases = new Map<string, StoredDatabase>();
  private readonly dataSources = new Map<string, StoredDataSource>();
  private readonly ids: IdSequence;

  constructor(
    private readonly now: () => Date,
    idSeed: string,
  ) {
    this.ids = new IdSequence(idSeed);
  }

  // ---- reads ----------------------------------------------------------------------------

  page(id: string): StoredPage | undefined {
    return this.pages.get(id);
  }

  block(id: string): StoredBlock | undefined {
    return this.blocks.get(id);
  }

  database(id: string): StoredDatabase | undefined {
    return this.databases.get(id);
  }

  dataSource(id: string): StoredDataSource | undefined {
    return this.dataSources.get(id);
  }

  allPages(): StoredPage[] {
    return [...this.pages.values()];
  }

  allDataSources(): StoredDataSource[] {
    return [...this.dataSources.values()];
  }

  /** Blocks directly under a page or block, trashed ones left out. */
  visibleChildren(containerId: string): StoredBlock[] {
    const container = this.pages.get(containerId) ?? this.blocks.get(containerId);
    if (!container) return [];
    return container.childIds
      .map((id) => this.blocks.get(id))
      .filter((block): block is StoredBlock => block !== undefined && !this.isBlockHidden(block));
  }

  /** A child_page/child_database block disappears with its page or database. */
  private isBlockHidden(block: StoredBlock): boolean {
    if (block.inTrash) return true;
    if (block.type === 'child_page') return this.pages.get(block.id)?.inTrash ?? true;
    if (block.type === 'child_database') return this.databases.get(block.id)?.inTrash ?? true;
    return false;
  }

  /**
   * The object, then every page, block, database and data source above it: sharing any of
   * them shares the object.
   */
  lineage(id: string): string[] {
    const chain: string[] = [];
    let current: string | undefined = id;
    while (current !== undefined && !chain.includes(current)) {
      chain.push(current);
      current = this.parentIdOf(current);
    }
    return chain;
  }

  private parentIdOf(id: string): string | undefined {
    const page = this.pages.get(id);
    if (page) return parentId(page.parent);
    const database = this.databases.get(id);
    if (database) return parentId(database.parent);
    const source = this.dataSources.get(id);
    if (source) return source.databaseId;
    return this.blocks.get(id)?.parent.id;
  }

  /** In the trash itself, or under a page or database that is. */
  isTrashed(id: string): boolean {
    return this.lineage(id).some(
      (ancestor) =>
        this.pages.get(ancestor)?.inTrash === true ||
        this.databases.get(ancestor)?.inTrash === true ||
        this.blocks.get(ancestor)?.inTrash === true,
    );
  }

  /** The page a block belongs to (the block itself for a child_page). */
  containingPage(blockId: string): StoredPage | undefined {
    for (const id of this.lineage(blockId)) {
      const page = this.pages.get(id);
      if (page) return page;
    }
    return undefined;
  }

  hasVisibleChildren(block: StoredBlock): boolean {
    if (block.type === 'child_database') return false;
    if (block.syncedFrom !== undefined) {
      const original = this.blocks.get(block.syncedFrom);
      return original !== undefined && this.visibleChildren(original.id).length > 0;
    }
    return this.visibleChildren(block.id).length > 0;
  }

  titleOf(pageId: string): string {
    const page = this.pages.get(pageId);
    return page ? plainText(page.title) : '';
  }

  // ---- loading and mutations ----------------------------------------------------------

  addTopLevelPage(input: FakeNotionPageInput): StoredPage {
    return this.insertPage(input, { type: 'workspace' }, this.stamp());
  }

  addTopLevelDatabase(input: FakeNotionDatabaseInput): StoredDatabase {
    return this.insertDatabase(input, { type: 'workspace' }, false, this.stamp());
  }

  /** A new child page: a child_page block appended to the parent page, which counts as an edit. */
  addChildPage(parentPageId: string, input: FakeNotionPageInput): StoredPage {
    const parent = this.requirePage(parentPageId);
    const stamp = this.stamp();
    const [blockId] = this.insertBlocks(
      [{ type: 'child_page', page: input }],
      parent.id,
      'page',
      stamp,
    );
    parent.lastEditedTime = stamp;
    return this.requirePage(blockId!);
  }

  addRow(dataSourceId: string, input: FakeNotionPageInput): StoredPage {
    const source = this.dataSources.get(dataSourceId);
    if (!source) throw new Error(`no data source ${dataSourceId}`);
    const row = this.insertPage(
      { ...input, titleProperty: input.titleProperty ?? source.titleProperty },
      { type: 'data_source', id: source.id },
      this.stamp(),
    );
    source.rowIds.push(row.id);
    return row;
  }

  appendBlocks(parentId: string, inputs: FakeBlockInput[]): string[] {
    const kind = this.pages.has(parentId) ? 'page' : 'block';
    if (kind === 'block' && !this.blocks.has(parentId))
      throw new Error(`no page or block ${parentId}`);
    const stamp = this.stamp();
    const ids = this.insertBlocks(inputs, parentId, kind, stamp);
    this.touch(parentId, stamp);
    return ids;
  }

  editBlockText(blockId: string, text: FakeRichTextInput): void {
    const block = this.blocks.get(blockId);
    if (!block) throw new Error(`no block ${blockId}`);
    if (!TEXT_BLOCKS.has(block.type) && block.type !== 'code') {
      throw new Error(`block ${blockId} (${block.type}) holds no rich text`);
    }
    block.payload = { ...block.payload, rich_text: toRichText(text) };
    const stamp = this.stamp();
    block.lastEditedTime = stamp;
    this.touch(blockId, stamp);
  }

  setPageTrashed(pageId: string, inTrash: boolean): void {
    const page = this.requirePage(pageId);
    const stamp = this.stamp();
    page.inTrash = inTrash;
    page.lastEditedTime = stamp;
    // The parent page loses (or regains) its child_page block.
    const parent = parentId(page.parent);
    if (parent !== undefined && page.parent.type !== 'data_source') this.touch(parent, stamp);
  }

  requirePage(id: string): StoredPage {
    const page = this.pages.get(id);
    if (!page) throw new Error(`no page ${id}`);
    return page;
  }

  /** An edit inside a page moves that page's time only (never its parents'). */
  private touch(objectId: string, stamp: string): void {
    const page = this.pages.get(objectId) ?? this.containingPage(objectId);
    if (page) page.lastEditedTime = stamp;
  }

  private stamp(): string {
    return minuteStamp(this.now());
  }

  private idFrom(given: string | undefined): string {
    if (given === undefined) return this.ids.take();
    const id = normaliseNotionId(given);
    if (id === undefined) throw new Error(`not a UUID: ${given}`);
    if (
      this.pages.has(id) ||
      this.blocks.has(id) ||
      this.databases.has(id) ||
      this.dataSources.has(id)
    ) {
      throw new Error(`duplicate id ${id}`);
    }
    return id;
  }

  private insertPage(input: FakeNotionPageInput, parent: StoredParent, stamp: string): StoredPage {
    const page: StoredPage = {
      id: this.idFrom(input.id),
      titleProperty: input.titleProperty ?? 'title',
      title: toRichText(input.title),
      properties: input.properties ?? {},
      ...(input.emoji === undefined ? {} : { emoji: input.emoji }),
      parent,
      childIds: [],
      createdTime: roundedOr(input.createdTime, stamp),
      lastEditedTime: roundedOr(input.lastEditedTime ?? input.createdTime, stamp),
      inTrash: input.inTrash ?? false,
      hiddenFromSearch: input.hiddenFromSearch ?? false,
    };
    this.pages.set(page.id, page);
    this.insertBlocks(input.blocks ?? [], page.id, 'page', page.lastEditedTime);
    return page;
  }

  private insertDatabase(
    input: FakeNotionDatabaseInput,
    parent: StoredParent,
    isInline: boolean,
    stamp: string,
  ): StoredDatabase {
    const database: StoredDatabase = {
      id: this.idFrom(input.id),
      title: toRichText(input.title),
      parent,
      dataSourceIds: [],
      isInline,
      inTrash: input.inTrash ?? false,
      createdTime: roundedOr(input.createdTime, stamp),
      lastEditedTime: roundedOr(input.lastEditedTime ?? input.createdTime, stamp),
    };
    this.databases.set(database.id, database);
    const sources: FakeDataSourceInput[] = input.dataSources ?? [
      { name: plainText(database.title), rows: input.rows ?? [] },
    ];
    for (const sourceInput of sources) {
      const source: StoredDataSource = {
        id: this.idFrom(sourceInput.id),
        databaseId: database.id,
        name: sourceInput.name ?? plainText(database.title),
        titleProperty: sourceInput.titleProperty ?? 'Name',
        rowIds: [],
        createdTime: database.createdTime,
        lastEditedTime: database.lastEditedTime,
      };
      this.dataSources.set(source.id, source);
      database.dataSourceIds.push(source.id);
      for (const row of sourceInput.rows ?? []) {
        const page = this.insertPage(
          { ...row, titleProperty: row.titleProperty ?? source.titleProperty },
          { type: 'data_source', id: source.id },
          stamp,
        );
        source.rowIds.push(page.id);
      }
    }
    return database;
  }

  /** Inserts blocks (and the pages/databases they hold) under a page or block; returns their ids. */
  private insertBlocks(
    inputs: readonly FakeBlockInput[],
    parentIdValue: string,
    parentKind: 'page' | 'block',
    stamp: string,
  ): string[] {
    const container =
      parentKind === 'page' ? this.pages.get(parentIdValue) : this.blocks.get(parentIdValue);
    const ids = inputs.map((input) =>
      this.insertBlock(input, { type: parentKind, id: parentIdValue }, stamp),
    );
    container?.childIds.push(...ids);
    return ids;
  }

  private insertBlock(
    input: FakeBlockInput,
    parent: { type: 'page' | 'block'; id: string },
    stamp: string,
  ): string {
    const objectParent: StoredParent =
      parent.type === 'page' ? { type: 'page', id: parent.id } : { type: 'block', id: parent.id };
    if (input.type === 'child_page') {
      const page = this.insertPage(
        { ...input.page, ...(input.id ? { id: input.id } : {}) },
        objectParent,
        stamp,
      );
      this.blocks.set(
        page.id,
        this.blockRecord(page.id, 'child_page', {}, parent, page.createdTime, page.lastEditedTime),
      );
      return page.id;
    }
    if (input.type === 'child_database') {
      const database = this.insertDatabase(
        { ...input.database, ...(input.id ? { id: input.id } : {}) },
        objectParent,
        true,
        stamp,
      );
      this.blocks.set(
        database.id,
        this.blockRecord(
          database.id,
          'child_database',
          {},
          parent,
          database.createdTime,
          database.lastEditedTime,
        ),
      );
      return database.id;
    }
    const id = this.idFrom(input.id);
    const record = this.blockRecord(id, input.type, {}, parent, stamp, stamp);
    this.blocks.set(id, record);
    if (input.type === 'table') {
      record.payload = tablePayload(input);
      for (const cells of tableRows(input)) {
        this.insertStructural(record, 'table_row', { cells }, stamp);
      }
    } else if (input.type === 'column_list') {
      for (const column of input.columns) {
        const columnRecord = this.insertStructural(record, 'column', {}, stamp);
        this.insertBlocks(column, columnRecord.id, 'block', stamp);
      }
    } else {
      Object.assign(record, blockContent(input, id));
      const nested = nestedInputs(input);
      if (nested.length > 0) this.insertBlocks(nested, id, 'block', stamp);
    }
    return id;
  }

  /** A block the API shows but fixtures do not spell out: table rows, columns. */
  private insertStructural(
    parent: StoredBlock,
    type: string,
    payload: Record<string, unknown>,
    stamp: string,
  ): StoredBlock {
    const id = this.ids.take();
    const record = this.blockRecord(
      id,
      type,
      payload,
      { type: 'block', id: parent.id },
      stamp,
      stamp,
    );
    this.blocks.set(id, record);
    parent.childIds.push(id);
    return record;
  }

  private blockRecord(
    id: string,
    type: string,
    payload: Record<string, unknown>,
    parent: { type: 'page' | 'block'; id: string },
    createdTime: string,
    lastEditedTime: string,
  ): StoredBlock {
    return { id, type, payload, childIds: [], parent, createdTime, lastEditedTime, inTrash: false };
  }
}

function parentId(parent: StoredParent): string | undefined {
  return parent.type === 'workspace' ? undefined : parent.id;
}

function roundedOr(iso: string | undefined, fallback: string): string {
  if (iso === undefined) return fallback;
  const parsed = new Date(iso);
  if (Number.isNaN(parsed.getTime())) throw new Error(`not an ISO timestamp: ${iso}`);
  return minuteStamp(parsed);
}
