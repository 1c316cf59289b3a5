import type { FinalizeLedger, IngestionRecord } from '@docent/metadata-store';
import type { SearchIndex } from '@docent/search-index';
import type { IngestionLease } from './ingestion-lease';
import type { EndIngestion, UntilIndexAnswers } from './job-hand-offs';
import type { Logger } from './logger';

/** Documents removed per page of the "not seen" query (the collection's size never sits in memory). */
const REMOVAL_PAGE = 200;

/**
 * The finalize job: due once the listing ended and every batch it recorded committed. After a
 * complete listing, removes the source's documents the listing did not see; then ends the
 * ingestion (counters final, bookkeeping and secrets deleted).
 */
export interface FinalizeJobDeps {
  ledger: FinalizeLedger;
  index: Pick<SearchIndex, 'deleteDocument' | 'refresh'>;
  untilIndexAnswers: UntilIndexAnswers;
  end: EndIngestion;
  logger: Logger;
}

export class FinalizeJob {
  constructor(private readonly deps: FinalizeJobDeps) {}

  async run(ingestion: IngestionRecord, lease: IngestionLease): Promise<void> {
    const { ledger, index, logger, untilIndexAnswers } = this.deps;
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
          await untilIndexAnswers(lease, () =>
            index.deleteDocument(ingestion.collectionId, document.id),
          );
          await ledger.deleteDocument(document.id);
        }
      }
    }
    // Succeeded means searchable: a question asked right after finds every document.
    await untilIndexAnswers(lease, () => index.refresh(ingestion.collectionId));
    await lease.check();
    const final = await this.deps.end(ingestion.id, 'succeeded');
    if (final) logger.info('ingestion succeeded', { ingestionId: ingestion.id, ...final });
  }
}
