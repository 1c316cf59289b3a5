import { isDocumentError, isDocumentRequestError, isSourceError } from '../error-brands';
import { SourceError } from '../errors';
import type { DocumentRequestError } from './document-request-error';

/*
 * The source-outage rule: when failing document requests mean the source itself is down, and
 * what the ingestion is told then. One rule, whoever keeps the count: a session's
 * DocumentErrorMonitor counts its own requests; a service that fetches one ingestion's
 * documents on several workers keeps the tally elsewhere (Docent: in its ledger) and asks the
 * same questions here.
 */

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

/**
 * The policy's verdict on a tally: why the source counts as failing, or undefined. It names the
 * threshold the tally crossed, not the tally: workers fetching in parallel may count a failure
 * or two past it before the stop lands, and whichever of their errors ends the ingestion, the
 * reason reads the same.
 */
export function documentFailuresStop(
  source: string,
  tally: DocumentFailureTally,
  policy: ErrorMonitorPolicy = DEFAULT_ERROR_MONITOR_POLICY,
): string | undefined {
  if (tally.streak >= policy.maxConsecutiveFailures) {
    return `${source} failed to serve ${policy.maxConsecutiveFailures} documents in a row`;
  }
  if (tally.failures > policy.maxFailuresInWindow) {
    const crossed = policy.maxFailuresInWindow + 1;
    return `${source} failed to serve ${crossed} of the last ${tally.window} documents`;
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
 * The source failed to answer a request about the document (5xx, timeout, reset, after
 * retries): what the rule counts as a failure.
 */
export function sourceFailedDocument(error: unknown): error is DocumentRequestError {
  return isDocumentRequestError(error) && error.sourceFault;
}

/**
 * The failure is the source's answer about the document (a 404, a refusal, content it cannot
 * serve): the source is alive, and a run of failures is broken. A `SourceError`
 * `source_not_found` from `fetch()` is a document gone since it was listed (see SourceError).
 */
export function sourceAnsweredDocument(error: unknown): boolean {
  if (isDocumentRequestError(error)) return !error.sourceFault;
  if (isDocumentError(error)) return true;
  return isSourceError(error) && error.code === 'source_not_found';
}

/**
 * The verdict once one more document failed, on the tally that counts it: the error that stops
 * the ingestion when the source counts as failing, else undefined.
 */
export function sourceOutageVerdict(
  source: string,
  tally: DocumentFailureTally,
  label: string,
  error: DocumentRequestError,
  policy: ErrorMonitorPolicy = DEFAULT_ERROR_MONITOR_POLICY,
): SourceError | undefined {
  const stop = documentFailuresStop(source, tally, policy);
  return stop === undefined ? undefined : sourceLooksDown(stop, label, error);
}
