import { join } from 'node:path';
import { ApiKeyService, UserAccountService } from '@docent/accounts';
import { ExtractiveAnswerer, type Answerer } from '@docent/answerers';
import { CatalogService, CollectionResolver } from '@docent/catalog';
import { createSourceHttpClient, type OAuthProviderDescriptor } from '@docent/connector-sdk';
import { createConnectors, type LoadedConnector } from '@docent/connectors';
import { createFileParser } from '@docent/document-parsers';
import { loadSecretKey, SecretBox } from '@docent/credentials-vault';
import { DependencyMonitor } from '@docent/dependency-health';
import { createEmbedder, type Embedder } from '@docent/embedder';
import {
  ConnectorRegistry,
  IngestionReconciler,
  IngestionRunner,
  IngestionService,
  JOB_CATALOG,
  type Logger,
} from '@docent/ingestion';
import {
  BullMqJobQueue,
  isRedisUnavailable,
  SqliteJobQueue,
  type JobHandlerRegistration,
  type JobQueue,
} from '@docent/job-queue';
import { openMetadataStore, type MetadataStore } from '@docent/metadata-store';
import { OAuthConnectionService } from '@docent/oauth-connections';
import { ScheduleService, Scheduler, SchedulerLoop } from '@docent/schedules';
import { AskService } from '@docent/retrieval';
import {
  ElasticsearchSearchIndex,
  EmbeddedSearchIndex,
  type SearchIndex,
} from '@docent/search-index';
import { Registry } from 'prom-client';
import { isEmbedded, type DocentConfig } from './config';
import { preparePrivateDataDir } from './private-data-dir';
import { GuardedSearchIndex } from './guarded-search-index';
import { fileClock } from './test-clock';
import {
  prometheusDependencyMetrics,
  prometheusReconcilerMetrics,
} from './prometheus-dependency-metrics';
import {
  prometheusIngestionMetrics,
  registerEmbedderCpuMetrics,
} from './prometheus-ingestion-metrics';
import { elasticsearchIndexOptions } from './elasticsearch-settings';
import { bullMqQueueSettings, newWorkerId } from './worker-identity';
import { answerModelOf } from './answer-model';
import { meteredAnswerer } from './metered-answerer';
import { sentenceReranker } from './sentence-reranker';
import { extractiveThresholds } from './extractive-thresholds';

const ANSWER_MODEL_PROBE_MS = 5_000;

/** `probe`, run again only once its last result is older than `maxAgeMs`. */
function cachedProbe(probe: () => Promise<void>, maxAgeMs: number): () => Promise<void> {
  let last: { at: number; result: Promise<void> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > maxAgeMs) {
      const result = probe();
      result.catch(() => undefined);
      last = { at: Date.now(), result };
    }
    return last.result;
  };
}

export interface Runtime {
  config: DocentConfig;
  logger: Logger;
  /** The metadata database, one adapter per role; services below take only their roles. */
  store: MetadataStore;
  queue: JobQueue;
  /** The index as the services use it: reads fail at once while it is known to be down. */
  index: SearchIndex;
  embedder: Embedder;
  /** Outages of the database, queue and index as this process sees them. */
  dependencies: DependencyMonitor;
  apiKeys: ApiKeyService;
  /** Users (email + password) and their browser sessions. */
  users: UserAccountService;
  /** OAuth connections of accounts to the sources (also the ingestion's SourceConnections). */
  connections: OAuthConnectionService;
  /** The connectors this deployment runs (built-in and `DOCENT_CONNECTORS`). */
  connectors: LoadedConnector[];
  resolver: CollectionResolver;
  ingestions: IngestionService;
  /** Scheduled re-syncs of the account's sources. */
  schedules: ScheduleService;
  catalog: CatalogService;
  ask: AskService;
  /** Every job handler, one per declared job (checked by the queue at start-up). */
  jobHandlers: JobHandlerRegistration<never>[];
  /** This process's own Prometheus metrics (the ingestion pipeline's stages). */
  metrics: Registry;
  /** Starts consuming ingestion jobs in this process (the queue's own worker). */
  startWorker(): Promise<void>;
  /** Fires due schedules from this process (any number of processes may). */
  startScheduler(): void;
  stopScheduler(): Promise<void>;
  /**
   * Runs the reconciler in this process (one pass at once, then on its interval): the queue is
   * made to match what the database says each ingestion still has to do.
   */
  startReconciler(): Promise<void>;
  /** One entry per dependency: `ok` or why not. */
  readiness(): Promise<Record<string, string>>;
  /** Graceful: running ingestions are handed back to the queue, then everything closes. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger: Logger;
  /** This runtime's worker id (default: a new one), shared with a BullMQ Worker Nest hosts. */
  workerId?: string;
}

/** The SQLite file of each embedded adapter, in the data directory. */
const EMBEDDED_FILES = {
  metadata: 'docent.sqlite',
  queue: 'queue.sqlite',
  index: 'index.sqlite',
} as const;

/**
 * The files of the embedded adapters this configuration uses: each one whose server is not
 * configured, on the same conditions the openers in buildRuntime and openSearchIndex choose by.
 */
function embeddedFiles(config: DocentConfig): string[] {
  return [
    ...(config.databaseUrl ? [] : [EMBEDDED_FILES.metadata]),
    ...(config.redisUrl ? [] : [EMBEDDED_FILES.queue]),
    ...(config.elasticsearch ? [] : [EMBEDDED_FILES.index]),
  ];
}

/** The composition root: picks an adapter for every port from the configuration. */
export async function buildRuntime(
  config: DocentConfig,
  options: RuntimeOptions,
): Promise<Runtime> {
  const { logger } = options;
  preparePrivateDataDir(config.dataDir, embeddedFiles(config), (message) => logger.warn(message));

  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };
  try {
    const store = await openMetadataStore(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'sqlite', path: join(config.dataDir, EMBEDDED_FILES.metadata) },
    );
    closers.push(() => store.close());

    // Wrong keys are counted in the metadata database, which every api process shares.
    const apiKeys = new ApiKeyService(store.accounts, { throttle: store.accounts });
    await apiKeys.bootstrap(config.bootstrapApiKeys);

    const secrets = new SecretBox(
      loadSecretKey({
        configured: config.secretKey,
        dataDir: config.dataDir,
        allowGenerate: !config.databaseUrl,
      }),
    );

    const embedder = await createEmbedder({
      model: config.embeddingModel,
      modelsDir: config.modelsDir,
      allowDownload: config.allowModelDownload,
      threads: config.embeddingThreads,
      dtype: config.embeddingDtype,
      openai: { baseUrl: config.openai.baseUrl, apiKey: config.openai.apiKey },
    });
    closers.push(() => embedder.close());

    const metrics = new Registry();
    registerEmbedderCpuMetrics(metrics, embedder);
    const rawIndex = openSearchIndex(config);
    closers.push(() => rawIndex.close());

    const workerId = options.workerId ?? newWorkerId();
    const onQueueError = (error: Error) => {
      // Redis going away shows as a stream of connection errors: one outage, logged once.
      if (isRedisUnavailable(error)) dependencies.noteFailure('queue', error.message);
      else logger.warn('job queue error', { error: error.message });
    };
    const jobQueue: JobQueue = config.redisUrl
      ? new BullMqJobQueue({
          ...bullMqQueueSettings(config, workerId),
          jobs: JOB_CATALOG,
          onError: onQueueError,
        })
      : new SqliteJobQueue({
          path: join(config.dataDir, EMBEDDED_FILES.queue),
          jobs: JOB_CATALOG,
          workerId,
          onError: onQueueError,
        });
    closers.push(() => jobQueue.close());

    // Probes run only while a dependency is seen down, until it answers again.
    const dependencies = new DependencyMonitor({
      probes: {
        database: () => store.health(),
        queue: () => jobQueue.health(),
        index: () => rawIndex.health(),
      },
      logger,
      metrics: prometheusDependencyMetrics(metrics),
    });
    closers.push(async () => dependencies.close());
    const index = new GuardedSearchIndex(rawIndex, dependencies);

    const http = createSourceHttpClient({
      allowPrivateNetwork: config.allowPrivateNetwork,
      retry: { maxRetryTimeMs: config.sourceRetryBudgetMs },
    });
    const loadedConnectors = createConnectors(config.connectors, config.endpoints);
    const connectors = new ConnectorRegistry(loadedConnectors);
    // Files are parsed in worker threads (memory cap, timeout): a bad file fails alone.
    const parseFile = createFileParser();
    closers.push(() => parseFile.close());
    const endpoints = { ...config.endpoints };
    const users = new UserAccountService(store.accounts);
    const connections = new OAuthConnectionService({
      store: store.oauth,
      secrets,
      providers: oauthProviders(loadedConnectors),
      clients: config.oauthClients,
      publicUrl: config.publicUrl,
      endpoints: config.endpoints,
    });
    const resolver = new CollectionResolver(store.catalog);
    const ingestions = new IngestionService({
      store: store.ingestions,
      queue: jobQueue,
      logger,
      dependencies,
      collectionLock: store.collectionLock,
      resolver,
      connectors,
      secrets,
      connections,
      endpoints,
      allowPrivateNetwork: config.allowPrivateNetwork,
    });
    // Tests move the schedules' time through a file; everything else keeps the real clock.
    const scheduleClock = config.testClockFile ? fileClock(config.testClockFile) : undefined;
    const schedules = new ScheduleService({
      store: store.schedules,
      ingestions,
      resolver,
      secrets,
      now: scheduleClock,
    });
    const schedulerLoop = new SchedulerLoop(
      new Scheduler({ store: store.schedules, ingestions, secrets, logger, now: scheduleClock }),
      { pollMs: config.schedulerPollMs, logger },
    );
    const catalog = new CatalogService(
      store.catalog,
      store.collectionLock,
      index,
      resolver,
      ingestions,
    );
    const answerModel = answerModelOf(config);
    const reranker =
      answerModel || config.rerankerDir === undefined
        ? undefined
        : sentenceReranker(config.rerankerDir, config.embeddingThreads);
    if (reranker) closers.push(() => reranker.close());
    const answerer: Answerer = meteredAnswerer(
      answerModel ??
        new ExtractiveAnswerer({
          embedTexts: (texts) => embedder.embedDocuments(texts),
          embedQuery: (text) => embedder.embedQuery(text),
          ...extractiveThresholds(config),
          ...(reranker && { rankSentences: reranker.rank }),
        }),
      metrics,
      config.answerer,
    );
    // /readyz is polled: the answer model's endpoint is probed at most every few seconds.
    const answerModelCheck = answerModel
      ? cachedProbe(() => answerModel.probe(), ANSWER_MODEL_PROBE_MS)
      : null;
    const ask = new AskService(store.catalog, index, embedder, answerer, resolver, {
      vectorWeight: config.vectorWeight,
      fusion: config.fusion,
    });
    const runner = new IngestionRunner(
      {
        ledger: store.ledger,
        collectionLock: store.collectionLock,
        index,
        embedder,
        connectors,
        secrets,
        http,
        connections,
        endpoints,
        parseFile,
        logger,
        queue: jobQueue,
        workerId,
        dependencies,
        metrics: prometheusIngestionMetrics(metrics),
      },
      {
        // A dead worker's hold on a collection lapses as fast as its hold on the job.
        lockTtlMs: config.queue.lockMs,
        chunkTokens: config.chunkTokens,
        // Ingestion computes what the configured answerer keeps per chunk, and nothing else.
        chunkExtras: answerer.chunkExtras,
        batchDocuments: config.ingestion.batchDocuments,
        listingAheadBatches: config.ingestion.listingAheadBatches,
        inlineContentBytes: config.ingestion.inlineContentBytes,
        outageLimitMs: config.ingestion.outageLimitMs,
      },
    );
    const reconciler = new IngestionReconciler(
      {
        reconciliation: store.reconciliation,
        ledger: store.ledger,
        collectionLock: store.collectionLock,
        queue: jobQueue,
        index,
        dependencies,
        logger,
        metrics: prometheusReconcilerMetrics(metrics),
      },
      {
        intervalMs: config.ingestion.reconcileIntervalMs,
        outageLimitMs: config.ingestion.outageLimitMs,
        lockTtlMs: config.queue.lockMs,
      },
    );
    closers.push(() => reconciler.stop());

    const jobHandlers = runner.jobHandlers();
    const startReconciler = async () => {
      // A first pass before anything else: what the queue lost while no worker ran comes back.
      await reconciler.reconcile();
      reconciler.start();
    };
    return {
      config,
      logger,
      store,
      queue: jobQueue,
      index,
      embedder,
      dependencies,
      apiKeys,
      users,
      connections,
      connectors: loadedConnectors,
      resolver,
      ingestions,
      schedules,
      catalog,
      ask,
      jobHandlers,
      startScheduler: () => schedulerLoop.start(),
      stopScheduler: () => schedulerLoop.stop(),
      metrics,
      startReconciler,
      async startWorker() {
        await jobQueue.start(jobHandlers, { concurrency: config.workerConcurrency });
        await startReconciler();
        logger.info('worker started', { workerId, concurrency: config.workerConcurrency });
      },
      async readiness() {
        const check = async (probe: () => Promise<void>) => {
          try {
            await probe();
            return 'ok';
          } catch (error) {
            return error instanceof Error ? error.message : String(error);
          }
        };
        // Side by side: a poll of /readyz waits for the slowest probe, not for their sum.
        const [database, queue, searchIndex, answerModelState] = await Promise.all([
          check(() => store.health()),
          check(() => jobQueue.health()),
          check(() => index.health()),
          answerModelCheck ? check(answerModelCheck) : null,
        ]);
        return {
          database,
          queue,
          index: searchIndex,
          ...(answerModelState !== null && { answer_model: answerModelState }),
        };
      },
      async close() {
        // No run may be enqueued once the queue stops.
        await schedulerLoop.stop();
        await reconciler.stop();
        // Hands running jobs back to the queue (a no-op when this process runs none).
        await jobQueue.stop(30_000).catch(() => undefined);
        await closeAll();
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** The OAuth providers of the connectors that have one, by type. */
function oauthProviders(
  connectors: readonly LoadedConnector[],
): Record<string, OAuthProviderDescriptor> {
  const providers: Record<string, OAuthProviderDescriptor> = {};
  for (const { descriptor } of connectors) {
    if (descriptor.oauth) providers[descriptor.type] = descriptor.oauth;
  }
  return providers;
}

/** Elasticsearch when configured, else the embedded index in the data directory. */
function openSearchIndex(config: DocentConfig): SearchIndex {
  const es = config.elasticsearch;
  if (!es) return new EmbeddedSearchIndex({ path: join(config.dataDir, EMBEDDED_FILES.index) });
  return new ElasticsearchSearchIndex(elasticsearchIndexOptions(es));
}

export { isEmbedded };
