import type { DiscoveryItem, IncompleteListing } from '@docent/connector-sdk';
import { RetryLaterError, type JobContext } from '@docent/job-queue';
import type { Embedder } from '@docent/embedder';
import type {
  BatchProgress,
  IngestionRecord,
  ListingEnd,
  ListingLedger,
  NewBatch,
} from '@docent/metadata-store';
import type { SearchIndex } from '@docent/search-index';
import { BatchBuilder, type BatchLimits } from './batch-payload';
import type { ConnectorRegistry } from './connector-registry';
import { documentLinks } from './document-links';
import type { IngestionLease } from './ingestion-lease';
import { timed, type IngestionMetrics } from './ingestion-metrics';
import type { JobHandOff, UntilIndexAnswers } from './job-hand-offs';
import type { Logger } from './logger';
import type { SourceSessions } from './source-sessions';

export interface ListingJobOptions {
  batch: BatchLimits;
  /** Batches recorded and not yet committed past which the listing hands its job back. */
  listingAheadBatches: number;
  /** How long a listing that is far enough ahead waits before it is run again. */
  listingHandBackMs: number;
}

export interface ListingJobDeps {
  ledger: ListingLedger;
  /** The index a new collection gets, made for the embedder's vectors. */
  index: Pick<SearchIndex, 'ensureCollection'>;
  embedder: Pick<Embedder, 'dimensions'>;
  connectors: Pick<ConnectorRegistry, 'get'>;
  sessions: Pick<SourceSessions, 'open'>;
  handOff: JobHandOff;
  untilIndexAnswers: UntilIndexAnswers;
  options: ListingJobOptions;
  metrics: IngestionMetrics;
  logger: Logger;
  now(): Date;
}

/**
 * The listing job: lists the source once, resuming from the checkpoint, and hands the changed
 * documents to batch jobs. A listing page's batches and its checkpoint are recorded in one
 * transaction, so a resumed listing neither enqueues a batch twice nor loses one; a batch that
 * fills up between checkpoints is recorded alone, and its documents are settled for this
 * ingestion, so listing them again does not batch them again.
 */
export class ListingJob {
  constructor(private readonly deps: ListingJobDeps) {}

  async run(ingestion: IngestionRecord, lease: IngestionLease, job: JobContext): Promise<void> {
    const { deps } = this;
    const { ledger, index, embedder, logger, options, metrics, sessions, handOff } = deps;
    if (!(await ledger.startIngestion(ingestion.id, deps.now()))) return;
    logger.info(ingestion.checkpoint ? 'listing resumed' : 'ingestion started', {
      ingestionId: ingestion.id,
      type: ingestion.type,
      attempt: job.attempt,
    });
    // Batches recorded by an earlier run whose jobs a crash may have kept from the queue.
    await handOff.enqueueBatches(ingestion, await ledger.listPendingBatches(ingestion.id));
    const progress = await ledger.batchProgress(ingestion.id);
    if (progress.listingEnd !== null) {
      // Ended by an earlier run that died before it could enqueue the finalize step.
      if (progress.finalizeDue) {
        await handOff.enqueueFinalize(ingestion, progress.finalizeGeneration);
      }
      return;
    }

    const { pageLinks } = deps.connectors.get(ingestion.type).descriptor.links;
    const { session } = await sessions.open(ingestion, lease.signal);
    try {
      await session.check();
      await deps.untilIndexAnswers(lease, () =>
        index.ensureCollection(ingestion.collectionId, embedder.dimensions),
      );
      const builder = new BatchBuilder(options.batch);
      const record = async (
        batches: Array<NewBatch | null>,
        step: { checkpoint?: string; end?: ListingEnd },
      ): Promise<BatchProgress> => {
        const recorded = await timed(metrics, 'admit', () =>
          ledger.recordListing({
            ingestionId: ingestion.id,
            batches: batches.filter((batch): batch is NewBatch => batch !== null),
            ...step,
          }),
        );
        await handOff.enqueueBatches(
          ingestion,
          recorded.seqs.map((seq) => ({ seq, generation: 0 })),
        );
        return recorded.progress;
      };

      const listing: { end?: IncompleteListing | void } = {};
      const items = untilEnd(session.discover(ingestion.checkpoint), listing);
      for (;;) {
        const next = await timed(metrics, 'list', () => items.next());
        if (next.done) break;
        const item = next.value;
        await lease.check();
        if (item.type === 'document') {
          const admission = await timed(metrics, 'admit', () =>
            ledger.admitDocument({
              ingestionId: ingestion.id,
              collectionId: ingestion.collectionId,
              sourceKey: ingestion.sourceKey,
              sourceId: item.ref.sourceId,
              version: item.ref.version,
              links: documentLinks(item.ref, pageLinks),
            }),
          );
          // Unchanged, listed twice, or batched before a restart: nothing to do.
          if (admission !== 'index' || builder.has(item.ref.sourceId)) continue;
          const full = builder.add(item.ref);
          if (full) await record([full], {});
        } else if (item.type === 'failure') {
          await timed(metrics, 'admit', () =>
            ledger.recordFailure({
              ingestionId: ingestion.id,
              sourceId: item.sourceId,
              docName: item.title ?? null,
              message: item.message,
              unsupported: item.unsupported === true,
            }),
          );
        } else {
          const progress = await record([builder.take()], { checkpoint: item.checkpoint });
          if (progress.batchesRecorded - progress.batchesCommitted >= options.listingAheadBatches) {
            // Far enough ahead: free this worker for the batches; resume from the checkpoint.
            throw new RetryLaterError(options.listingHandBackMs, 'the listing is ahead');
          }
        }
      }
      await lease.check();
      // Only a listing that ran to its end, and saw everything, may delete.
      const end: ListingEnd = listing.end?.complete === false ? 'incomplete' : 'complete';
      if (listing.end?.complete === false) {
        logger.warn('listing incomplete; no document will be removed', {
          ingestionId: ingestion.id,
          reason: listing.end.reason,
        });
      }
      if (builder.contentDropped > 0) {
        logger.debug('content left for the batch workers to fetch', {
          ingestionId: ingestion.id,
          documents: builder.contentDropped,
        });
      }
      const ended = await record([builder.take()], { end });
      if (ended.finalizeDue) {
        await handOff.enqueueFinalize(ingestion, ended.finalizeGeneration);
      }
    } finally {
      await session.close?.().catch(() => undefined);
    }
  }
}

/** The listing's items; what `discover` returned at its end lands in `into.end`. */
async function* untilEnd(
  listing: AsyncGenerator<DiscoveryItem, IncompleteListing | void, undefined>,
  into: { end?: IncompleteListing | void },
): AsyncGenerator<DiscoveryItem, void, undefined> {
  into.end = yield* listing;
}
