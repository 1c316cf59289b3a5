import {
  isHttpNetworkError,
  isSourceError,
  isUrlNotAllowedError,
  SourceError,
  type SourceHttpClient,
} from '@docent/connector-sdk';
import type { SecretBox } from '@docent/credentials-vault';
import type { DependencyMonitor } from '@docent/dependency-health';
import { unavailableDependency, type Dependency } from '@docent/domain-errors';
import type { Embedder } from '@docent/embedder';
import {
  jobHandler,
  RetryLaterError,
  type JobContext,
  type JobDefinition,
  type JobHandlerRegistration,
  type JobQueue,
} from '@docent/job-queue';
import {
  IngestionFencedError,
  TERMINAL_STATUSES,
  type CollectionLock,
  type IngestionLedger,
  type IngestionRecord,
} from '@docent/metadata-store';
import type { SearchIndex } from '@docent/search-index';
import { DEFAULT_BATCH_LIMITS } from './batch-payload';
import { BatchJob } from './batch-job';
import type { ConnectorRegistry } from './connector-registry';
import type { ChunkExtrasWriter } from '@docent/document-model';
import { DocumentPipeline, type FileParser } from './document-pipeline';
import { FinalizeJob } from './finalize-job';
import {
  DependencyOutageTooLong,
  longestOutageWait,
  outageDetail,
  outageReason,
  outageTooLongMessage,
  untilIndexAnswers,
  type OutagePolicy,
} from './dependency-outage';
import { FINALIZE_INGESTION_JOB, INGEST_BATCH_JOB, INGEST_JOB } from './ingest-job';
import {
  IngestionEnded,
  IngestionLease,
  ingestionLockHolder,
  LeaseLost,
  type LeaseDeps,
  type LeaseOptions,
} from './ingestion-lease';
import { NO_INGESTION_METRICS, type IngestionMetrics } from './ingestion-metrics';
import {
  ledgerEnd,
  queueHandOff,
  type EndIngestion,
  type UntilIndexAnswers,
} from './job-hand-offs';
import { ListingJob } from './listing-job';
import type { Logger } from './logger';
import type { SourceConnections } from './source-connections';
import { SourceOutageTally } from './source-outage-tally';
import { SourceSessions } from './source-sessions';

export interface IngestionRunnerDeps {
  ledger: IngestionLedger;
  collectionLock: CollectionLock;
  index: SearchIndex;
  embedder: Embedder;
  connectors: ConnectorRegistry;
  secrets: SecretBox;
  http: SourceHttpClient;
  connections: SourceConnections;
  endpoints: Readonly<Record<string, string>>;
  parseFile: FileParser;
  logger: Logger;
  /** Where the listing hands its batches (and the last job the finalize step). */
  queue: Pick<JobQueue, 'enqueue'>;
  /** Names this worker process in the ledger (which worker committed which batch). */
  workerId: string;
  /** Outages of the database, queue and index as this process sees them (waits, budget, logs). */
  dependencies: DependencyMonitor;
  metrics?: IngestionMetrics;
  now?: () => Date;
}

export interface IngestionRunnerOptions {
  /** Lease on the collection; renewed at a third of it. */
  lockTtlMs?: number;
  /** How often a running job checks whether its ingestion was canceled. */
  cancelPollMs?: number;
  /** Delay before retrying when another ingestion holds the collection. */
  lockedRetryMs?: number;
  /** Documents per batch job (the batch's payload is also capped in bytes). */
  batchDocuments?: number;
  /** Largest content (as JSON) that rides with its ref in the batch instead of being fetched again. */
  inlineContentBytes?: number;
  /**
   * Batches recorded and not yet committed past which the listing hands its job back (it
   * resumes from its checkpoint), so the listing never runs far ahead of the workers.
   */
  listingAheadBatches?: number;
  /** How long a listing that is far enough ahead waits before it is run again. */
  listingHandBackMs?: number;
  /** Documents of a batch fetched and parsed ahead of the one being embedded. */
  prefetchDocuments?: number;
  /** Texts per embedding call, shared across documents. */
  embeddingBatch?: number;
  overlapTokens?: number;
  /** Chunk size in embedder tokens (see DocumentPipeline); default the model's input cap. */
  chunkTokens?: number;
  /** What the configured answerer keeps per chunk (see DocumentPipeline); default nothing. */
  chunkExtras?: ChunkExtrasWriter | null;
  /**
   * Waits between tries while a dependency is unavailable: half the outage so far, from the
   * first to the cap.
   */
  outageRetryMs?: { first: number; max: number };
  /**
   * The outage budget: how long an ingestion waits for an unavailable database, queue or index
   * before it fails `internal`, naming the dependency.
   */
  outageLimitMs?: number;
}

/** What the runner itself reads of its options: the lease's and the outage budget. */
interface RunnerOptions extends LeaseOptions {
  outage: OutagePolicy;
}

type Step = (ingestion: IngestionRecord, lease: IngestionLease) => Promise<void>;

/**
 * Runs ingestions as three kinds of jobs, so one ingestion spreads over every worker: the
 * listing job lists the source once (resuming from its checkpoint) and records batches of
 * changed documents, each a job of its own; any worker fetches, parses, chunks, embeds, indexes
 * and commits a batch; the finalize job, enqueued by whichever of "listing ended" and "last
 * batch committed" comes second, removes what a complete listing did not see and ends the run.
 * Each job takes the ingestion's lease on its collection, renews it while it runs and polls for
 * a cancel. Every step is safe to run again after a crash.
 */
export class IngestionRunner {
  private readonly options: RunnerOptions;
  private readonly end: EndIngestion;
  private readonly listing: ListingJob;
  private readonly batches: BatchJob;
  private readonly finalize: FinalizeJob;
  private readonly leaseDeps: LeaseDeps;

  constructor(
    private readonly deps: IngestionRunnerDeps,
    options: IngestionRunnerOptions = {},
  ) {
    const now = deps.now ?? (() => new Date());
    const metrics = deps.metrics ?? NO_INGESTION_METRICS;
    const outage: OutagePolicy = {
      firstRetryMs: options.outageRetryMs?.first ?? 1_000,
      maxRetryMs: options.outageRetryMs?.max ?? 30_000,
      giveUpAfterMs: options.outageLimitMs ?? 30 * 60_000,
    };
    this.options = {
      lockTtlMs: options.lockTtlMs ?? 60_000,
      cancelPollMs: options.cancelPollMs ?? 1_000,
      lockedRetryMs: options.lockedRetryMs ?? 2_000,
      outage,
    };
    const { ledger, index, embedder, connectors, logger, dependencies } = deps;
    const sessions = new SourceSessions(deps);
    const handOff = queueHandOff(deps.queue);
    const untilIndex: UntilIndexAnswers = (lease, work) =>
      untilIndexAnswers(work, lease, outage, dependencies, logger);
    this.end = ledgerEnd(ledger, now);
    this.leaseDeps = { ledger, collectionLock: deps.collectionLock, logger, dependencies, now };
    this.listing = new ListingJob({
      ledger,
      index,
      embedder,
      connectors,
      sessions,
      handOff,
      untilIndexAnswers: untilIndex,
      options: {
        batch: {
          ...DEFAULT_BATCH_LIMITS,
          ...(options.batchDocuments !== undefined && { maxDocuments: options.batchDocuments }),
          ...(options.inlineContentBytes !== undefined && {
            maxInlineBytes: options.inlineContentBytes,
          }),
        },
        listingAheadBatches: options.listingAheadBatches ?? 32,
        listingHandBackMs: options.listingHandBackMs ?? 500,
      },
      metrics,
      logger,
      now,
    });
    this.batches = new BatchJob({
      ledger,
      index,
      embedder,
      pipeline: new DocumentPipeline(embedder, deps.parseFile, {
        overlapTokens: options.overlapTokens ?? 16,
        chunkTokens: options.chunkTokens,
        metrics,
        chunkExtras: options.chunkExtras,
      }),
      connectors,
      sessions,
      handOff,
      untilIndexAnswers: untilIndex,
      outageTally: new SourceOutageTally(ledger),
      workerId: deps.workerId,
      options: {
        prefetchDocuments: options.prefetchDocuments ?? 4,
        embeddingBatch: options.embeddingBatch ?? 32,
      },
      metrics,
      logger,
      now,
    });
    this.finalize = new FinalizeJob({
      ledger,
      index,
      untilIndexAnswers: untilIndex,
      end: this.end,
      logger,
    });
  }

  /** One handler per job of the catalogue (`JOB_CATALOG`). */
  jobHandlers(): JobHandlerRegistration<never>[] {
    return [
      jobHandler(INGEST_JOB, ({ ingestionId }, context) =>
        this.runJob(INGEST_JOB, ingestionId, context, (ingestion, lease) =>
          this.listing.run(ingestion, lease, context),
        ),
      ),
      jobHandler(INGEST_BATCH_JOB, ({ ingestionId, seq }, context) =>
        this.runJob(INGEST_BATCH_JOB, ingestionId, context, (ingestion, lease) =>
          this.batches.run(ingestion, lease, seq),
        ),
      ),
      jobHandler(FINALIZE_INGESTION_JOB, ({ ingestionId }, context) =>
        this.runJob(FINALIZE_INGESTION_JOB, ingestionId, context, (ingestion, lease) =>
          this.finalize.run(ingestion, lease),
        ),
      ),
    ];
  }

  private async runJob(
    job: JobDefinition<unknown>,
    ingestionId: string,
    context: JobContext,
    step: Step,
  ): Promise<void> {
    const { ledger } = this.deps;
    let lease: IngestionLease | null = null;
    try {
      const ingestion = await ledger.getIngestion(ingestionId);
      if (!ingestion) return;
      if (TERMINAL_STATUSES.includes(ingestion.status)) {
        // Ended while this job waited (a cancel, an outage): whoever sees it frees the collection.
        await this.deps.collectionLock
          .unlock(ingestion.collectionId, ingestionLockHolder(ingestion.id))
          .catch(() => undefined);
        return;
      }
      if (ingestion.cancelRequested) {
        await this.end(ingestion.id, 'canceled');
        return;
      }
      // Back after an outage longer than the budget (the database's, say, when nothing could
      // be recorded): a started ingestion fails, as the reconciler would have it.
      const waited =
        ingestion.status === 'running'
          ? longestOutageWait(
              this.deps.dependencies.outages(),
              (ingestion.progressAt ?? ingestion.createdAt).getTime(),
              Date.now(),
            )
          : null;
      if (waited && waited.waitedMs >= this.options.outage.giveUpAfterMs) {
        await this.failForOutage(
          ingestion.id,
          waited.dependency,
          outageTooLongMessage(waited.dependency, waited.waitedMs),
        );
        return;
      }
      lease = await IngestionLease.acquire(this.leaseDeps, this.options, ingestion, context.signal);
      await step(ingestion, lease);
    } catch (error) {
      await this.onError(job, ingestionId, error, context);
    } finally {
      if (lease) {
        lease.release();
        // Whoever ended it (this job, another, a cancel), the collection is free for the next.
        const current = await ledger.getIngestion(ingestionId).catch(() => null);
        if (current && TERMINAL_STATUSES.includes(current.status)) await lease.unlock();
      }
    }
  }

  /**
   * What a job's failure means for its ingestion. Its dependencies being unavailable is no
   * fault of the ingestion: the job goes back to the queue without using an attempt, waiting
   * longer the longer the outage, until the outage budget is spent. A source's errors fail the
   * ingestion at once; anything else is retried up to the job's attempts, then fails it.
   */
  private async onError(
    job: JobDefinition<unknown>,
    ingestionId: string,
    error: unknown,
    context: JobContext,
  ): Promise<void> {
    try {
      await this.handleError(job, ingestionId, error, context);
    } catch (thrown) {
      // Handling it met an outage itself (ending the ingestion while the database is down).
      const dependency = thrown === error ? null : unavailableDependency(thrown);
      if (!dependency) throw thrown;
      this.deps.dependencies.noteFailure(dependency, outageReason(thrown));
      throw new RetryLaterError(this.retryDelayMs(dependency), `${dependency} unavailable`);
    }
  }

  private async handleError(
    job: JobDefinition<unknown>,
    ingestionId: string,
    error: unknown,
    context: JobContext,
  ): Promise<void> {
    const { logger } = this.deps;
    // The listing is far enough ahead of the batches: it resumes later from its checkpoint.
    if (error instanceof RetryLaterError) throw error;
    if (error instanceof LeaseLost) {
      logger.warn('collection lock lost; the job will resume', { ingestionId });
      throw new RetryLaterError(this.options.lockedRetryMs, 'collection lock lost');
    }
    if (error instanceof IngestionFencedError) {
      if (error.why === 'superseded') {
        logger.warn('another holder took the collection; the job will resume', { ingestionId });
        throw new RetryLaterError(this.options.lockedRetryMs, 'collection taken');
      }
      // Ended meanwhile (a cancel, another job): nothing of this write was recorded.
      return;
    }
    if (error instanceof IngestionEnded) {
      if (await this.end(ingestionId, 'canceled')) {
        logger.info('ingestion canceled', { ingestionId, by: 'its own job' });
      }
      return;
    }
    const dependency = unavailableDependency(error);
    if (dependency) return this.waitForDependency(job, ingestionId, dependency, error, context);
    // A connector should wrap these, but the service must not mistake them for its own bugs.
    if (isHttpNetworkError(error) || isUrlNotAllowedError(error)) {
      error = new SourceError(
        'source_unreachable',
        `The source could not be reached: ${error.message}`,
      );
    }
    if (error instanceof DependencyOutageTooLong) {
      await this.failForOutage(ingestionId, error.dependency, error.message);
      return;
    }
    if (isSourceError(error) && error.code !== 'internal') {
      await this.end(ingestionId, 'failed', { code: error.code, message: error.message });
      logger.warn('ingestion failed', {
        ingestionId,
        code: error.code,
        message: error.message,
      });
      return;
    }
    if (context.signal.aborted) {
      // Graceful shutdown: hand the job back; the ledger lets the next worker resume.
      throw error;
    }
    const message = error instanceof Error ? error.message : String(error);
    logger.error('ingestion job failed', {
      ingestionId,
      job: job.name,
      attempt: context.attempt,
      error: message,
    });
    if (context.attempt >= (job.maxAttempts ?? 1)) {
      if (
        await this.end(ingestionId, 'failed', {
          code: 'internal',
          message: `Unexpected error while ingesting (ingestion ${ingestionId}); see the service logs.`,
        })
      ) {
        logger.error('ingestion job failed for good; the ingestion failed', {
          ingestionId,
          job: job.name,
          attempts: context.attempt,
        });
      }
      return;
    }
    throw error;
  }

  /**
   * A dependency is unavailable: within the outage budget, the job goes back to the queue
   * (no attempt used) for a wait that grows with the outage; past it, the ingestion fails.
   */
  private async waitForDependency(
    job: JobDefinition<unknown>,
    ingestionId: string,
    dependency: Dependency,
    error: unknown,
    context: JobContext,
  ): Promise<void> {
    const { dependencies, logger } = this.deps;
    dependencies.noteFailure(dependency, outageReason(error));
    const downMs = dependencies.downForMs(dependency);
    if (downMs >= this.options.outage.giveUpAfterMs) {
      await this.failForOutage(
        ingestionId,
        dependency,
        outageTooLongMessage(dependency, downMs, outageDetail(error)),
      );
      return;
    }
    // Graceful shutdown: the job goes back to the queue anyway.
    if (context.signal.aborted) throw error;
    const delayMs = this.retryDelayMs(dependency);
    logger.debug('dependency unavailable; the job waits', {
      ingestionId,
      job: job.name,
      dependency,
      retryInMs: delayMs,
    });
    throw new RetryLaterError(delayMs, `${dependency} unavailable`);
  }

  private async failForOutage(
    ingestionId: string,
    dependency: Dependency,
    message: string,
  ): Promise<void> {
    if (await this.end(ingestionId, 'failed', { code: 'internal', message })) {
      this.deps.logger.warn('ingestion failed: a dependency stayed unavailable past the budget', {
        ingestionId,
        dependency,
        message,
      });
    }
  }

  private retryDelayMs(dependency: Dependency): number {
    const { firstRetryMs, maxRetryMs } = this.options.outage;
    return this.deps.dependencies.retryDelayMs(dependency, {
      firstMs: firstRetryMs,
      maxMs: maxRetryMs,
    });
  }
}
