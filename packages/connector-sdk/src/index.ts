// The document model, re-exported: a connector needs this package alone.
export * from '@docent/document-model';
export type { DocumentRef } from './document-ref';
export * from './errors';
export * from './connector';
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
export {
  bearerAuthorization,
  bearerTokenProvider,
  type BearerCredentials,
} from './bearer-authorization';
