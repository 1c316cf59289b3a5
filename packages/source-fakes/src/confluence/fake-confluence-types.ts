import type { RequestLogEntry } from '../shared/fake-http-types';
import type { RouteFault } from '../shared/faults';

export type ConfluenceDeployment = 'cloud' | 'dc';
export type FakePageStatus = 'current' | 'archived' | 'trashed' | 'draft';
export type FakeContentType = 'page' | 'blogpost';

export interface FakePageInput {
  /** Numeric string; generated when absent. */
  id?: string;
  title: string;
  /** Storage-format XHTML. */
  body?: string;
  /** Default 1. */
  version?: number;
  /** Default `current`. */
  status?: FakePageStatus;
  /** Default `page`. */
  type?: FakeContentType;
  parentId?: string;
  labels?: string[];
  /**
   * Lists leave this page's body out, as Confluence may ("if available"): a client must GET
   * the page for it.
   */
  omitBodyFromLists?: boolean;
  /** ISO timestamps; default: the fake's clock at insertion. */
  createdAt?: string;
  updatedAt?: string;
  /** Files attached to the page. */
  attachments?: FakeAttachmentInput[];
}

export type FakeAttachmentStatus = 'current' | 'archived' | 'trashed';

export interface FakeAttachmentInput {
  /** `att` + digits; generated when absent. */
  id?: string;
  /** The attachment's title: its file name. */
  fileName: string;
  /** As Confluence records it (from the upload; often generic). */
  mediaType: string;
  content: Buffer | string;
  /** Default 1. */
  version?: number;
  /** Default `current`. */
  status?: FakeAttachmentStatus;
  comment?: string;
  /**
   * The size Confluence reports, when it should differ from the content's (a listing that
   * says a file is huge without the test holding that many bytes).
   */
  reportedSize?: number;
}

export interface FakeAttachment {
  id: string;
  pageId: string;
  fileName: string;
  mediaType: string;
  /** Media API file id (the blob behind the current version). */
  fileId: string;
  version: number;
  status: FakeAttachmentStatus;
  comment: string;
  /** Every version's bytes, by version number: downloads may ask for an older one. */
  contents: Map<number, Buffer>;
  reportedSize?: number;
  createdAt: string;
  updatedAt: string;
}

export interface FakePage {
  id: string;
  spaceKey: string;
  title: string;
  body: string;
  version: number;
  status: FakePageStatus;
  type: FakeContentType;
  parentId?: string;
  labels: string[];
  omitBodyFromLists: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface FakeSpaceInput {
  key: string;
  name?: string;
  /** Numeric string; generated when absent. */
  id?: string;
  type?: 'global' | 'personal';
  pages?: FakePageInput[];
}

export interface FakeSpace {
  id: string;
  key: string;
  name: string;
  type: 'global' | 'personal';
}

/** Basic credentials: on Cloud the user's email and API token, on Data Center a password. */
export interface FakeConfluenceUser {
  username: string;
  password: string;
}

export interface FakeAtlassianSite {
  /** cloudId */
  id: string;
  name: string;
  url: string;
}

/** Atlassian OAuth 2.0 (3LO): gateway routes, accessible-resources and the token endpoint. */
export interface FakeConfluenceOAuthOptions {
  /** The fake site's cloudId, served under `/ex/confluence/{cloudId}/wiki/…`. */
  cloudId: string;
  /** Access tokens accepted on gateway routes (they do not expire). */
  accessTokens?: string[];
  /** Other sites the token can see, listed BEFORE the fake's own site by accessible-resources. */
  otherSites?: FakeAtlassianSite[];
  /** Client credentials accepted by `POST /oauth/token`. */
  clients?: Array<{ clientId: string; clientSecret: string }>;
  /** Refresh tokens accepted once each: a refresh rotates them. */
  refreshTokens?: string[];
  /** Lifetime of access tokens issued by a refresh (default 3600). */
  accessTokenTtlSeconds?: number;
  /**
   * The URL accessible-resources reports for the fake's own site, which gateway answers also
   * give as `_links.base` (plus `/wiki`): the site a user opens in a browser. Default: the
   * fake's origin.
   */
  siteUrl?: string;
}

/** Server-side caps on `limit`; the real server cuts silently. */
export interface FakeConfluenceLimitCaps {
  /** v2 lists (default 250). */
  v2?: number;
  /** v1 lists with `body.*` expanded (default 50). */
  v1Body?: number;
  /** v1 lists with other expansions (default 200). */
  v1Expanded?: number;
  /** v1 lists without expansion (default 1000). */
  v1Plain?: number;
}

export interface FakeConfluenceOptions {
  mode: ConfluenceDeployment;
  /** Data Center context path, e.g. '' or '/confluence'. Cloud always serves under `/wiki`. */
  contextPath?: string;
  host?: string;
  port?: number;
  users?: FakeConfluenceUser[];
  /** Data Center personal access tokens (Bearer). */
  personalAccessTokens?: string[];
  /** Cloud only. */
  oauth?: FakeConfluenceOAuthOptions;
  spaces?: FakeSpaceInput[];
  limitCaps?: FakeConfluenceLimitCaps;
  /** Data Center bug CONFSERVER-95272: `next` links carry a `start` one item too far. */
  dcWrongNextStart?: boolean;
  latencyMs?: number;
  /**
   * Lifetime of the signed media URLs a Cloud download redirects to (default 60 s): a client
   * must follow the redirect at once, never store the URL.
   */
  mediaUrlTtlSeconds?: number;
  /** Body of 401 answers on site routes (real servers send either). Default `json`. */
  unauthorizedBody?: 'json' | 'text';
  /** Clock for version timestamps and token expiry. */
  now?: () => Date;
}

/** Route names, for `setFault` and the request log. */
export type ConfluenceRouteName =
  | 'v1.spaces'
  | 'v1.space'
  | 'v1.content'
  | 'v1.contentSearch'
  | 'v1.contentById'
  | 'v2.spaces'
  | 'v2.space'
  | 'v2.spacePages'
  | 'v2.pages'
  | 'v2.page'
  | 'v1.childAttachments'
  | 'v1.attachmentDownload'
  | 'v2.pageAttachments'
  | 'v2.attachment'
  | 'download.attachment'
  /** The media API a Cloud download redirects to (a server of its own: another origin). */
  | 'media.file'
  | 'oauth.accessibleResources'
  | 'oauth.authorize'
  | 'oauth.token';

export interface FakeConfluence {
  /**
   * The URL a user would configure: the Cloud site root (`http://127.0.0.1:<port>`, wiki under
   * `/wiki`), or the Data Center base URL including its context path.
   */
  readonly url: string;
  /** `http://127.0.0.1:<port>`: also the OAuth gateway and token endpoint in Cloud mode. */
  readonly origin: string;
  readonly requests: RequestLogEntry[];
  /** Cloud only: the media API's origin (downloads redirect there) and its request log. */
  readonly mediaOrigin: string | undefined;
  readonly mediaRequests: RequestLogEntry[];
  latencyMs: number;
  dcWrongNextStart: boolean;
  /** `route` is a ConfluenceRouteName or '*' for every route. */
  setFault(route: ConfluenceRouteName | '*', fault: RouteFault): void;
  clearFaults(route?: ConfluenceRouteName | '*'): void;
  /** Inserts a page, or replaces one with the same id and bumps its version. */
  upsertPage(spaceKey: string, page: FakePageInput): FakePage;
  /** Removes a page for good, with its attachments; false when it did not exist. */
  deletePage(id: string): boolean;
  /** Attaches a file to a page, or a new version of the attachment with the same id. */
  upsertAttachment(pageId: string, attachment: FakeAttachmentInput): FakeAttachment;
  /** Removes an attachment from its page; false when it did not exist. */
  deleteAttachment(id: string): boolean;
  getAttachment(id: string): FakeAttachment | undefined;
  addSpace(space: FakeSpaceInput): FakeSpace;
  getPage(id: string): FakePage | undefined;
  /** From now on, lists leave this page's body out (see `FakePageInput.omitBodyFromLists`). */
  omitBodyFromLists(id: string): void;
  /** Refresh tokens currently valid (after rotations). */
  validRefreshTokens(): string[];
  close(): Promise<void>;
}
