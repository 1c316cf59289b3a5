/* tslint:disable */
/* eslint-disable */
export * from './AskApi';
export * from './CollectionsApi';
export * from './DocumentsApi';
export * from './IngestionsApi';
export * from './OperationsApi';
