import { type AnswerDetails, SourceError } from '../errors';
import { DocumentRequestError } from './document-request-error';
import { describeAnswer } from './error-body';
import { documentLabel } from './request-subject';
import type { FailedAnswer, SourceProfile } from './source-profile';

export interface AnswerContext {
  /** The message of a 404 (`space ENG not found or not visible to these credentials`). */
  notFound?: string;
  /** This request's own meanings (a CQL query's 400), before the profile's and the ladder's. */
  explain?: (answer: FailedAnswer) => Error | undefined;
}

/**
 * The one status → error ladder every connector shares, for an answer that is still an error
 * after the client's retries:
 *
 * | answer                       | about the source      | about one document                 |
 * | ---------------------------- | --------------------- | ---------------------------------- |
 * | 401, and 403 not explained   | `source_auth_failed`  | `source_auth_failed`               |
 * | 429 (or profile throttling)  | `source_rate_limited` | `source_rate_limited`              |
 * | 404, 410                     | `source_not_found`    | DocumentRequestError (not found)   |
 * | 5xx                          | `source_unreachable`  | DocumentRequestError (unreachable) |
 * | other 4xx                    | `internal`            | DocumentRequestError (internal)    |
 *
 * Credentials and throttling concern every request, whatever it is about; what the source says
 * about one document concerns that document only.
 */
export function failureOfAnswer(
  profile: SourceProfile,
  answer: FailedAnswer,
  context: AnswerContext = {},
): Error {
  const own = context.explain?.(answer) ?? profile.explain?.(answer);
  if (own) return own;
  const { status, body, subject, host } = answer;
  const details: AnswerDetails = {
    status,
    ...(body.reasons[0] === undefined ? {} : { reason: body.reasons[0] }),
  };
  const said = describeAnswer(status, body);
  const at = `${profile.name} at ${host}`;

  if (status === 401) {
    const hint = profile.hints?.unauthorized ? `; ${profile.hints.unauthorized}` : '';
    return new SourceError(
      'source_auth_failed',
      `${at} rejected the credentials (${said})${hint}`,
      details,
    );
  }
  if (status === 429 || profile.isThrottling?.(status, body)) {
    return new SourceError(
      'source_rate_limited',
      `${at} kept throttling the requests after retries (${said})`,
      details,
    );
  }
  if (status === 403) {
    const hint = profile.hints?.forbidden ? `; ${profile.hints.forbidden}` : '';
    return new SourceError('source_auth_failed', `${at} refused access (${said})${hint}`, details);
  }
  if (subject.kind === 'document') {
    const label = documentLabel(subject);
    const about = { ...details, source: profile.name };
    if (status === 404 || status === 410) {
      return new DocumentRequestError(
        'source_not_found',
        context.notFound ??
          `${label} no longer exists or is no longer shared with these credentials`,
        about,
      );
    }
    if (status >= 500) {
      return new DocumentRequestError(
        'source_unreachable',
        `${at} answered ${said} after retries`,
        about,
      );
    }
    return new DocumentRequestError('internal', `${at} refused ${label} (${said})`, about);
  }
  if (status === 404 || status === 410) {
    return new SourceError(
      'source_not_found',
      context.notFound ?? `${at} answered ${said}`,
      details,
    );
  }
  if (status >= 500) {
    return new SourceError('source_unreachable', `${at} answered ${said} after retries`, details);
  }
  return new SourceError('internal', `${at} refused the request (${said})`, details);
}
