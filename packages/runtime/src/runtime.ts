import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ApiKeyService, UserAccountService } from '@docent/accounts';
import { ExtractiveAnswerer, OpenAiAnswerer, type Answerer } from '@docent/answerers';
import { CatalogService, CollectionResolver } from '@docent/catalog';
import { createSourceHttpClient, type SourceConnector } from '@docent/connector-sdk';
import { DriveConnector } from '@docent/connector-drive';
import { pagesConnector } from '@docent/connector-pages';
import { wikiConnector } from '@docent/connector-wiki';
import { createFileParser } from '@docent/document-parsers';
import { loadSecretKey, SecretBox } from '@docent/credentials-vault';
import { createEmbedder, type Embedder } from '@docent/embedder';
import {
  ConnectorRegistry,
  IngestionRunner,
  IngestionService,
  JOB_CATALOG,
  type Logger,
} from '@docent/ingestion';
import {
  BullMqJobQueue,
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
import { fileClock } from './test-clock';
import {
  prometheusIngestionMetrics,
  registerEmbedderCpuMetrics,
} from './prometheus-ingestion-metrics';
import { bullMqQueueSettings, newWorkerId } from './worker-identity';

export interface Runtime {
  config: DocentConfig;
  logger: Logger;
  /** The metadata database, one adapter per role; services below take only their roles. */
  store: MetadataStore;
  queue: JobQueue;
  index: SearchIndex;
  embedder: Embedder;
  apiKeys: ApiKeyService;
  /** Users (email + password) and their browser sessions. */
  users: UserAccountService;
  /** OAuth connections of accounts to the sources (also the ingestion's SourceConnections). */
  connections: OAuthConnectionService;
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
  /** Enqueues again the ingestions that may have lost their job (idempotent by job id). */
  recoverPendingIngestions(): Promise<void>;
  /** One entry per dependency: `ok` or why not. */
  readiness(): Promise<Record<string, string>>;
  /** Graceful: running ingestions are handed back to the queue, then everything closes. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger: Logger;
  /** Extra connectors (tests, third parties); the built-in ones are always registered. */
  connectors?: SourceConnector<unknown>[];
  /** This runtime's worker id (default: a new one), shared with a BullMQ Worker Nest hosts. */
  workerId?: string;
}

/** The composition root: picks an adapter for every port from the configuration. */
export async function buildRuntime(
  config: DocentConfig,
  options: RuntimeOptions,
): Promise<Runtime> {
  const { logger } = options;
  mkdirSync(config.dataDir, { recursive: true });

  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };
  try {
    const store = await openMetadataStore(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'sqlite', path: join(config.dataDir, 'docent.sqlite') },
    );
    closers.push(() => store.close());

    const apiKeys = new ApiKeyService(store.accounts);
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
    const index = openSearchIndex(config);
    closers.push(() => index.close());

    const workerId = options.workerId ?? newWorkerId();
    const queue: JobQueue = config.redisUrl
      ? new BullMqJobQueue({ ...bullMqQueueSettings(config, workerId), jobs: JOB_CATALOG })
      : new SqliteJobQueue({
          path: join(config.dataDir, 'queue.sqlite'),
          jobs: JOB_CATALOG,
          workerId,
        });
    closers.push(() => queue.close());

    const http = createSourceHttpClient({
      allowPrivateNetwork: config.allowPrivateNetwork,
      retry: { maxRetryTimeMs: config.sourceRetryBudgetMs },
    });
    const connectors = new ConnectorRegistry([
      wikiConnector as SourceConnector<unknown>,
      new DriveConnector({ apiUrl: config.endpoints.driveApiUrl }) as SourceConnector<unknown>,
      pagesConnector as SourceConnector<unknown>,
      ...(options.connectors ?? []),
    ]);
    // Files are parsed in worker threads (memory cap, timeout): a bad file fails alone.
    const parseFile = createFileParser();
    closers.push(() => parseFile.close());
    const endpoints = { ...config.endpoints };
    const users = new UserAccountService(store.accounts);
    const connections = new OAuthConnectionService({
      store: store.oauth,
      secrets,
      clients: config.oauthClients,
      publicUrl: config.publicUrl,
      endpoints: config.endpoints,
    });
    const resolver = new CollectionResolver(store.catalog);
    const ingestions = new IngestionService({
      store: store.ingestions,
      queue,
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
    const answerer: Answerer =
      config.answerer === 'openai'
        ? new OpenAiAnswerer({
            baseUrl: config.openai.baseUrl,
            apiKey: config.openai.apiKey,
            model: config.openai.model!,
          })
        : new ExtractiveAnswerer({
            embedTexts: (texts) => embedder.embedDocuments(texts),
            embedQuery: (text) => embedder.embedQuery(text),
            minEvidence: config.notFoundThreshold,
          });
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
        queue,
        workerId,
        metrics: prometheusIngestionMetrics(metrics),
      },
      {
        // A dead worker's hold on a collection lapses as fast as its hold on the job.
        lockTtlMs: config.queue.lockMs,
        chunkTokens: config.chunkTokens,
        batchDocuments: config.ingestion.batchDocuments,
        listingAheadBatches: config.ingestion.listingAheadBatches,
        inlineContentBytes: config.ingestion.inlineContentBytes,
        indexOutageLimitMs: config.ingestion.indexOutageLimitMs,
      },
    );

    const jobHandlers = runner.jobHandlers();
    const recoverPendingIngestions = async () => {
      // Idempotent by job id: only what a lost queue (or a crash between a ledger write and its
      // enqueue) is missing gets enqueued.
      for (const id of await store.ingestions.listIngestionIdsByStatus(['queued', 'running'])) {
        const ingestion = await store.ingestions.getIngestion(id);
        if (ingestion) await ingestions.enqueue(ingestion);
        await runner.enqueueRecorded(id);
      }
    };
    return {
      config,
      logger,
      store,
      queue,
      index,
      embedder,
      apiKeys,
      users,
      connections,
      resolver,
      ingestions,
      schedules,
      catalog,
      ask,
      jobHandlers,
      startScheduler: () => schedulerLoop.start(),
      stopScheduler: () => schedulerLoop.stop(),
      metrics,
      recoverPendingIngestions,
      async startWorker() {
        await queue.start(jobHandlers, { concurrency: config.workerConcurrency });
        await recoverPendingIngestions();
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
        return {
          database: await check(() => store.health()),
          queue: await check(() => queue.health()),
          index: await check(() => index.health()),
        };
      },
      async close() {
        // No run may be enqueued once the queue stops.
        await schedulerLoop.stop();
        // Hands running jobs back to the queue (a no-op when this process runs none).
        await queue.stop(30_000).catch(() => undefined);
        await closeAll();
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** Elasticsearch when configured, else the embedded index in the data directory. */
function openSearchIndex(config: DocentConfig): SearchIndex {
  const es = config.elasticsearch;
  if (!es) return new EmbeddedSearchIndex({ path: join(config.dataDir, 'index.sqlite') });
  return new ElasticsearchSearchIndex({
    node: es.url,
    auth: es.apiKey
      ? { apiKey: es.apiKey }
      : es.username
        ? { username: es.username, password: es.password ?? '' }
        : undefined,
    indexPrefix: es.indexPrefix,
    // Writes become searchable within the refresh interval (1 s) instead of waiting for it.
    refresh: false,
    rrf: 'client',
  });
}

export { isEmbedded };
