import type { SourceError } from '../errors';
import type { DocumentRequestError } from './document-request-error';
import {
  DEFAULT_ERROR_MONITOR_POLICY,
  sourceOutageVerdict,
  type ErrorMonitorPolicy,
} from './source-outage-rule';

/**
 * Tells a dead source from a few bad documents. A document request the source failed to answer
 * (5xx or no answer, after retries) fails that document only, until too many documents fail:
 * then the failure becomes the source's (`source_unreachable`), so a source that went down does
 * not fail its documents one by one, each after a full retry budget. Answers about a document
 * (200, 404, a refusal) show the source is alive. One monitor per session: counts restart
 * with each ingestion run. (A service whose documents are fetched by several workers, each in
 * a session of its own, keeps a tally per ingestion and applies the same rule to it: see
 * source-outage-rule.ts.)
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
    this.stopped = sourceOutageVerdict(
      this.source,
      { streak: this.streak, failures, window: this.recent.size },
      label,
      error,
      this.policy,
    );
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
