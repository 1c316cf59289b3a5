import { createHash } from 'node:crypto';
import type { FakePropertyValue } from './fake-notion-types';
import { compactId } from './notion-ids';
import type {
  NotionStore,
  StoredBlock,
  StoredDatabase,
  StoredDataSource,
  StoredPage,
  StoredParent,
} from './notion-store';
import type { VersionProfile } from './notion-versions';
import { plainText, toRichText } from './rich-text';

/** How long a Notion-hosted file URL stays valid. */
export const HOSTED_FILE_TTL_MS = 60 * 60 * 1000;

const FAKE_USER = { object: 'user', id: '6a7c6bd1-3b1f-4e7b-9f5c-5a3f1c2d9e10' };

/** What rendering an object depends on besides the store. */
export interface ShapeContext {
  store: NotionStore;
  profile: VersionProfile;
  /** The fake's origin, for hosted file URLs. */
  origin: string;
  now: Date;
}

type Json = Record<string, unknown>;

function trashFlags(inTrash: boolean, profile: VersionProfile): Json {
  return profile.archivedField ? { archived: inTrash, in_trash: inTrash } : { in_trash: inTrash };
}

function parentShape(parent: StoredParent, context: ShapeContext): Json {
  switch (parent.type) {
    case 'workspace':
      return { type: 'workspace', workspace: true };
    case 'page':
      return { type: 'page_id', page_id: parent.id };
    case 'block':
      return { type: 'block_id', block_id: parent.id };
    case 'data_source': {
      const databaseId = context.store.dataSource(parent.id)?.databaseId ?? '';
      return context.profile.dataSources
        ? { type: 'data_source_id', data_source_id: parent.id, database_id: databaseId }
        : { type: 'database_id', database_id: databaseId };
    }
  }
}

function slug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

export function pageUrl(page: StoredPage): string {
  const name = slug(plainText(page.title));
  return `https://www.notion.so/${name === '' ? '' : `${name}-`}${compactId(page.id)}`;
}

function propertyId(name: string): string {
  return encodeURIComponent(createHash('sha1').update(name).digest('base64').slice(0, 4));
}

function propertyValue(name: string, value: FakePropertyValue): Json {
  const id = propertyId(name);
  if ('rich_text' in value)
    return { id, type: 'rich_text', rich_text: toRichText(value.rich_text) };
  if ('select' in value)
    return {
      id,
      type: 'select',
      select: { id: propertyId(value.select), name: value.select, color: 'default' },
    };
  if ('multi_select' in value)
    return {
      id,
      type: 'multi_select',
      multi_select: value.multi_select.map((option) => ({
        id: propertyId(option),
        name: option,
        color: 'default',
      })),
    };
  if ('number' in value) return { id, type: 'number', number: value.number };
  if ('checkbox' in value) return { id, type: 'checkbox', checkbox: value.checkbox };
  if ('date' in value)
    return { id, type: 'date', date: { start: value.date, end: null, time_zone: null } };
  return { id, type: 'url', url: value.url };
}

export function pageShape(page: StoredPage, context: ShapeContext): Json {
  const properties: Json = {
    [page.titleProperty]: { id: 'title', type: 'title', title: page.title },
  };
  for (const [name, value] of Object.entries(page.properties)) {
    properties[name] = propertyValue(name, value);
  }
  return {
    object: 'page',
    id: page.id,
    created_time: page.createdTime,
    last_edited_time: page.lastEditedTime,
    created_by: FAKE_USER,
    last_edited_by: FAKE_USER,
    cover: null,
    icon: page.emoji === undefined ? null : { type: 'emoji', emoji: page.emoji },
    parent: parentShape(page.parent, context),
    ...trashFlags(context.store.isTrashed(page.id), context.profile),
    is_locked: false,
    properties,
    url: pageUrl(page),
    public_url: null,
  };
}

export function blockShape(block: StoredBlock, context: ShapeContext): Json {
  const { store } = context;
  let payload: Json = block.payload;
  if (block.type === 'child_page') payload = { title: store.titleOf(block.id) };
  if (block.type === 'child_database') {
    const database = store.database(block.id);
    payload = { title: database ? plainText(database.title) : '' };
  }
  if (block.hostedFileName !== undefined) {
    const expires = context.now.getTime() + HOSTED_FILE_TTL_MS;
    payload = {
      ...payload,
      file: {
        url: `${context.origin}/fake-files/${block.id}/${encodeURIComponent(block.hostedFileName)}?expires=${expires}`,
        expiry_time: new Date(expires).toISOString(),
      },
    };
  }
  return {
    object: 'block',
    id: block.id,
    parent:
      block.parent.type === 'page'
        ? { type: 'page_id', page_id: block.parent.id }
        : { type: 'block_id', block_id: block.parent.id },
    created_time: block.createdTime,
    last_edited_time: block.lastEditedTime,
    created_by: FAKE_USER,
    last_edited_by: FAKE_USER,
    has_children: store.hasVisibleChildren(block),
    ...trashFlags(block.inTrash, context.profile),
    type: block.type,
    [block.type]: payload,
  };
}

/** A top-level page asked for through the block endpoint: Notion shows it as a child_page block. */
export function pageAsBlockShape(page: StoredPage, context: ShapeContext): Json {
  return {
    object: 'block',
    id: page.id,
    parent: parentShape(page.parent, context),
    created_time: page.createdTime,
    last_edited_time: page.lastEditedTime,
    created_by: FAKE_USER,
    last_edited_by: FAKE_USER,
    has_children: context.store.visibleChildren(page.id).length > 0,
    ...trashFlags(context.store.isTrashed(page.id), context.profile),
    type: 'child_page',
    child_page: { title: plainText(page.title) },
  };
}

function schemaOf(source: StoredDataSource, store: NotionStore): Json {
  const schema: Json = {
    [source.titleProperty]: { id: 'title', name: source.titleProperty, type: 'title', title: {} },
  };
  for (const rowId of source.rowIds) {
    for (const [name, value] of Object.entries(store.page(rowId)?.properties ?? {})) {
      const type = Object.keys(value)[0] ?? 'rich_text';
      schema[name] ??= { id: propertyId(name), name, type, [type]: {} };
    }
  }
  return schema;
}

function databaseUrl(database: StoredDatabase): string {
  return `https://www.notion.so/${compactId(database.id)}`;
}

/**
 * From 2025-09-03 a database lists its data sources and carries no schema; before, it carries
 * the schema of its (single) data source.
 */
export function databaseShape(database: StoredDatabase, context: ShapeContext): Json {
  const { store, profile } = context;
  const common = {
    object: 'database',
    id: database.id,
    title: database.title,
    description: [],
    parent: parentShape(database.parent, context),
    is_inline: database.isInline,
    ...trashFlags(store.isTrashed(database.id), profile),
    is_locked: false,
    created_time: database.createdTime,
    last_edited_time: database.lastEditedTime,
    created_by: FAKE_USER,
    last_edited_by: FAKE_USER,
    icon: null,
    cover: null,
    url: databaseUrl(database),
    public_url: null,
  };
  if (profile.dataSources) {
    return {
      ...common,
      data_sources: database.dataSourceIds.map((id) => ({
        id,
        name: store.dataSource(id)?.name ?? '',
      })),
    };
  }
  const source = store.dataSource(database.dataSourceIds[0] ?? '');
  return { ...common, properties: source ? schemaOf(source, store) : {} };
}

export function dataSourceShape(source: StoredDataSource, context: ShapeContext): Json {
  const { store, profile } = context;
  const database = store.database(source.databaseId);
  return {
    object: 'data_source',
    id: source.id,
    created_time: source.createdTime,
    last_edited_time: source.lastEditedTime,
    created_by: FAKE_USER,
    last_edited_by: FAKE_USER,
    title: toRichText(source.name),
    description: [],
    parent: { type: 'database_id', database_id: source.databaseId },
    database_parent: database ? parentShape(database.parent, context) : null,
    ...trashFlags(store.isTrashed(source.databaseId), profile),
    properties: schemaOf(source, store),
    url: database ? databaseUrl(database) : null,
  };
}
