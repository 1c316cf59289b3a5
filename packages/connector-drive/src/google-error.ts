/** What Google's error envelope says: `{"error":{"code","message","errors":[{"reason"}]}}`. */
export interface GoogleErrorSummary {
  reasons: string[];
  message?: string;
}

const MAX_MESSAGE_LENGTH = 300;

export function readGoogleError(bodyText: string): GoogleErrorSummary {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { reasons: [] };
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return { reasons: [] };
  const { message, errors } = error as { message?: unknown; errors?: unknown };
  const reasons = Array.isArray(errors)
    ? errors
        .map((entry: unknown) => (entry as { reason?: unknown } | null)?.reason)
        .filter((reason): reason is string => typeof reason === 'string')
    : [];
  return typeof message === 'string' && message !== ''
    ? { reasons, message: message.slice(0, MAX_MESSAGE_LENGTH) }
    : { reasons };
}

const RATE_LIMIT_REASONS = ['rateLimitExceeded', 'userRateLimitExceeded'];

export function isRateLimitReason(reasons: readonly string[]): boolean {
  return reasons.some((reason) => RATE_LIMIT_REASONS.includes(reason));
}

/** Drive throttles with 403 as well as 429: the client retries those 403s like a 429. */
export function isRetryableDriveAnswer(status: number, bodyText: string): boolean {
  return status === 403 && isRateLimitReason(readGoogleError(bodyText).reasons);
}
