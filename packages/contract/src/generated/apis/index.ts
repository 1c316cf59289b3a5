/* tslint:disable */
/* eslint-disable */
export * from './AccountApi';
export * from './AskApi';
export * from './CollectionsApi';
export * from './ConnectionsApi';
export * from './ConnectorsApi';
export * from './DocumentsApi';
export * from './IngestionsApi';
export * from './OperationsApi';
export * from './SchedulesApi';
