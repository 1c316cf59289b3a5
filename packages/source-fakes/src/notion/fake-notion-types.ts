import type { AuthScheme } from '../shared/authorization';
import type { RouteFault } from '../shared/faults';

/** The `Notion-Version` values the fake models; any other is refused with 400. */
export type NotionApiVersion = '2022-06-28' | '2025-09-03' | '2026-03-11';

/** One run of text: plain, with a link or annotations, a mention, or an inline equation. */
export type FakeRichTextSegment =
  | string
  | { text: string; link?: string; bold?: boolean; italic?: boolean; code?: boolean }
  | { mention: 'user' | 'page' | 'date'; text: string; id?: string }
  | { equation: string };

export type FakeRichTextInput = string | FakeRichTextSegment[];

export type FakeTextBlockType =
  | 'paragraph'
  | 'heading_1'
  | 'heading_2'
  | 'heading_3'
  | 'heading_4'
  | 'bulleted_list_item'
  | 'numbered_list_item'
  | 'quote'
  | 'toggle'
  | 'template';

export type FakeMediaBlockType = 'image' | 'file' | 'pdf' | 'video' | 'audio';

/**
 * A block of a fake page. Ids are generated (deterministically) unless given; a synced-block
 * copy names its original by id, so give the original an `id`.
 */
export type FakeBlockInput = { id?: string } & (
  | {
      type: FakeTextBlockType;
      text: FakeRichTextInput;
      /** Headings only: a toggleable heading holds children. */
      toggleable?: boolean;
      children?: FakeBlockInput[];
    }
  | { type: 'to_do'; text: FakeRichTextInput; checked?: boolean; children?: FakeBlockInput[] }
  | { type: 'callout'; text: FakeRichTextInput; emoji?: string; children?: FakeBlockInput[] }
  | { type: 'code'; text: string; language?: string; caption?: FakeRichTextInput }
  | { type: 'equation'; expression: string }
  | {
      type: 'table';
      rows: FakeRichTextInput[][];
      hasColumnHeader?: boolean;
      hasRowHeader?: boolean;
    }
  | { type: 'column_list'; columns: FakeBlockInput[][] }
  /** The original of a synced block holds the content. */
  | { type: 'synced_block'; children: FakeBlockInput[] }
  /** A copy shows the children of the original block `syncedFrom`. */
  | { type: 'synced_block'; syncedFrom: string }
  | {
      type: FakeMediaBlockType;
      caption?: FakeRichTextInput;
      /** Given: an external URL. Absent: a Notion-hosted file whose URL expires after an hour. */
      url?: string;
      name?: string;
    }
  | { type: 'bookmark' | 'embed'; url: string; caption?: FakeRichTextInput }
  | { type: 'link_preview'; url: string }
  | { type: 'link_to_page'; pageId: string }
  | { type: 'link_to_page'; databaseId: string }
  | { type: 'divider' | 'breadcrumb' | 'table_of_contents' }
  /** Blocks the API cannot show (forms, buttons...). */
  | { type: 'unsupported'; blockType: string; children?: FakeBlockInput[] }
  | { type: 'child_page'; page: FakeNotionPageInput }
  | { type: 'child_database'; database: FakeNotionDatabaseInput }
);

/** Values of database properties other than the title. */
export type FakePropertyValue =
  | { rich_text: FakeRichTextInput }
  | { select: string }
  | { multi_select: string[] }
  | { number: number }
  | { checkbox: boolean }
  | { date: string }
  | { url: string };

export interface FakeNotionPageInput {
  /** Dashed or undashed UUID; generated when absent. */
  id?: string;
  title: FakeRichTextInput;
  /** Name of the title property: `title` on plain pages, e.g. `Name` on database rows. */
  titleProperty?: string;
  blocks?: FakeBlockInput[];
  /** Other properties (database rows). */
  properties?: Record<string, FakePropertyValue>;
  emoji?: string;
  inTrash?: boolean;
  /** Search does not return it although it is shared (search lags behind real workspaces). */
  hiddenFromSearch?: boolean;
  /** ISO; rounded down to the minute like every Notion timestamp. Default: the fake's clock. */
  createdTime?: string;
  lastEditedTime?: string;
}

export interface FakeDataSourceInput {
  id?: string;
  name?: string;
  /** Name of the title property of its rows (default `Name`). */
  titleProperty?: string;
  rows?: FakeNotionPageInput[];
}

export interface FakeNotionDatabaseInput {
  id?: string;
  title: FakeRichTextInput;
  /** One data source holding these rows (shorthand for `dataSources: [{ rows }]`). */
  rows?: FakeNotionPageInput[];
  /** Several data sources: such a database cannot be read with versions before 2025-09-03. */
  dataSources?: FakeDataSourceInput[];
  inTrash?: boolean;
  createdTime?: string;
  lastEditedTime?: string;
}

/** Which pages an integration (a token) may read: sharing a page shares everything below it. */
export type FakeSharing = 'all' | readonly string[];

export interface FakeNotionIntegration {
  token: string;
  /** Pages or databases shared with the integration (with their descendants). Default 'all'. */
  shared?: FakeSharing;
  botName?: string;
  workspaceName?: string;
}

/** A token bucket per token: `requestsPerSecond` on average, `burst` at once. */
export interface FakeNotionRateLimit {
  requestsPerSecond: number;
  burst: number;
}

export interface FakeNotionOAuthClient {
  clientId: string;
  clientSecret: string;
  /** When given, `redirect_uri` must be one of them. */
  redirectUris?: string[];
}

/** A public integration: the authorize redirect and `POST /v1/oauth/token` (both grants). */
export interface FakeNotionOAuthOptions {
  clients: FakeNotionOAuthClient[];
  /** What the user "picks" on the consent screen of `GET /v1/oauth/authorize` (default 'all'). */
  consentShares?: FakeSharing;
  /** Codes granted in advance, e.g. for tests that skip the authorize step. */
  authorizationCodes?: Array<{ code: string; redirectUri?: string; shared?: FakeSharing }>;
  /**
   * Access tokens issued by the fake expire after this long; unset: never. Notion documents a
   * refresh grant but no token lifetime, so both cases are worth testing.
   */
  accessTokenTtlSeconds?: number;
  workspaceName?: string;
}

export interface FakeNotionOptions {
  host?: string;
  port?: number;
  latencyMs?: number;
  integrations?: FakeNotionIntegration[];
  /** Top-level pages of the workspace, each with its blocks and child pages. */
  pages?: FakeNotionPageInput[];
  /** Top-level (full-page) databases. */
  databases?: FakeNotionDatabaseInput[];
  /** Clock for timestamps, token expiry and the rate limit (default: real time). */
  now?: () => Date;
  /** Serve at most this many results per list page whatever `page_size` asks (default 100). */
  pageSizeCap?: number;
  rateLimit?: FakeNotionRateLimit;
  /** Every n-th API request answers 529 `service_overload`. */
  overloadEvery?: number;
  oauth?: FakeNotionOAuthOptions;
  /** Seed of generated ids (default `fake-notion`): the same input gives the same ids. */
  idSeed?: string;
}

export type NotionRouteName =
  | 'users.me'
  | 'pages.retrieve'
  | 'blocks.retrieve'
  | 'blocks.children'
  | 'databases.retrieve'
  | 'databases.query'
  | 'dataSources.retrieve'
  | 'dataSources.query'
  | 'search'
  | 'oauth.authorize'
  | 'oauth.token'
  | 'files.download';

export interface NotionRequestLogEntry {
  method: string;
  path: string;
  route: NotionRouteName | null;
  query: Record<string, string>;
  /** The parsed JSON body of a POST (undefined for GET or an unreadable body). */
  body: unknown;
  notionVersion: string | undefined;
  authScheme: AuthScheme;
  /** Query parameters or body fields the real endpoint does not define. */
  unknownParams: string[];
  status: number;
  /** The Notion error code answered, if any. */
  code?: string;
  /** When it arrived, on the fake's clock (ms). */
  at: number;
}

export interface FakePageSnapshot {
  id: string;
  title: string;
  lastEditedTime: string;
  inTrash: boolean;
  url: string;
}

export interface FakeNotion {
  /** The API base (`http://127.0.0.1:<port>`); endpoints live under `/v1`. */
  readonly url: string;
  readonly requests: NotionRequestLogEntry[];
  latencyMs: number;
  rateLimit: FakeNotionRateLimit | null;
  overloadEvery: number | null;
  setFault(route: NotionRouteName | '*', fault: RouteFault): void;
  clearFaults(route?: NotionRouteName | '*'): void;
  /** Adds a page at the top level, under a page (a child_page block) or as a database row. */
  addPage(
    page: FakeNotionPageInput,
    parent?: { pageId: string } | { dataSourceId: string } | { databaseId: string },
  ): string;
  /** Appends blocks to a page or block; the page's `last_edited_time` moves. */
  appendBlocks(parentId: string, blocks: FakeBlockInput[]): string[];
  /** Replaces the text of a text-bearing block; the page's `last_edited_time` moves. */
  editBlockText(blockId: string, text: FakeRichTextInput): void;
  trashPage(pageId: string): void;
  restorePage(pageId: string): void;
  /** Shares a page (and all below it) with an integration (default: the first one). */
  share(pageId: string, token?: string): void;
  unshare(pageId: string, token?: string): void;
  page(id: string): FakePageSnapshot | undefined;
  /** Ids of pages with this plain-text title. */
  pageIdsByTitle(title: string): string[];
  validRefreshTokens(): string[];
  close(): Promise<void>;
}
