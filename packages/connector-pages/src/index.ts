export {
  DEFAULT_RATE_LIMIT,
  PagesConnector,
  pagesConnector,
  type PagesConnectorOptions,
} from './pages-connector';
export { type PagesSpec, MAX_PAGE_IDS } from './pages-spec';
export { extractNotionId } from './notion-id';
export { DEFAULT_PAGES_API_URL, NOTION_VERSION } from './notion-version';
export { renderBlockTree, type TitleLookup } from './block-rendering';
export type { BlockNode } from './block-tree';
export type { NotionBlock } from './notion-objects';
export type { PacerClock } from './request-pacer';
export type { RateLimit } from './token-bucket';
export { pagesDescriptor, PAGES_SPEC_SCHEMA } from './pages-descriptor';
