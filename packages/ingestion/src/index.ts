export { ConnectorRegistry } from './connector-registry';
export {
  DocumentPipeline,
  embeddingText,
  rejectAllFiles,
  type FileContent,
  type FileParser,
  type PreparedDocument,
} from './document-pipeline';
export { documentIdFor, hashSourceKey, newIngestionId, ulid } from './ids';
export { INGEST_JOB, JOB_CATALOG, ingestJobId, type IngestJobPayload } from './ingest-job';
export {
  FAILURES_SHOWN,
  IngestionService,
  type CreateIngestionInput,
  type IngestionServiceDeps,
  type IngestionView,
  type SourceToIngest,
} from './ingestion-service';
export {
  IngestionRunner,
  type IngestionRunnerDeps,
  type IngestionRunnerOptions,
} from './ingestion-runner';
export { SILENT_LOGGER, type Logger } from './logger';
export { NO_SOURCE_CONNECTIONS, type SourceConnections } from './source-connections';
export { REDACTED, mergeSecrets, splitSecrets } from './spec-secrets';
