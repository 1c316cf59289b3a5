/** Failure codes of a whole ingestion: the `error.code` values of the contract's `Ingestion`. */
export type SourceErrorCode =
  | 'source_auth_failed'
  | 'source_not_found'
  | 'source_unreachable'
  | 'source_rate_limited'
  | 'internal';

/** What an error answer carried: its HTTP status and the source's own error code or reason. */
export interface AnswerDetails {
  status?: number;
  /** The source's code for the error (`rateLimitExceeded`, `validation_error`…). */
  reason?: string;
  cause?: unknown;
  /** The source's name as messages give it (`Google Drive`), for messages written later. */
  source?: string;
}

/**
 * An error about the source as a whole (credentials, selection, listing): it fails the
 * ingestion with `code`, from `check()`, `discover()` or `fetch()`. The one exception, kept for
 * connectors written before `DocumentError` carried request failures: `source_not_found` from
 * `fetch()` is that document's failure (it vanished since it was listed).
 * The message is shown to users: it must never contain a token.
 */
export class SourceError extends Error {
  constructor(
    readonly code: SourceErrorCode,
    message: string,
    readonly details: AnswerDetails = {},
  ) {
    super(message);
    this.name = 'SourceError';
  }
}
