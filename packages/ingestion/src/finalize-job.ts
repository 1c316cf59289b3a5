import type { IngestionRecord } from '@docent/metadata-store';
import type { IngestionLease } from './ingestion-lease';
import type { RunnerContext } from './ingestion-runner';

/** Documents removed per page of the "not seen" query (the collection's size never sits in memory). */
const REMOVAL_PAGE = 200;

/**
 * The finalize job: due once the listing ended and every batch it recorded committed. After a
 * complete listing, removes the source's documents the listing did not see; then ends the
 * ingestion (counters final, bookkeeping and secrets deleted).
 */
export class FinalizeJob {
  constructor(private readonly context: RunnerContext) {}

  async run(ingestion: IngestionRecord, lease: IngestionLease): Promise<void> {
    const { ledger, index, logger } = this.context.deps;
    const progress = await ledger.batchProgress(ingestion.id);
    if (!progress.finalizeDue) {
      // Enqueued only when due; a stray run changes nothing.
      logger.warn('finalize step ran before it was due; ignored', { ingestionId: ingestion.id });
      return;
    }
    if (progress.listingEnd === 'complete') {
      for (;;) {
        const gone = await ledger.listDocumentsNotSeen(
          ingestion.collectionId,
          ingestion.sourceKey,
          ingestion.id,
          REMOVAL_PAGE,
        );
        if (gone.length === 0) break;
        for (const document of gone) {
          await lease.check();
          await this.context.untilIndexAnswers(lease, () =>
            index.deleteDocument(ingestion.collectionId, document.id),
          );
          await ledger.deleteDocument(document.id);
        }
      }
    }
    // Succeeded means searchable: a question asked right after finds every document.
    await this.context.untilIndexAnswers(lease, () => index.refresh(ingestion.collectionId));
    await lease.check();
    const final = await this.context.end(ingestion.id, 'succeeded');
    if (final) logger.info('ingestion succeeded', { ingestionId: ingestion.id, ...final });
  }
}
