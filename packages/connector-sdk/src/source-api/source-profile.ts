import type { RequestSubject } from './request-subject';

/** What a source's error answer says, read from its own envelope. */
export interface ErrorBody {
  /** The source's codes for the error, most telling first (`rateLimitExceeded`, `validation_error`). */
  reasons: readonly string[];
  /** Its human message (capped before it reaches a user). */
  message?: string;
}

/** An error answer (after the client's retries), with what the request was about. */
export interface FailedAnswer {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The URL that answered, after redirects. */
  url: string;
  /** The host as messages name it (never the whole URL: its query may carry a search). */
  host: string;
  body: ErrorBody;
  subject: RequestSubject;
}

/**
 * A source's vendor specifics, all a connector has to say about failures: its name, how its
 * error bodies read, and the few answers the shared ladder (see `failureOfAnswer`) gets wrong.
 */
export interface SourceProfile {
  /** The product, as messages name it: `Google Drive`. */
  name: string;
  /** Reads a parsed JSON error body; return `{ reasons: [] }` for one you do not recognise. */
  errorBody(json: unknown): ErrorBody;
  /**
   * Answers besides 429 that mean "slow down" (Google's 403 `rateLimitExceeded`): the client
   * retries them and, once the retries run out, they are `source_rate_limited`.
   */
  isThrottling?(status: number, body: ErrorBody): boolean;
  /** Vendor meanings of an answer; undefined lets the shared ladder decide. */
  explain?(answer: FailedAnswer): Error | undefined;
  /** What to check, appended to the messages of a 401 and of a 403. */
  hints?: { unauthorized?: string; forbidden?: string };
}
