/** Failure codes of a whole ingestion: the `error.code` values of the contract's `Ingestion`. */
export type SourceErrorCode =
  | 'source_auth_failed'
  | 'source_not_found'
  | 'source_unreachable'
  | 'source_rate_limited'
  | 'internal';

/**
 * An error a connector raises about the source. Thrown from `check()` or `discover()` it fails
 * the ingestion with `code`; thrown from `fetch()` for a single document, `source_not_found`
 * becomes a per-document failure while the other codes still fail the ingestion.
 * The message is shown to users: it must never contain a token.
 */
export class SourceError extends Error {
  constructor(
    readonly code: SourceErrorCode,
    message: string,
    readonly details: { status?: number; cause?: unknown } = {},
  ) {
    super(message);
    this.name = 'SourceError';
  }
}
