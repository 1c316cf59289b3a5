import {
  HttpNetworkError,
  SourceError,
  UrlNotAllowedError,
  type DiscoveryItem,
  type DocumentRef,
  type IncompleteListing,
  type SourceConnector,
  type SourceCredentials,
  type SourceHttpClient,
  type SourceSession,
} from '@docent/connector-sdk';
import type { SecretBox } from '@docent/credentials-vault';
import type { Embedder } from '@docent/embedder';
import type { JobContext } from '@docent/job-queue';
import { RetryLaterError } from '@docent/job-queue';
import {
  TERMINAL_STATUSES,
  type CollectionLock,
  type IngestionLedger,
  type IngestionProgress,
  type IngestionRecord,
} from '@docent/metadata-store';
import { setTimeout as sleep } from 'node:timers/promises';
import { type SearchIndex, SearchIndexUnavailableError } from '@docent/search-index';
import type { ConnectorRegistry } from './connector-registry';
import {
  DocumentPipeline,
  describePages,
  type FileParser,
  type PreparedDocument,
} from './document-pipeline';
import { documentLinks } from './document-links';
import { documentIdFor } from './ids';
import { INGEST_JOB, type IngestJobPayload } from './ingest-job';
import type { Logger } from './logger';
import type { SourceConnections } from './source-connections';
import { mergeSecrets } from './spec-secrets';

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
  /** Identifies this worker process in collection locks. */
  workerId: string;
  now?: () => Date;
}

export interface IngestionRunnerOptions {
  /** Lease on the collection; renewed at a third of it. */
  lockTtlMs?: number;
  /** How often a running ingestion checks whether it was canceled. */
  cancelPollMs?: number;
  /** Chunks gathered across documents before one embedding call. */
  batchChunks?: number;
  /** Documents gathered before one embedding call. */
  batchDocuments?: number;
  overlapTokens?: number;
  /** Chunk size in embedder tokens (see DocumentPipeline); default the model's input cap. */
  chunkTokens?: number;
  /** Delay before retrying when another ingestion holds the collection. */
  lockedRetryMs?: number;
  /** Waits between tries while the search index is unavailable: doubling from the first to the cap. */
  indexRetryMs?: { first: number; max: number };
}

/** Thrown inside a run when its ingestion was canceled. */
class IngestionCanceled extends Error {}
/** Thrown inside a run when another worker took over the collection lock. */
class LeaseLost extends Error {}

/**
 * Runs one ingestion: list the source, skip unchanged documents, index new and changed ones,
 * and, after a complete listing only, remove documents that vanished. Safe to re-run after a
 * crash: the checkpoint resumes the listing and the per-document outcomes stop double work.
 */
export class IngestionRunner {
  private readonly now: () => Date;
  private readonly options: Required<Omit<IngestionRunnerOptions, 'chunkTokens'>>;
  private readonly pipeline: DocumentPipeline;

  constructor(
    private readonly deps: IngestionRunnerDeps,
    options: IngestionRunnerOptions = {},
  ) {
    this.now = deps.now ?? (() => new Date());
    this.options = {
      lockTtlMs: options.lockTtlMs ?? 60_000,
      cancelPollMs: options.cancelPollMs ?? 1_000,
      batchChunks: options.batchChunks ?? 64,
      batchDocuments: options.batchDocuments ?? 16,
      overlapTokens: options.overlapTokens ?? 16,
      lockedRetryMs: options.lockedRetryMs ?? 2_000,
      indexRetryMs: options.indexRetryMs ?? { first: 1_000, max: 30_000 },
    };
    this.pipeline = new DocumentPipeline(deps.embedder, deps.index, deps.parseFile, {
      overlapTokens: this.options.overlapTokens,
      chunkTokens: options.chunkTokens,
    });
  }

  /** The `ingest` job handler. */
  async handle(payload: IngestJobPayload, context: JobContext): Promise<void> {
    const { ledger, collectionLock, logger } = this.deps;
    const ingestion = await ledger.getIngestion(payload.ingestionId);
    if (!ingestion || TERMINAL_STATUSES.includes(ingestion.status)) return;
    if (ingestion.cancelRequested) {
      await this.finish(ingestion.id, 'canceled');
      return;
    }

    const holder = `${this.deps.workerId}:${ingestion.id}`;
    const locked = await collectionLock.tryLock(
      ingestion.collectionId,
      holder,
      this.options.lockTtlMs,
      this.now(),
    );
    if (!locked) {
      throw new RetryLaterError(
        this.options.lockedRetryMs,
        'another ingestion holds the collection',
      );
    }
    const abort = new AbortController();
    const onJobAbort = () => abort.abort();
    context.signal.addEventListener('abort', onJobAbort);
    let leaseLost = false;
    const renew = setInterval(
      () => {
        collectionLock
          .renew(ingestion.collectionId, holder, this.options.lockTtlMs, this.now())
          .then((ok) => {
            if (!ok) {
              leaseLost = true;
              abort.abort();
            }
          })
          .catch((error: unknown) =>
            logger.warn('collection lock renewal failed', { error: String(error) }),
          );
      },
      Math.max(1_000, Math.floor(this.options.lockTtlMs / 3)),
    );

    try {
      if (!(await ledger.startIngestion(ingestion.id, this.now()))) return;
      logger.info('ingestion started', {
        ingestionId: ingestion.id,
        type: ingestion.type,
        attempt: context.attempt,
      });
      await this.execute(ingestion, abort.signal, () => leaseLost);
      const progress = await this.finish(ingestion.id, 'succeeded');
      if (progress) logger.info('ingestion succeeded', { ingestionId: ingestion.id, ...progress });
    } catch (error) {
      await this.onError(ingestion, error, context);
    } finally {
      clearInterval(renew);
      context.signal.removeEventListener('abort', onJobAbort);
      await collectionLock.unlock(ingestion.collectionId, holder).catch(() => undefined);
    }
  }

  private async onError(
    ingestion: IngestionRecord,
    error: unknown,
    context: JobContext,
  ): Promise<void> {
    const { logger } = this.deps;
    if (error instanceof LeaseLost) {
      logger.warn('collection lock lost; the ingestion will resume', { ingestionId: ingestion.id });
      throw new RetryLaterError(this.options.lockedRetryMs, 'collection lock lost');
    }
    if (error instanceof IngestionCanceled) {
      await this.finish(ingestion.id, 'canceled');
      logger.info('ingestion canceled', { ingestionId: ingestion.id });
      return;
    }
    // A connector should wrap these, but the service must not mistake them for its own bugs.
    if (error instanceof HttpNetworkError || error instanceof UrlNotAllowedError) {
      error = new SourceError(
        'source_unreachable',
        `The source could not be reached: ${error.message}`,
      );
    }
    if (error instanceof SourceError && error.code !== 'internal') {
      await this.finish(ingestion.id, 'failed', { code: error.code, message: error.message });
      logger.warn('ingestion failed', {
        ingestionId: ingestion.id,
        code: error.code,
        message: error.message,
      });
      return;
    }
    if (context.signal.aborted) {
      // Graceful shutdown: hand the job back; the checkpoint lets the next worker resume.
      throw error;
    }
    const message = error instanceof Error ? error.message : String(error);
    logger.error('ingestion attempt failed', {
      ingestionId: ingestion.id,
      attempt: context.attempt,
      error: message,
    });
    if (context.attempt >= (INGEST_JOB.maxAttempts ?? 1)) {
      await this.finish(ingestion.id, 'failed', {
        code: 'internal',
        message: `Unexpected error while ingesting (ingestion ${ingestion.id}); see the service logs.`,
      });
      return;
    }
    throw error;
  }

  /**
   * Ends the ingestion once, deleting its secrets and per-document bookkeeping; the final
   * progress when this run ended it.
   */
  private finish(
    ingestionId: string,
    status: 'succeeded' | 'failed' | 'canceled',
    error?: { code: SourceError['code']; message: string },
  ): Promise<IngestionProgress | null> {
    const from: Array<'queued' | 'running'> =
      status === 'succeeded' ? ['running'] : ['queued', 'running'];
    return this.deps.ledger.endIngestion(ingestionId, from, status, {
      at: this.now(),
      error: error ?? null,
    });
  }

  private async execute(
    ingestion: IngestionRecord,
    signal: AbortSignal,
    leaseLost: () => boolean,
  ): Promise<void> {
    const { ledger, index, embedder, connectors } = this.deps;
    const connector = connectors.get(ingestion.type);
    const nameStyle = connector.documentNameStyle ?? 'title';
    const secrets = ingestion.secrets
      ? this.deps.secrets.openJson<Record<string, unknown>>(ingestion.secrets, ingestion.id)
      : null;
    const validation = connector.validateSpec(mergeSecrets(ingestion.spec, secrets));
    if (!validation.ok) throw new SourceError('internal', 'the stored spec no longer validates');
    const spec = validation.spec;

    let lastPoll = 0;
    const checkpoint = async (): Promise<void> => {
      if (leaseLost()) throw new LeaseLost();
      const nowMs = Date.now();
      if (signal.aborted || nowMs - lastPoll >= this.options.cancelPollMs) {
        lastPoll = nowMs;
        const current = await ledger.getIngestion(ingestion.id);
        if (!current || current.cancelRequested || current.status !== 'running')
          throw new IngestionCanceled();
        if (signal.aborted) throw leaseLost() ? new LeaseLost() : new Error('worker stopping');
      }
    };

    const session = await connector.open({
      spec,
      credentials: await this.credentialsFor(connector, spec as Record<string, unknown>, ingestion),
      http: this.deps.http,
      signal,
      log: this.deps.logger,
      endpoints: this.deps.endpoints,
    });
    const { collectionId } = ingestion;
    const untilIndexAnswers = <T>(work: () => Promise<T>) =>
      this.untilIndexAnswers(ingestion.id, work, signal, checkpoint);
    try {
      await session.check();
      await untilIndexAnswers(() => index.ensureCollection(collectionId, embedder.dimensions));
      let batch: PreparedDocument[] = [];
      let batchChunks = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const documents = batch;
        batch = [];
        batchChunks = 0;
        const embedded = await this.pipeline.embed(documents);
        for (const [i, document] of documents.entries()) {
          await untilIndexAnswers(() =>
            index.replaceDocumentChunks(collectionId, document.documentId, embedded[i]!),
          );
        }
        for (const document of documents) {
          await ledger.commitProcessed({
            ingestionId: ingestion.id,
            documentId: document.documentId,
            collectionId: ingestion.collectionId,
            sourceType: ingestion.type,
            sourceKey: ingestion.sourceKey,
            sourceId: document.ref.sourceId,
            ...documentLinks(document.ref),
            desiredName: document.ref.title,
            nameStyle,
            version: document.ref.version,
            pageCount: document.pageCount,
            chunkCount: document.chunks.length,
            ...(document.imageOnlyPages.length > 0 && {
              warning: `indexed, but ${describePages(document.imageOnlyPages)} scanned images without a text layer: not searchable`,
            }),
            at: this.now(),
          });
        }
      };

      const listing: { end?: IncompleteListing | void } = {};
      for await (const item of untilEnd(session.discover(ingestion.checkpoint), listing)) {
        await checkpoint();
        if (item.type === 'checkpoint') {
          await flush();
          await ledger.saveCheckpoint(ingestion.id, item.checkpoint);
        } else if (item.type === 'failure') {
          await ledger.recordFailure({
            ingestionId: ingestion.id,
            sourceId: item.sourceId,
            docName: item.title ?? null,
            message: item.message,
          });
        } else {
          const prepared = await this.prepare(ingestion, session, item.ref, async () => {
            if (signal.aborted) await checkpoint();
          });
          if (prepared) {
            batch.push(prepared);
            batchChunks += prepared.chunks.length;
            if (
              batch.length >= this.options.batchDocuments ||
              batchChunks >= this.options.batchChunks
            ) {
              await flush();
            }
          }
        }
      }
      await flush();
      await checkpoint();
      // Only a listing that ran to its end, and saw everything, may delete.
      if (listing.end?.complete === false) {
        this.deps.logger.warn('listing incomplete; no document removed', {
          ingestionId: ingestion.id,
          reason: listing.end.reason,
        });
        return;
      }
      for (const gone of await ledger.listDocumentsNotSeen(
        ingestion.collectionId,
        ingestion.sourceKey,
        ingestion.id,
      )) {
        await untilIndexAnswers(() => index.deleteDocument(collectionId, gone.id));
        await ledger.deleteDocument(gone.id);
      }
      // Succeeded means searchable: a question asked right after finds every document.
      await untilIndexAnswers(() => index.refresh(collectionId));
    } finally {
      await session.close?.().catch(() => undefined);
    }
  }

  /**
   * Runs an index call; while the index is unavailable (down, restarting, overloaded) waits and
   * tries again, for as long as it takes: the outage is no fault of the ingestion, and the work
   * done so far stays. Every write is idempotent (a document's chunks are replaced whole), so a
   * try that failed half-way is simply made again. `interrupted` throws when the run must stop
   * (canceled, lease lost, worker stopping), which ends the wait.
   */
  private async untilIndexAnswers<T>(
    ingestionId: string,
    work: () => Promise<T>,
    signal: AbortSignal,
    interrupted: () => Promise<void>,
  ): Promise<T> {
    const { first, max } = this.options.indexRetryMs;
    for (let delayMs = first; ; delayMs = Math.min(max, delayMs * 2)) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof SearchIndexUnavailableError)) throw error;
        this.deps.logger.warn('search index unavailable; the ingestion waits for it', {
          ingestionId,
          error: error.message,
          reason: error.reason,
          retryInMs: delayMs,
        });
        await sleep(delayMs, undefined, { signal }).catch(() => undefined);
        await interrupted();
      }
    }
  }

  /** Decides what to do with a listed document; returns it ready to embed when it changed. */
  private async prepare(
    ingestion: IngestionRecord,
    session: SourceSession,
    ref: DocumentRef,
    /** Throws when the run was interrupted (lock lost, canceled, worker stopping). */
    throwIfInterrupted: () => Promise<void>,
  ): Promise<PreparedDocument | null> {
    const { ledger } = this.deps;
    const admission = await ledger.admitDocument({
      ingestionId: ingestion.id,
      collectionId: ingestion.collectionId,
      sourceKey: ingestion.sourceKey,
      sourceId: ref.sourceId,
      version: ref.version,
      links: documentLinks(ref),
    });
    // Unchanged, listed twice, or already handled before a restart.
    if (admission !== 'index') return null;
    try {
      const content = ref.content ?? (await session.fetch(ref));
      const documentId = documentIdFor(ingestion.collectionId, ingestion.sourceKey, ref.sourceId);
      return await this.pipeline.prepare(ref, content, documentId);
    } catch (error) {
      // An interrupted fetch or parse is no fault of the document: the resumed run reads it again.
      await throwIfInterrupted();
      // A SourceError is the source's (credentials, throttling, a dead source): it fails the
      // ingestion. Anything else, a DocumentError above all (the SDK client's per-document
      // request failures are), fails this document only; so does `source_not_found`, a
      // document gone since it was listed.
      if (error instanceof SourceError && error.code !== 'source_not_found') throw error;
      await ledger.recordFailure({
        ingestionId: ingestion.id,
        sourceId: ref.sourceId,
        docName: ref.title,
        message: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }

  private async credentialsFor(
    connector: SourceConnector<unknown>,
    spec: Record<string, unknown>,
    ingestion: IngestionRecord,
  ): Promise<SourceCredentials> {
    const mode = connector.authModeFor(spec);
    const token = typeof spec.token === 'string' ? spec.token : '';
    if (mode === 'basic') {
      return { mode, username: String(spec.username ?? ''), token };
    }
    if (mode === 'bearer') return { mode, token };
    const credentials = await this.deps.connections.credentials(
      ingestion.accountId,
      ingestion.type,
    );
    if (!credentials) {
      throw new SourceError(
        'source_auth_failed',
        `This account's ${ingestion.type} connection was removed; reconnect it or pass a token.`,
      );
    }
    return credentials;
  }
}

/** The listing's items; what `discover` returned at its end lands in `into.end`. */
async function* untilEnd(
  listing: AsyncGenerator<DiscoveryItem, IncompleteListing | void, undefined>,
  into: { end?: IncompleteListing | void },
): AsyncGenerator<DiscoveryItem, void, undefined> {
  into.end = yield* listing;
}
