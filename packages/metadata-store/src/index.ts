import 'reflect-metadata';

export * from './ports/accounts';
export * from './ports/oauth-connections';
export * from './ports/catalog';
export * from './ports/ingestions';
export * from './ports/ingestion-ledger';
export * from './ports/ingestion-reconciliation';
export * from './ports/collection-lock';
export * from './ports/schedules';
export * from './ports/metadata-store';
export {
  openMetadataStore,
  dataSourceOptions,
  MIGRATIONS,
  type MetadataStoreLocation,
} from './typeorm/open-metadata-store';
export { isDatabaseUnavailable } from './typeorm/database-outage';
export { candidateNames, MAX_DOCUMENT_NAME } from './typeorm/document-names';
