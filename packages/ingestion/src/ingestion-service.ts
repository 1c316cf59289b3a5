import { checkUrlAllowed, UrlNotAllowedError } from '@docent/connector-sdk';
import type { CollectionIngestionsCanceler, CollectionResolver } from '@docent/catalog';
import { decodeCursor, encodeCursor, pageSize } from '@docent/catalog';
import type { SecretBox } from '@docent/credentials-vault';
import type { DependencyMonitor } from '@docent/dependency-health';
import {
  IdempotencyKeyReusedError,
  InvalidRequestError,
  NotFoundError,
  SourceNotConnectedError,
  unavailableDependency,
} from '@docent/domain-errors';
import type { JobQueue } from '@docent/job-queue';
import type {
  CollectionLock,
  IngestionFailureRecord,
  IngestionRecord,
  IngestionStatus,
  IngestionStore,
  NewIngestion,
} from '@docent/metadata-store';
import type { ConnectorRegistry } from './connector-registry';
import { hashSourceKey, newIngestionId } from './ids';
import { outageReason } from './dependency-outage';
import {
  INGEST_JOB,
  finalizeJobId,
  ingestBatchJobId,
  ingestionJobOptions,
  ingestJobId,
  type QueuedIngestion,
} from './ingest-job';
import { ingestionLockHolder } from './ingestion-lease';
import { SILENT_LOGGER, type Logger } from './logger';
import type { SourceConnections } from './source-connections';
import { splitSecrets } from './spec-secrets';

/** Failures returned with an ingestion record (the first ones, in order). */
export const FAILURES_SHOWN = 1000;

export interface IngestionView extends IngestionRecord {
  failures: IngestionFailureRecord[];
  warnings: IngestionFailureRecord[];
  /** Documents skipped by rule (type, size), apart from the failures. */
  unsupported: IngestionFailureRecord[];
}

/** A checked source: what an ingestion of it, now or scheduled, is made of. */
export interface SourceToIngest {
  accountId: string;
  collectionId: string;
  type: string;
  /** The spec as stored and echoed, secrets replaced by `***`. */
  spec: Record<string, unknown>;
  /** The spec's secret fields in clear, sealed anew for each record that keeps them. */
  secrets: Record<string, unknown> | null;
  /** Hash of the connector's source key: one source of a collection. */
  sourceKey: string;
  /** The spec has no token: runs take the account's OAuth connection. */
  usesConnection: boolean;
}

export interface CreateIngestionInput {
  namespaceName: string;
  collectionName: string;
  type: string;
  spec: Record<string, unknown>;
}

/**
 * A create_ingestion's `Idempotency-Key` and the fingerprint of its request body: the same key
 * with the same body stands for one ingestion, with another body it is refused.
 */
export interface IdempotencyKey {
  key: string;
  fingerprint: string;
}

/** How long an Idempotency-Key stands for its ingestion. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

/** Who canceled an ingestion, for the log. */
export type CancelOrigin =
  | { kind: 'api_key'; accountId: string; apiKeyId: string }
  | { kind: 'session'; accountId: string }
  | { kind: 'collection_delete'; collectionId: string };

export interface IngestionServiceDeps {
  store: IngestionStore;
  queue: JobQueue;
  /** Freed when an ingestion is canceled, so the next one into the collection need not wait. */
  collectionLock: CollectionLock;
  resolver: CollectionResolver;
  connectors: ConnectorRegistry;
  secrets: SecretBox;
  connections: SourceConnections;
  endpoints: Readonly<Record<string, string>>;
  allowPrivateNetwork: boolean;
  logger?: Logger;
  /** Notes a queue found down when an ingestion is enqueued (logged once per outage). */
  dependencies?: DependencyMonitor;
  now?: () => Date;
}

export class IngestionService implements CollectionIngestionsCanceler {
  private readonly now: () => Date;
  private readonly logger: Logger;

  constructor(private readonly deps: IngestionServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.logger = deps.logger ?? SILENT_LOGGER;
  }

  /**
   * Checks the source and starts an ingestion of it. With an Idempotency-Key, a request sent
   * again (the same key and body) gets the ingestion the first one made, whatever became of
   * that request; the same key with another body is refused.
   */
  async create(
    accountId: string,
    input: CreateIngestionInput,
    idempotency?: IdempotencyKey,
  ): Promise<IngestionRecord> {
    if (idempotency) {
      const earlier = await this.earlierRun(accountId, idempotency);
      if (earlier) return earlier.ingestion;
    }
    const source = await this.prepare(accountId, input);
    const id = idempotency ? await this.claimRun(accountId, idempotency) : undefined;
    return this.start(source, id);
  }

  /**
   * The ingestion an earlier request with this key made, when it is recorded (a request that
   * died before recording it is taken up again under the same id); throws when the key came
   * with another body.
   */
  async earlierRun(
    accountId: string,
    idempotency: IdempotencyKey,
  ): Promise<{ ingestion: IngestionRecord; scheduleId: string | null } | null> {
    const claimed = await this.deps.store.findIdempotencyKey(
      accountId,
      idempotency.key,
      this.now(),
    );
    if (!claimed) return null;
    if (claimed.fingerprint !== idempotency.fingerprint) throw new IdempotencyKeyReusedError();
    const ingestion = await this.deps.store.getIngestion(claimed.ingestionId);
    if (!ingestion) return null;
    // Not started: its job may not have made it to the queue (enqueueing again is a no-op
    // otherwise). A started one has the reconciler to look after its jobs.
    if (ingestion.status === 'queued') {
      await this.enqueueOrLeaveToReconciler(ingestion, ingestion.listingGeneration);
    }
    return { ingestion, scheduleId: claimed.scheduleId };
  }

  /** Notes the schedule a keyed request made, for the requests sent again. */
  async noteScheduleOfKey(
    accountId: string,
    idempotency: IdempotencyKey,
    scheduleId: string,
  ): Promise<void> {
    await this.deps.store.setIdempotencyKeySchedule(accountId, idempotency.key, scheduleId);
  }

  /**
   * The ingestion id the key stands for: a new one claimed now, or the one a request racing
   * this one (or an earlier one that died before recording it) claimed.
   */
  async claimRun(accountId: string, idempotency: IdempotencyKey): Promise<string> {
    const at = this.now();
    const claimed = await this.deps.store.claimIdempotencyKey({
      accountId,
      key: idempotency.key,
      fingerprint: idempotency.fingerprint,
      ingestionId: newIngestionId(at.getTime()),
      createdAt: at,
      expiresAt: new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_MS),
    });
    if (claimed.fingerprint !== idempotency.fingerprint) throw new IdempotencyKeyReusedError();
    return claimed.ingestionId;
  }

  /**
   * Checks a source as `create_ingestion` gives it (spec, connection, URLs) and makes its
   * namespace and collection, ready to ingest now and, for a schedule, again later.
   */
  async prepare(accountId: string, input: CreateIngestionInput): Promise<SourceToIngest> {
    const { connectors } = this.deps;
    const registered = connectors.get(input.type);
    const { connector } = registered;
    const validation = registered.validateSpec(input.spec);
    if (!validation.ok) throw new InvalidRequestError('The spec is not valid.', validation.errors);
    const spec = validation.spec as Record<string, unknown>;

    const usesConnection = connector.authModeFor(validation.spec) === 'oauth';
    if (usesConnection && !(await this.deps.connections.has(accountId, input.type))) {
      throw new SourceNotConnectedError(input.type);
    }
    for (const url of connector.sourceUrls(validation.spec, this.deps.endpoints)) {
      try {
        await checkUrlAllowed(url, { allowPrivateNetwork: this.deps.allowPrivateNetwork });
      } catch (error) {
        if (!(error instanceof UrlNotAllowedError)) throw error;
        throw new InvalidRequestError('The source URL is not allowed.', [
          { field: 'spec.url', message: error.reason },
        ]);
      }
    }

    const { collection } = await this.deps.resolver.ensureCollection(
      accountId,
      input.namespaceName,
      input.collectionName,
    );
    const { redacted, secrets } = splitSecrets(spec, registered.descriptor.secretFields);
    return {
      accountId,
      collectionId: collection.id,
      type: input.type,
      spec: redacted,
      secrets,
      sourceKey: hashSourceKey(connector.sourceKey(validation.spec)),
      usesConnection,
    };
  }

  /**
   * Records an ingestion of a prepared source and queues it. The database is the record: with
   * the queue down, the ingestion stays queued and the reconciler enqueues its job once the
   * queue answers again (the caller has its id at once, and need not retry).
   */
  async start(
    source: SourceToIngest,
    id = newIngestionId(this.now().getTime()),
  ): Promise<IngestionRecord> {
    // Recorded once under its id: an id claimed by an Idempotency-Key may be started twice.
    const record = await this.deps.store.createIngestion(this.newRun(source, id));
    await this.enqueueOrLeaveToReconciler(record);
    return record;
  }

  /** `enqueue`, except that a queue found down leaves the job to the reconciler. */
  async enqueueOrLeaveToReconciler(ingestion: QueuedIngestion, generation = 0): Promise<void> {
    try {
      await this.enqueue(ingestion, generation);
    } catch (error) {
      if (unavailableDependency(error) !== 'queue') throw error;
      this.deps.dependencies?.noteFailure('queue', outageReason(error));
      this.logger.warn('ingestion recorded; its job is enqueued once the queue is back', {
        ingestionId: ingestion.id,
      });
    }
  }

  /**
   * The record of one run of a source, its secrets sealed for this ingestion alone (they are
   * deleted when it ends), for a caller that records it itself (the scheduler).
   */
  newRun(source: SourceToIngest, id: string): NewIngestion {
    return {
      id,
      accountId: source.accountId,
      collectionId: source.collectionId,
      type: source.type,
      spec: source.spec,
      secrets: source.secrets ? this.deps.secrets.sealJson(source.secrets, id) : null,
      sourceKey: source.sourceKey,
      createdAt: this.now(),
    };
  }

  /**
   * Queues a recorded ingestion in its account's fairness group; idempotent (the job id is the
   * ingestion's and its generation's).
   */
  private async enqueue(ingestion: QueuedIngestion, generation = 0): Promise<void> {
    await this.deps.queue.enqueue(
      INGEST_JOB,
      { ingestionId: ingestion.id },
      ingestionJobOptions(ingestion, ingestJobId(ingestion.id, generation)),
    );
  }

  /** Whether a source that runs on the account's OAuth connection still has one. */
  async stillConnected(
    source: Pick<SourceToIngest, 'accountId' | 'type' | 'usesConnection'>,
  ): Promise<boolean> {
    return !source.usesConnection || this.deps.connections.has(source.accountId, source.type);
  }

  async get(
    accountId: string,
    namespaceName: string,
    collectionName: string,
    ingestionId: string,
  ): Promise<IngestionView> {
    const record = await this.find(accountId, namespaceName, collectionName, ingestionId);
    return this.view(record);
  }

  async list(
    accountId: string,
    query: {
      namespaceName: string;
      collectionName?: string | null;
      status?: IngestionStatus | null;
      limit?: number | null;
      cursor?: string | null;
    },
  ): Promise<{ items: IngestionView[]; nextCursor: string | null }> {
    const { resolver, store } = this.deps;
    const page = await store.listIngestions({
      ...(await resolver.listScope(accountId, query.namespaceName, query.collectionName)),
      status: query.status ?? undefined,
      after: decodeCursor(query.cursor),
      limit: pageSize(query.limit),
    });
    return {
      items: await Promise.all(page.items.map((record) => this.view(record))),
      nextCursor: encodeCursor(page.nextAfter),
    };
  }

  /**
   * A queued or running ingestion ends `canceled` at once: its waiting jobs (listing, batches,
   * finalize) are removed from the queue and its running ones aborted, each stopping writing
   * within its next cancel poll (documents already indexed stay).
   */
  async cancel(
    accountId: string,
    namespaceName: string,
    collectionName: string,
    ingestionId: string,
    by: CancelOrigin = { kind: 'session', accountId },
  ): Promise<IngestionView> {
    const record = await this.find(accountId, namespaceName, collectionName, ingestionId);
    await this.cancelRecord(record, by);
    return this.view((await this.deps.store.getIngestion(record.id))!);
  }

  async cancelAllForCollection(collectionId: string): Promise<void> {
    for (const record of await this.deps.store.listIngestionsByStatus(collectionId, [
      'queued',
      'running',
    ])) {
      await this.cancelRecord(record, { kind: 'collection_delete', collectionId });
    }
  }

  private async cancelRecord(record: IngestionRecord, by: CancelOrigin): Promise<void> {
    const { store, queue, collectionLock } = this.deps;
    // Listed before the cancel: a batch recorded after it finds its ingestion ended and stops.
    const batches = await store.listPendingBatches(record.id);
    const ended = await store.cancelIngestion(record.id, this.now());
    if (ended) {
      this.logger.info('ingestion canceled', {
        ingestionId: record.id,
        collectionId: record.collectionId,
        by: by.kind,
        // Named keyId: the log redacts fields named like API keys, and an id is no secret.
        ...(by.kind === 'api_key' && { accountId: by.accountId, keyId: by.apiKeyId }),
        ...(by.kind === 'session' && { accountId: by.accountId }),
        wasStatus: record.status,
      });
    }
    const jobIds = [
      ingestJobId(record.id, record.listingGeneration),
      ...batches.map(({ seq, generation }) => ingestBatchJobId(record.id, seq, generation)),
      finalizeJobId(record.id, record.finalizeGeneration),
    ];
    try {
      for (const jobId of jobIds) await queue.cancel(jobId);
      if (!ended) return;
      // A running job frees the collection itself once it stopped writing (a collection delete
      // waits for that); with none running, nothing would until the lease lapsed.
      const jobs = await Promise.all(jobIds.map((jobId) => queue.getJob(jobId)));
      if (!jobs.some((job) => job?.state === 'active')) {
        await collectionLock.unlock(record.collectionId, ingestionLockHolder(record.id));
      }
    } catch (error) {
      // The cancel is recorded: the jobs find their ingestion ended when they run and write
      // nothing (the ledger's fence), and the last of them frees the collection. Removing them
      // from the queue only saves them the trip.
      if (unavailableDependency(error) !== 'queue') throw error;
      this.deps.dependencies?.noteFailure('queue', outageReason(error));
    }
  }

  private async find(
    accountId: string,
    namespaceName: string,
    collectionName: string,
    ingestionId: string,
  ): Promise<IngestionRecord> {
    const { collection } = await this.deps.resolver.collection(
      accountId,
      namespaceName,
      collectionName,
    );
    const record = await this.deps.store.getIngestion(ingestionId);
    if (!record || record.collectionId !== collection.id || record.accountId !== accountId) {
      throw new NotFoundError(
        `Ingestion ${ingestionId} does not exist in ${namespaceName}/${collectionName}.`,
      );
    }
    return record;
  }

  private async view(record: IngestionRecord): Promise<IngestionView> {
    const [failures, warnings, unsupported] = await Promise.all([
      this.deps.store.listFailures(record.id, FAILURES_SHOWN),
      this.deps.store.listWarnings(record.id, FAILURES_SHOWN),
      this.deps.store.listUnsupported(record.id, FAILURES_SHOWN),
    ]);
    return { ...record, failures, warnings, unsupported };
  }
}
