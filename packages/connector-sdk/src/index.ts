export * from './document';
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
