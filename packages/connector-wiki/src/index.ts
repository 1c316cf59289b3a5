export { confluenceStorageToBlocks } from './storage-format/storage-to-blocks';
export { WikiConnector, wikiConnector, type WikiConnectorOptions } from './wiki-connector';
export { type WikiSpec } from './wiki-spec';
export { DEFAULT_WIKI_OAUTH_API_URL } from './confluence-deployment';
export { wikiDescriptor, WIKI_SPEC_SCHEMA } from './wiki-descriptor';
