import { RequestAbortedError } from './abort-error';
import { errorCode } from './error-code';
import { HttpNetworkError, ResponseTooLargeError, UrlNotAllowedError } from './errors';

/** Errors the client raises on purpose; they pass through untouched. */
export function isClientError(err: unknown): err is Error {
  return (
    err instanceof UrlNotAllowedError ||
    err instanceof RequestAbortedError ||
    err instanceof ResponseTooLargeError ||
    err instanceof HttpNetworkError
  );
}

/**
 * `err` as an HttpNetworkError. `describe` is "METHOD redacted-url"; Node's own messages name
 * addresses and codes, never header values, so they are kept for diagnosis.
 */
export function toNetworkError(err: unknown, attempts: number, describe: string): Error {
  if (isClientError(err) && !(err instanceof HttpNetworkError)) return err;
  const detail = err instanceof Error ? err.message : String(err);
  const causeCode = err instanceof HttpNetworkError ? err.causeCode : errorCode(err);
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  const message = err instanceof HttpNetworkError ? detail : `${describe} failed: ${detail}`;
  return new HttpNetworkError(`${message} (${tries})`, attempts, causeCode);
}
