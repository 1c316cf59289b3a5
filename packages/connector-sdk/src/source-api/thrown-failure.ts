import { DocumentError } from '@docent/document-model';
import { SourceError } from '../errors';
import { HttpNetworkError, ResponseTooLargeError } from '../http/errors';
import { thrownToSourceError } from '../thrown-to-source-error';
import { DocumentRequestError } from './document-request-error';
import { documentLabel, type RequestSubject } from './request-subject';

/**
 * Codes that say the host itself cannot be reached: about the source whatever was asked.
 * Timeouts and resets are not among them: one large export can time out on a healthy source.
 */
const HOST_FAILURE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
]);

function isHostFailure(code: string | undefined): boolean {
  return code !== undefined && (HOST_FAILURE_CODES.has(code) || /CERT|TLS|SSL/.test(code));
}

/**
 * Maps what a request threw instead of answering. About the source, as `thrownToSourceError`
 * does. About one document, an exchange that failed (a timeout, a reset, a body that could not
 * be read or was too large) is that document's failure; a host that cannot be reached at all,
 * or a URL the SSRF policy refuses, is still the source's.
 */
export function failureOfThrown(
  thrown: unknown,
  subject: RequestSubject,
  called: { source: string; host: string },
): Error {
  if (
    subject.kind === 'source' ||
    thrown instanceof SourceError ||
    thrown instanceof DocumentError
  ) {
    return thrownToSourceError(thrown, called);
  }
  const at = `${called.source} at ${called.host}`;
  if (thrown instanceof HttpNetworkError && !isHostFailure(thrown.causeCode)) {
    const code = thrown.causeCode ? ` (${thrown.causeCode})` : '';
    return new DocumentRequestError(
      'source_unreachable',
      `${at} did not deliver ${documentLabel(subject)}${code} after ${thrown.attempts} attempt(s)`,
      { cause: thrown, source: called.source },
    );
  }
  if (thrown instanceof ResponseTooLargeError) {
    return new DocumentRequestError(
      'internal',
      `${at} answered with more than ${thrown.limitBytes} bytes for ${documentLabel(subject)}`,
      { cause: thrown, source: called.source },
    );
  }
  return thrownToSourceError(thrown, called);
}
