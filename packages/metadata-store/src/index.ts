import 'reflect-metadata';

export * from './records';
export * from './metadata-store';
export {
  openMetadataStore,
  dataSourceOptions,
  MIGRATIONS,
  type MetadataStoreLocation,
} from './typeorm/open-metadata-store';
export { candidateNames, MAX_DOCUMENT_NAME } from './typeorm/document-names';
