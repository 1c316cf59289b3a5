import {
  DEFAULT_ERROR_MONITOR_POLICY,
  documentLabel,
  sourceOutageVerdict,
  type DocumentRef,
  type DocumentRequestError,
  type SourceError,
} from '@docent/connector-sdk';
import type { FetchTallyLedger, IngestionRecord } from '@docent/metadata-store';

/**
 * The SDK's source-outage rule applied to an ingestion's fetches on every worker. Each batch
 * job's session has the SDK's monitor, which sees that session's requests only; the tally kept
 * in the ledger row sees the ingestion's fetches whichever worker made them, so a dead source
 * still stops the ingestion at the rule's thresholds, with the same message.
 */
export class SourceOutageTally {
  private readonly policy = DEFAULT_ERROR_MONITOR_POLICY;

  constructor(private readonly ledger: FetchTallyLedger) {}

  /** The source answered a fetch (content, a 404, a refusal): a run of failures is broken. */
  async answered(ingestion: IngestionRecord): Promise<void> {
    await this.ledger.noteDocumentFetch(ingestion.id, false, this.policy.windowSize);
  }

  /**
   * The source failed to serve this document: the error that stops the ingestion once the
   * source counts as failing, else undefined.
   */
  async failed(
    ingestion: IngestionRecord,
    ref: DocumentRef,
    error: DocumentRequestError,
  ): Promise<SourceError | undefined> {
    const tally = await this.ledger.noteDocumentFetch(ingestion.id, true, this.policy.windowSize);
    const label = documentLabel({ kind: 'document', sourceId: ref.sourceId, title: ref.title });
    return sourceOutageVerdict(
      error.details.source ?? ingestion.type,
      tally,
      label,
      error,
      this.policy,
    );
  }
}
