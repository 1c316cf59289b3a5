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
    const { store, connectors } = this.deps;
    const connector = connectors.get(input.type);
    const validation = connector.validateSpec(input.spec);
    if (!validation.ok) throw new InvalidRequestError('The spec is not valid.', validation.errors);
    const spec = validation.spec as Record<string, unknown>;

    if (
      connector.authModeFor(validation.spec) === 'oauth' &&
      !(await this.deps.connections.has(accountId, input.type))
    ) {
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
    const id = newIngestionId(this.now().getTime());
    const { redacted, secrets } = splitSecrets(spec, connector.secretFields);
    const record = await store.createIngestion({
      id,
      accountId,
      collectionId: collection.id,
      type: input.type,
      spec: redacted,
      secrets: secrets ? this.deps.secrets.sealJson(secrets, id) : null,
      sourceKey: hashSourceKey(connector.sourceKey(validation.spec)),
      createdAt: this.now(),
    });
    await this.deps.queue.enqueue(INGEST_JOB, { ingestionId: id }, { jobId: ingestJobId(id) });
    return record;
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
    const namespace = await resolver.namespace(accountId, query.namespaceName);
    const collectionId = query.collectionName
      ? (await resolver.collection(accountId, query.namespaceName, query.collectionName)).collection
          .id
      : undefined;
    const page = await store.listIngestions({
      namespaceId: namespace.id,
      collectionId,
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
    const [failures, warnings] = await Promise.all([
      this.deps.store.listFailures(record.id, FAILURES_SHOWN),
      this.deps.store.listWarnings(record.id, FAILURES_SHOWN),
    ]);
    return { ...record, failures, warnings };
  }
}
