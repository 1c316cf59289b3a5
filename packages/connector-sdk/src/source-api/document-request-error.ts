import { DocumentError } from '@docent/document-model';
import { type AnswerDetails, type SourceErrorCode } from '../errors';

/**
 * A request about one document failed for good (after the client's retries): that document
 * fails, the ingestion goes on. `code` says what the same answer would have meant for the
 * source (`source_not_found` for a 404, `source_unreachable` for a 5xx or a timeout).
 */
export class DocumentRequestError extends DocumentError {
  constructor(
    readonly code: SourceErrorCode,
    message: string,
    readonly details: AnswerDetails = {},
  ) {
    super(message);
    this.name = 'DocumentRequestError';
  }

  get status(): number | undefined {
    return this.details.status;
  }

  /**
   * The source failed to answer (5xx, timeout, reset, unreadable body) rather than answering
   * about the document (404, a refusal): what the error monitor counts.
   */
  get sourceFault(): boolean {
    return this.code === 'source_unreachable';
  }
}
