import {
  isSourceError,
  isUnsupportedDocumentError,
  sourceAnsweredDocument,
  sourceFailedDocument,
  type DocumentContent,
  type DocumentRef,
} from '@docent/connector-sdk';
import { unavailableDependency } from '@docent/domain-errors';
import type { Embedder } from '@docent/embedder';
import {
  IngestionFencedError,
  type BatchLedger,
  type DocumentNameStyle,
  type IngestionRecord,
} from '@docent/metadata-store';
import type { SearchIndex } from '@docent/search-index';
import { decodeBatchPayload } from './batch-payload';
import type { ConnectorRegistry } from './connector-registry';
import { documentLinks } from './document-links';
import {
  describePages,
  indexedChunks,
  pooledSpans,
  type DocumentPipeline,
  type PreparedDocument,
} from './document-pipeline';
import { type EmbeddedItem, EmbeddingQueue } from './embedding-queue';
import { documentIdFor } from './ids';
import type { IngestionLease } from './ingestion-lease';
import { timed, type IngestionMetrics } from './ingestion-metrics';
import type { JobHandOff, UntilIndexAnswers } from './job-hand-offs';
import type { Logger } from './logger';
import { prefetchInOrder } from './prefetch';
import type { OpenedSource, SourceSessions } from './source-sessions';
import type { SourceOutageTally } from './source-outage-tally';

export interface BatchJobOptions {
  /** Documents of a batch fetched and parsed ahead of the one being embedded. */
  prefetchDocuments: number;
  /** Texts per embedding call, shared across documents. */
  embeddingBatch: number;
}

export interface BatchJobDeps {
  ledger: BatchLedger;
  /** The source-outage rule over the ingestion's fetches on every worker. */
  outageTally: SourceOutageTally;
  index: Pick<SearchIndex, 'replaceDocumentsChunks' | 'deleteDocument'>;
  embedder: Pick<Embedder, 'embedDocuments' | 'embedDocumentsWithSpans' | 'countTokens'>;
  pipeline: Pick<DocumentPipeline, 'prepare'>;
  connectors: Pick<ConnectorRegistry, 'get'>;
  sessions: Pick<SourceSessions, 'open'>;
  handOff: Pick<JobHandOff, 'enqueueFinalize'>;
  untilIndexAnswers: UntilIndexAnswers;
  /** Names this worker process in the ledger (which worker committed which batch). */
  workerId: string;
  options: BatchJobOptions;
  metrics: IngestionMetrics;
  logger: Logger;
  now(): Date;
}

/** A document of the batch ready to embed, or why it failed (recorded in listing order). */
type Prepared = PreparedDocument | { failed: DocumentRef; message: string; unsupported: boolean };

/** One run of a batch: the ingestion, its lease, and the session opened if a fetch needs one. */
interface BatchRun {
  ingestion: IngestionRecord;
  lease: IngestionLease;
  nameStyle: DocumentNameStyle;
  /** The connector's link rules: whether refs may link to a page. */
  pageLinks: boolean;
  source(): Promise<OpenedSource>;
}

/**
 * The batch job: fetch (for refs the listing did not carry content for), parse, chunk, embed,
 * index and commit the batch's documents. Fetch and parse run a few documents ahead while the
 * embedder works; windows of several documents share each embedding call; the documents an
 * embedding call completes are written to the index in one write, then committed. A document
 * settled by an earlier, interrupted attempt is not done again.
 */
export class BatchJob {
  constructor(private readonly deps: BatchJobDeps) {}

  async run(ingestion: IngestionRecord, lease: IngestionLease, seq: number): Promise<void> {
    const { deps } = this;
    const { ledger, connectors, metrics } = deps;
    const batch = await ledger.getBatch(ingestion.id, seq);
    if (!batch) return;
    let progress;
    if (batch.committed) {
      // Committed by an attempt that died before it could enqueue the finalize step.
      progress = await ledger.batchProgress(ingestion.id);
    } else {
      const { descriptor } = connectors.get(ingestion.type);
      const unsettled = new Set(batch.unsettled);
      const refs = decodeBatchPayload(batch.payload ?? '{"refs":[]}').filter((ref) =>
        unsettled.has(ref.sourceId),
      );
      let opened: Promise<OpenedSource> | undefined;
      // Ends what the batch left in flight (documents fetched ahead) once it is over.
      const inFlight = new AbortController();
      const stop = () => inFlight.abort();
      lease.signal.addEventListener('abort', stop);
      const run: BatchRun = {
        ingestion,
        lease,
        nameStyle: descriptor.documentNames,
        pageLinks: descriptor.links.pageLinks,
        source: () => (opened ??= deps.sessions.open(ingestion, inFlight.signal)),
      };
      try {
        await this.process(run, refs);
      } finally {
        stop();
        lease.signal.removeEventListener('abort', stop);
        if (opened) {
          await opened.then(
            ({ session }) => session.close?.(),
            () => undefined,
          );
        }
      }
      await lease.check();
      ({ progress } = await timed(metrics, 'commit', () =>
        ledger.commitBatch(ingestion.id, seq, deps.workerId, deps.now()),
      ));
      metrics.observeBatch(refs.length);
    }
    if (progress.finalizeDue) {
      await deps.handOff.enqueueFinalize(ingestion, progress.finalizeGeneration);
    }
  }

  private async process(run: BatchRun, refs: DocumentRef[]): Promise<void> {
    const { deps } = this;
    const { options, metrics } = deps;
    const queue = new EmbeddingQueue<PreparedDocument>(
      (texts) => deps.embedder.embedDocuments(texts),
      options.embeddingBatch,
      metrics,
      deps.embedder.embedDocumentsWithSpans?.bind(deps.embedder),
      (text) => deps.embedder.countTokens(text),
    );
    const prepared = prefetchInOrder(refs, options.prefetchDocuments, (ref) =>
      this.prepare(run, ref),
    );
    for await (const document of prepared) {
      await run.lease.check();
      if ('failed' in document) {
        await this.recordFailure(run, document.failed, document.message, document.unsupported);
        continue;
      }
      queue.add(document, document.windows, pooledSpans(document));
      // A pool of two calls' worth lets each call take texts of like length.
      while (queue.pending >= 2 * options.embeddingBatch) {
        await this.write(run, await queue.embedNext());
      }
    }
    while (queue.busy) {
      await run.lease.check();
      await this.write(run, await queue.embedNext());
    }
  }

  /** Content, parse and chunks of one document; a document's own problem comes back as such. */
  private async prepare(run: BatchRun, ref: DocumentRef): Promise<Prepared> {
    const { ingestion, lease } = run;
    try {
      const content = ref.content ?? (await this.fetch(run, ref));
      const documentId = documentIdFor(ingestion.collectionId, ingestion.sourceKey, ref.sourceId);
      return await this.deps.pipeline.prepare(ref, content, documentId);
    } catch (error) {
      // An interrupted fetch or parse is no fault of the document: the next attempt reads it.
      if (lease.signal.aborted) {
        await lease.check();
        throw error;
      }
      // Nor is the service's own dependency being down (the ledger's tally of fetches), or the
      // ingestion having ended: the job as a whole waits or stops.
      if (unavailableDependency(error) || error instanceof IngestionFencedError) throw error;
      // A SourceError is the source's (credentials, throttling, a dead source): it fails the
      // ingestion. Anything else, a DocumentError above all (the SDK client's per-document
      // request failures are), fails this document only; so does `source_not_found`, a
      // document gone since it was listed.
      if (isSourceError(error) && error.code !== 'source_not_found') throw error;
      return {
        failed: ref,
        message: error instanceof Error ? error.message : String(error),
        // A type no parser reads, a file over the limit: skipped, not failed.
        unsupported: isUnsupportedDocumentError(error),
      };
    }
  }

  /**
   * Fetches content the listing did not carry. The session's own error monitor sees this
   * batch's requests only; the ledger's tally (SourceOutageTally) sees the ingestion's fetches
   * on every worker, so a dead source still stops the ingestion at the monitor's thresholds.
   */
  private async fetch(run: BatchRun, ref: DocumentRef): Promise<DocumentContent> {
    const { metrics, outageTally } = this.deps;
    const { session } = await run.source();
    const started = performance.now();
    let answered = true;
    try {
      return await session.fetch(ref);
    } catch (error) {
      answered = !run.lease.signal.aborted && sourceAnsweredDocument(error);
      if (!run.lease.signal.aborted && sourceFailedDocument(error)) {
        const stop = await outageTally.failed(run.ingestion, ref, error);
        if (stop !== undefined) throw stop;
      }
      throw error;
    } finally {
      metrics.observeStage('fetch', (performance.now() - started) / 1000);
      // The source answered (content, a 404, a refusal): a run of failures is broken.
      if (answered && !run.lease.signal.aborted) await outageTally.answered(run.ingestion);
    }
  }

  /** Writes the documents an embedding call completed: one index write, then their commits. */
  private async write(run: BatchRun, done: Array<EmbeddedItem<PreparedDocument>>): Promise<void> {
    if (done.length === 0) return;
    const { deps } = this;
    const { metrics } = deps;
    const { ingestion } = run;
    const documents = done.map(({ item, vectors, spanVectors }) => ({
      documentId: item.documentId,
      chunks: indexedChunks(item, vectors, spanVectors),
    }));
    await timed(metrics, 'index', () =>
      deps.untilIndexAnswers(run.lease, () =>
        deps.index.replaceDocumentsChunks(ingestion.collectionId, documents),
      ),
    );
    let fenced: IngestionFencedError | null = null;
    const orphans: Array<{ documentId: string; chunkIds: string[] }> = [];
    for (const [i, { item: document }] of done.entries()) {
      try {
        await timed(metrics, 'commit', () =>
          deps.ledger.commitProcessed({
            ingestionId: ingestion.id,
            documentId: document.documentId,
            collectionId: ingestion.collectionId,
            sourceType: ingestion.type,
            sourceKey: ingestion.sourceKey,
            sourceId: document.ref.sourceId,
            ...documentLinks(document.ref, run.pageLinks),
            desiredName: document.ref.title,
            nameStyle: run.nameStyle,
            version: document.ref.version,
            pageCount: document.pageCount,
            chunkCount: document.chunks.length,
            ...(document.imageOnlyPages.length > 0 && {
              warning: `indexed, but ${describePages(document.imageOnlyPages)} scanned images without a text layer: not searchable`,
            }),
            at: deps.now(),
          }),
        );
      } catch (error) {
        if (!(error instanceof IngestionFencedError)) throw error;
        fenced = error;
        // Ended: what the catalog does not list must leave the index. Superseded: the
        // collection's new holder lists and writes these documents itself; leave them to it.
        if (error.why === 'ended' && !error.adopted) {
          orphans.push({
            documentId: document.documentId,
            chunkIds: documents[i]!.chunks.map((c) => c.chunkId),
          });
        }
      }
    }
    if (fenced) {
      await this.removeFenced(run, orphans, done.length);
      throw fenced;
    }
  }

  /**
   * The ingestion ended while this write was under way: the documents it wrote to the index and
   * the catalog refused go again, by the chunk ids this write gave them too: the reconciler's
   * cleanup of the ended ingestion may have run between the index's steps of this write. A
   * failure here is left to the reconciler, which cleans up after the batches an ended
   * ingestion abandoned.
   */
  private async removeFenced(
    run: BatchRun,
    orphans: Array<{ documentId: string; chunkIds: string[] }>,
    written: number,
  ): Promise<void> {
    const { deps } = this;
    const { metrics } = deps;
    let removed = 0;
    for (const { documentId, chunkIds } of orphans) {
      try {
        await deps.index.deleteDocument(run.ingestion.collectionId, documentId, chunkIds);
        removed++;
      } catch (error) {
        deps.logger.warn('could not remove a fenced document from the index; the reconciler will', {
          ingestionId: run.ingestion.id,
          documentId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    metrics.observeFencedWrite(written);
    deps.logger.info('batch write fenced: its ingestion ended meanwhile', {
      ingestionId: run.ingestion.id,
      documents: written,
      removedFromIndex: removed,
      keptAsListed: written - orphans.length,
    });
  }

  private async recordFailure(
    run: BatchRun,
    ref: DocumentRef,
    message: string,
    unsupported: boolean,
  ): Promise<void> {
    await timed(this.deps.metrics, 'commit', () =>
      this.deps.ledger.recordFailure({
        ingestionId: run.ingestion.id,
        sourceId: ref.sourceId,
        docName: ref.title,
        message,
        unsupported,
      }),
    );
  }
}
