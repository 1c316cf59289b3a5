import type { RetryPolicy } from './types';

/**
 * The wait a `Retry-After` header asks for (delta-seconds or HTTP-date), capped at
 * `maxDelayMs`; undefined when absent or unreadable. Only the standard header counts:
 * Atlassian's `Beta-Retry-After` is advisory and never causes a wait.
 */
export function retryAfterDelayMs(
  header: string | undefined,
  nowMs: number,
  maxDelayMs: number,
): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  let delayMs: number;
  if (/^\d+(\.\d+)?$/.test(value)) {
    delayMs = Math.ceil(Number(value) * 1000);
  } else if (/^[a-z]{3}/i.test(value)) {
    // Every HTTP-date format starts with a day name; Date.parse alone would take "-5" as a year.
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    delayMs = Math.max(0, at - nowMs);
  } else {
    return undefined;
  }
  return Math.min(delayMs, maxDelayMs);
}

/**
 * Exponential backoff with "equal jitter": half of `base * 2^(attempt-1)` (capped) is always
 * waited, the other half is random. Unlike full jitter it never retries at once, which matters
 * for servers that throttle without saying for how long.
 */
export function backoffDelayMs(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
