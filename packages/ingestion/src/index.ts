export { ConnectorRegistry, type RegisteredConnector } from './connector-registry';
export {
  DocumentPipeline,
  embeddingText,
  rejectAllFiles,
  type FileContent,
  type FileParser,
  type PreparedDocument,
} from './document-pipeline';
export { documentIdFor, hashSourceKey, newIngestionId, ulid } from './ids';
export {
  FINALIZE_INGESTION_JOB,
  INGEST_BATCH_JOB,
  INGEST_JOB,
  JOB_CATALOG,
  finalizeJobId,
  ingestBatchJobId,
  ingestJobId,
  type IngestBatchJobPayload,
  type IngestJobPayload,
} from './ingest-job';
export {
  INGESTION_STAGES,
  NO_INGESTION_METRICS,
  type IngestionMetrics,
  type IngestionStage,
} from './ingestion-metrics';
export { ingestionLockHolder } from './ingestion-lease';
export {
  DependencyOutageTooLong,
  outageTooLongMessage,
  type OutagePolicy,
} from './dependency-outage';
export {
  IngestionReconciler,
  NO_RECONCILER_METRICS,
  RECONCILER_ACTIONS,
  type IngestionReconcilerDeps,
  type IngestionReconcilerOptions,
  type ReconcileReport,
  type ReconcilerAction,
  type ReconcilerMetrics,
} from './ingestion-reconciler';
export { DEFAULT_BATCH_LIMITS, type BatchLimits } from './batch-payload';
export {
  FAILURES_SHOWN,
  IDEMPOTENCY_KEY_TTL_MS,
  IngestionService,
  type CancelOrigin,
  type IdempotencyKey,
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
