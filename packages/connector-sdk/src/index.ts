// The document model, re-exported: a connector needs this package alone.
export * from '@docent/document-model';
export type { DocumentRef } from './document-ref';
export * from './errors';
export * from './error-brands';
export * from './connector';
export * from './connector-descriptor';
export * from './http/types';
export * from './http/errors';
export {
  createSourceHttpClient,
  DEFAULT_RETRY_POLICY,
  type RetryEvent,
  type SourceHttpClientOptions,
} from './http/source-http-client';
export { checkUrlAllowed, isPrivateAddress, type UrlPolicy } from './http/ssrf-guard';
export { retryAfterDelayMs } from './http/retry-timing';
export { thrownToSourceError, type CalledSource } from './thrown-to-source-error';
export { hostForMessages } from './host-for-messages';
export { identityJson } from './identity-json';
export {
  authorizationFor,
  bearerAuthorization,
  bearerTokenProvider,
  type BearerCredentials,
} from './authorization-header';
export {
  ABOUT_SOURCE,
  aboutDocument,
  documentLabel,
  type RequestSubject,
} from './source-api/request-subject';
export { DocumentRequestError } from './source-api/document-request-error';
export type { ErrorBody, FailedAnswer, SourceProfile } from './source-api/source-profile';
export { capMessage, describeAnswer, MAX_QUOTED_MESSAGE_CHARS } from './source-api/error-body';
export { failureOfAnswer, type AnswerContext } from './source-api/answer-failure';
export { failureOfThrown } from './source-api/thrown-failure';
export { DocumentErrorMonitor } from './source-api/document-error-monitor';
export {
  DEFAULT_ERROR_MONITOR_POLICY,
  documentFailuresStop,
  sourceAnsweredDocument,
  sourceFailedDocument,
  sourceLooksDown,
  sourceOutageVerdict,
  type DocumentFailureTally,
  type ErrorMonitorPolicy,
} from './source-api/source-outage-rule';
export {
  SourceApiClient,
  type ApiRequest,
  type JsonAnswer,
  type SourceApiOptions,
} from './source-api/source-api-client';
export {
  checkpointCodec,
  isJsonObject,
  MAX_CHECKPOINT_CHARS,
  type CheckpointCodec,
  type CheckpointCodecOptions,
} from './checkpoint-codec';
export { readSpecFields, readSpecToken, type SpecFields } from './spec-fields';
export {
  announcedSize,
  downloadedFileContent,
  parsableMediaType,
  planFileDownload,
  type FileDownloadPlan,
  type ListedFile,
} from './file-downloads';
