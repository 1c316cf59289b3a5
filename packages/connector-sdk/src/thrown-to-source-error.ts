import { DocumentError } from '@docent/document-model';
import { SourceError } from './errors';
import { HttpNetworkError, UrlNotAllowedError } from './http/errors';

/** Who was being called, as messages name it: `Notion at api.notion.com ...`. */
export interface CalledSource {
  /** The source's product name, e.g. `Confluence`, `Google Drive`. */
  source: string;
  /** Host only (see `hostForMessages`): a full URL may carry a query or a signed token. */
  host: string;
}

/**
 * Maps what a request threw instead of answering (the client's `HttpNetworkError` or
 * `UrlNotAllowedError`, a body that failed to read or parse...) to the `SourceError` the service
 * understands. A `SourceError` or `DocumentError` passes through, and so does an `AbortError`:
 * a cancelled ingestion must stay a cancellation.
 */
export function thrownToSourceError(thrown: unknown, { source, host }: CalledSource): Error {
  if (thrown instanceof SourceError || thrown instanceof DocumentError) return thrown;
  // By name, not class: Node's own AbortError (a timer's, a fetch's) may come from another realm.
  if (isAbort(thrown)) return thrown as Error;
  if (thrown instanceof UrlNotAllowedError) {
    return new SourceError(
      'source_unreachable',
      `${source} at ${host} may not be called: ${thrown.reason}`,
      { cause: thrown },
    );
  }
  if (thrown instanceof HttpNetworkError) {
    // Only the error code: lower-level messages can quote the request, headers included.
    const code = thrown.causeCode ? ` (${thrown.causeCode})` : '';
    return new SourceError(
      'source_unreachable',
      `${source} at ${host} could not be reached${code} after ${thrown.attempts} attempt(s)`,
      { cause: thrown },
    );
  }
  return new SourceError('internal', `Calling ${source} at ${host} failed unexpectedly`, {
    cause: thrown,
  });
}

function isAbort(thrown: unknown): boolean {
  return (
    typeof thrown === 'object' &&
    thrown !== null &&
    (thrown as { name?: unknown }).name === 'AbortError'
  );
}
