import type { ErrorBody, FailedAnswer, SourceProfile } from '@docent/connector-sdk';
import { DriveFileRefusal, FILE_REFUSALS } from './file-refusals';

const RATE_LIMIT_REASONS = ['rateLimitExceeded', 'userRateLimitExceeded'];

/** Google Drive's vendor specifics; the status ladder itself is the SDK's. */
export const GOOGLE_DRIVE: SourceProfile = {
  name: 'Google Drive',
  errorBody: googleErrorBody,
  // Drive throttles with 403 as well as 429.
  isThrottling: (status, body) =>
    status === 403 && body.reasons.some((reason) => RATE_LIMIT_REASONS.includes(reason)),
  explain: (answer) => (answer.subject.kind === 'document' ? fileRefusal(answer) : undefined),
  hints: {
    unauthorized: 'the access token is invalid or expired',
    forbidden: "check the token's scopes (drive.readonly)",
  },
};

/** `{"error":{"code","message","errors":[{"reason"}]}}`. */
function googleErrorBody(json: unknown): ErrorBody {
  const error = (json as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return { reasons: [] };
  const { message, errors } = error as { message?: unknown; errors?: unknown };
  const reasons = Array.isArray(errors)
    ? errors
        .map((entry: unknown) => (entry as { reason?: unknown } | null)?.reason)
        .filter((reason): reason is string => typeof reason === 'string')
    : [];
  return typeof message === 'string' && message !== '' ? { reasons, message } : { reasons };
}

/**
 * A 403 whose reason concerns one file (download barred, export too large…) skips that file.
 * On a listing the same reasons are the credentials' problem.
 */
export function fileRefusal(answer: FailedAnswer): DriveFileRefusal | undefined {
  if (answer.status !== 403) return undefined;
  const reason = answer.body.reasons.find((candidate) => candidate in FILE_REFUSALS);
  return reason === undefined
    ? undefined
    : new DriveFileRefusal(reason, `${FILE_REFUSALS[reason]} (${reason})`);
}
