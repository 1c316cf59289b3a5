import type { FakeBlockInput } from './fake-notion-types';
import { normaliseNotionId } from './notion-ids';
import { type ApiRichText, toRichText } from './rich-text';

type LeafInput = Exclude<
  FakeBlockInput,
  { type: 'child_page' | 'child_database' | 'table' | 'column_list' }
>;
type TableInput = Extract<FakeBlockInput, { type: 'table' }>;

/** What a fixture block becomes in the store: the API's `[type]` object and its extras. */
export interface BlockContent {
  payload: Record<string, unknown>;
  /** Notion-hosted files get an expiring URL built per request. */
  hostedFileName?: string;
  /** Synced-block copies: the original. */
  syncedFrom?: string;
}

/** The `[type]` object of a block, as the API shows it (hosted file URLs are added per request). */
export function blockContent(input: LeafInput, id: string): BlockContent {
  switch (input.type) {
    case 'paragraph':
    case 'bulleted_list_item':
    case 'numbered_list_item':
    case 'quote':
    case 'toggle':
    case 'template':
      return { payload: { rich_text: toRichText(input.text), color: 'default' } };
    case 'heading_1':
    case 'heading_2':
    case 'heading_3':
    case 'heading_4':
      return {
        payload: {
          rich_text: toRichText(input.text),
          is_toggleable: input.toggleable ?? false,
          color: 'default',
        },
      };
    case 'to_do':
      return {
        payload: {
          rich_text: toRichText(input.text),
          checked: input.checked ?? false,
          color: 'default',
        },
      };
    case 'callout':
      return {
        payload: {
          rich_text: toRichText(input.text),
          icon: input.emoji === undefined ? null : { type: 'emoji', emoji: input.emoji },
          color: 'gray_background',
        },
      };
    case 'code':
      return {
        payload: {
          caption: toRichText(input.caption),
          rich_text: toRichText(input.text),
          language: input.language ?? 'plain text',
        },
      };
    case 'equation':
      return { payload: { expression: input.expression } };
    case 'synced_block': {
      if (!('syncedFrom' in input)) return { payload: { synced_from: null } };
      const original = normaliseNotionId(input.syncedFrom);
      if (original === undefined) throw new Error(`not a UUID: ${input.syncedFrom}`);
      return {
        payload: { synced_from: { type: 'block_id', block_id: original } },
        syncedFrom: original,
      };
    }
    case 'image':
    case 'file':
    case 'pdf':
    case 'video':
    case 'audio': {
      const name = input.name ?? `${input.type}-${id.slice(0, 8)}`;
      const named = input.type === 'file' || input.type === 'pdf' ? { name } : {};
      const caption = toRichText(input.caption);
      if (input.url !== undefined) {
        return { payload: { caption, type: 'external', external: { url: input.url }, ...named } };
      }
      return { payload: { caption, type: 'file', ...named }, hostedFileName: name };
    }
    case 'bookmark':
    case 'embed':
      return { payload: { caption: toRichText(input.caption), url: input.url } };
    case 'link_preview':
      return { payload: { url: input.url } };
    case 'link_to_page':
      return {
        payload:
          'pageId' in input
            ? { type: 'page_id', page_id: normaliseNotionId(input.pageId) ?? input.pageId }
            : {
                type: 'database_id',
                database_id: normaliseNotionId(input.databaseId) ?? input.databaseId,
              },
      };
    case 'divider':
    case 'breadcrumb':
      return { payload: {} };
    case 'table_of_contents':
      return { payload: { color: 'default' } };
    case 'unsupported':
      return { payload: { block_type: input.blockType } };
  }
}

/** The fixture children of a block that holds some. */
export function nestedInputs(input: LeafInput): readonly FakeBlockInput[] {
  return 'children' in input && input.children !== undefined ? input.children : [];
}

export function tablePayload(input: TableInput): Record<string, unknown> {
  return {
    table_width: tableWidth(input),
    has_column_header: input.hasColumnHeader ?? false,
    has_row_header: input.hasRowHeader ?? false,
  };
}

/** Cells of every row, padded to the table's width. */
export function tableRows(input: TableInput): ApiRichText[][][] {
  const width = tableWidth(input);
  return input.rows.map((row) => Array.from({ length: width }, (_, i) => toRichText(row[i] ?? '')));
}

function tableWidth(input: TableInput): number {
  return Math.max(1, ...input.rows.map((row) => row.length));
}
