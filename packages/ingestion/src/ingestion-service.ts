import { checkUrlAllowed, UrlNotAllowedError } from '@docent/connector-sdk';
import type { CollectionIngestionsCanceler, CollectionResolver } from '@docent/catalog';
import { decodeCursor, encodeCursor, pageSize } from '@docent/catalog';
import type { SecretBox } from '@docent/credentials-vault';
import { InvalidRequestError, NotFoundError, SourceNotConnectedError } from '@docent/domain-errors';
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
import { INGEST_JOB, finalizeJobId, ingestBatchJobId, ingestJobId } from './ingest-job';
import { ingestionLockHolder } from './ingestion-lease';
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
  now?: () => Date;
}

export class IngestionService implements CollectionIngestionsCanceler {
  private readonly now: () => Date;

  constructor(private readonly deps: IngestionServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async create(accountId: string, input: CreateIngestionInput): Promise<IngestionRecord> {
    return this.start(await this.prepare(accountId, input));
  }

  /**
   * Checks a source as `create_ingestion` gives it (spec, connection, URLs) and makes its
   * namespace and collection, ready to ingest now and, for a schedule, again later.
   */
  async prepare(accountId: string, input: CreateIngestionInput): Promise<SourceToIngest> {
    const { connectors } = this.deps;
    const connector = connectors.get(input.type);
    const validation = connector.validateSpec(input.spec);
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
    const { redacted, secrets } = splitSecrets(spec, connector.secretFields);
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

  /** Records an ingestion of a prepared source and queues it. */
  async start(source: SourceToIngest): Promise<IngestionRecord> {
    const run = this.newRun(source, newIngestionId(this.now().getTime()));
    const record = await this.deps.store.createIngestion(run);
    await this.enqueue(record.id);
    return record;
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

  /** Queues a recorded ingestion; idempotent (the job id is the ingestion's). */
  async enqueue(ingestionId: string): Promise<void> {
    await this.deps.queue.enqueue(INGEST_JOB, { ingestionId }, { jobId: ingestJobId(ingestionId) });
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
  ): Promise<IngestionView> {
    const record = await this.find(accountId, namespaceName, collectionName, ingestionId);
    await this.cancelRecord(record);
    return this.view((await this.deps.store.getIngestion(record.id))!);
  }

  async cancelAllForCollection(collectionId: string): Promise<void> {
    for (const record of await this.deps.store.listIngestionsByStatus(collectionId, [
      'queued',
      'running',
    ])) {
      await this.cancelRecord(record);
    }
  }

  private async cancelRecord(record: IngestionRecord): Promise<void> {
    const { store, queue, collectionLock } = this.deps;
    // Listed before the cancel: a batch recorded after it finds its ingestion ended and stops.
    const batches = await store.listPendingBatches(record.id);
    const ended = await store.cancelIngestion(record.id, this.now());
    const jobIds = [
      ingestJobId(record.id),
      ...batches.map((seq) => ingestBatchJobId(record.id, seq)),
      finalizeJobId(record.id),
    ];
    for (const jobId of jobIds) await queue.cancel(jobId);
    if (!ended) return;
    // A running job frees the collection itself once it stopped writing (a collection delete
    // waits for that); with none running, nothing would until the lease lapsed.
    const jobs = await Promise.all(jobIds.map((jobId) => queue.getJob(jobId)));
    if (!jobs.some((job) => job?.state === 'active')) {
      await collectionLock.unlock(record.collectionId, ingestionLockHolder(record.id));
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
