import { errorCode } from './error-code';
import type { HttpMethod } from './types';

/** Statuses that mean "try again later" whatever the method. */
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);

/** Connection-level failures that a fresh attempt may not meet (ETIMEDOUT is also our own timeout). */
const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNRESET', // includes "socket hang up"
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EPIPE',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
]);

/**
 * A 500 is retried only where repeating the request cannot do harm: Google and Notion both
 * recommend retrying it for reads.
 */
export function isTransientStatus(status: number, method: HttpMethod): boolean {
  return (
    TRANSIENT_STATUSES.has(status) || (status === 500 && (method === 'GET' || method === 'HEAD'))
  );
}

export function isTransientNetworkCode(code: string | undefined): boolean {
  return code !== undefined && TRANSIENT_NETWORK_CODES.has(code);
}

export function isTransientNetworkError(err: unknown): boolean {
  return isTransientNetworkCode(errorCode(err));
}
