import { SourceError } from '../errors';
import type { DocumentRequestError } from './document-request-error';

/** When failing documents mean the source itself is failing. */
export interface ErrorMonitorPolicy {
  /** Documents in a row whose requests the source failed to answer. */
  maxConsecutiveFailures: number;
  /** How many of the most recent documents the failure count looks at. */
  windowSize: number;
  /** Failures tolerated among them; one more stops the ingestion. */
  maxFailuresInWindow: number;
}

/**
 * 10 in a row, or more than 15 of the last 100 documents: the thresholds of Elastic's
 * connectors (10 consecutive errors, an error rate above 15 % over a 100-document window).
 */
export const DEFAULT_ERROR_MONITOR_POLICY: Readonly<ErrorMonitorPolicy> = {
  maxConsecutiveFailures: 10,
  windowSize: 100,
  maxFailuresInWindow: 15,
};

/** A count of the most recent documents' outcomes, wherever it is kept. */
export interface DocumentFailureTally {
  /** Documents failed in a row, the last one included. */
  streak: number;
  /** Failed documents among the last `window`. */
  failures: number;
  window: number;
}

/** The policy's verdict on a tally: why the source counts as failing, or undefined. */
export function documentFailuresStop(
  source: string,
  tally: DocumentFailureTally,
  policy: ErrorMonitorPolicy = DEFAULT_ERROR_MONITOR_POLICY,
): string | undefined {
  if (tally.streak >= policy.maxConsecutiveFailures) {
    return `${source} failed to serve ${tally.streak} documents in a row`;
  }
  if (tally.failures > policy.maxFailuresInWindow) {
    return `${source} failed to serve ${tally.failures} of the last ${tally.window} documents`;
  }
  return undefined;
}

/** The error that stops the ingestion once `stop` says the source is failing. */
export function sourceLooksDown(
  stop: string,
  label: string,
  error: DocumentRequestError,
): SourceError {
  return new SourceError(
    'source_unreachable',
    `${stop}, so the ingestion stopped: the source looks unavailable, try again later. The last, ${label}: ${error.message}`,
    { ...error.details, cause: error },
  );
}

/**
 * Tells a dead source from a few bad documents. A document request the source failed to answer
 * (5xx or no answer, after retries) fails that document only, until too many documents fail:
 * then the failure becomes the source's (`source_unreachable`), so a source that went down does
 * not fail its documents one by one, each after a full retry budget. Answers about a document
 * (200, 404, a refusal) show the source is alive. One monitor per session: counts restart
 * with each ingestion run. (A service whose documents are fetched by several workers, each in
 * a session of its own, keeps a tally per ingestion and applies `documentFailuresStop` to it.)
 */
export class DocumentErrorMonitor {
  /** The most recent documents, oldest first: whether the last request about each failed. */
  private readonly recent = new Map<string, boolean>();
  private streak = 0;
  private stopped: SourceError | undefined;

  constructor(
    private readonly source: string,
    private readonly policy: ErrorMonitorPolicy = DEFAULT_ERROR_MONITOR_POLICY,
  ) {}

  /** The source answered a request about this document. */
  answered(sourceId: string): void {
    this.streak = 0;
    this.note(sourceId, false);
  }

  /**
   * The source failed a request about this document. Returns the error that stops the
   * ingestion once the source counts as failing (and from then on), else undefined.
   */
  failed(sourceId: string, label: string, error: DocumentRequestError): SourceError | undefined {
    if (this.stopped) return this.stopped;
    // A document counts once, however many of its requests fail.
    if (this.recent.get(sourceId) !== true) this.streak += 1;
    this.note(sourceId, true);
    const failures = [...this.recent.values()].filter(Boolean).length;
    const stop = documentFailuresStop(
      this.source,
      { streak: this.streak, failures, window: this.recent.size },
      this.policy,
    );
    if (stop !== undefined) this.stopped = sourceLooksDown(stop, label, error);
    return this.stopped;
  }

  private note(sourceId: string, failed: boolean): void {
    this.recent.delete(sourceId);
    this.recent.set(sourceId, failed);
    while (this.recent.size > this.policy.windowSize) {
      this.recent.delete(this.recent.keys().next().value!);
    }
  }
}
