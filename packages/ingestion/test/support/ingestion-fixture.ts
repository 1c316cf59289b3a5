import { randomBytes } from 'node:crypto';
import {
  DocumentError,
  SourceError,
  type DiscoveryItem,
  type DocumentRef,
  type IncompleteListing,
  type SourceConnector,
  type SourceHttpClient,
} from '@docent/connector-sdk';
import { CollectionResolver } from '@docent/catalog';
import { SecretBox } from '@docent/credentials-vault';
import { DependencyMonitor } from '@docent/dependency-health';
import type { Embedder } from '@docent/embedder';
import { DependencyUnavailableError } from '@docent/domain-errors';
import {
  InlineJobQueue,
  PermanentJobError,
  type JobContext,
  type JobHandlerRegistration,
  type JobQueue,
} from '@docent/job-queue';
import {
  openMetadataStore,
  type IngestionLedger,
  type MetadataStore,
} from '@docent/metadata-store';
import {
  EmbeddedSearchIndex,
  type SearchIndex,
  SearchIndexUnavailableError,
} from '@docent/search-index';
import {
  ConnectorRegistry,
  IngestionReconciler,
  IngestionRunner,
  IngestionService,
  JOB_CATALOG,
  type IngestionRunnerOptions,
  NO_SOURCE_CONNECTIONS,
  SILENT_LOGGER,
  rejectAllFiles,
} from '../../src';

/** Hashed bag of words: a deterministic, model-free embedder for domain tests. */
export class BagOfWordsEmbedder implements Embedder {
  readonly modelId = 'test/bag-of-words';
  readonly dimensions = 64;
  readonly maxTokens = 40;
  calls = 0;

  countTokens(text: string): number {
    return text.split(/\s+/).filter(Boolean).length;
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    this.calls++;
    return texts.map((t) => this.vector(t));
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return this.vector(text);
  }

  async close(): Promise<void> {}

  private vector(text: string): Float32Array {
    const v = new Float32Array(this.dimensions);
    for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      let h = 0;
      for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
      v[h % this.dimensions]! += 1;
    }
    const norm = Math.hypot(...v) || 1;
    return v.map((x) => x / norm);
  }
}

export interface ScriptedPage {
  id: string;
  title: string;
  version: string;
  text: string;
  /** Reading it fails as a per-document problem. */
  broken?: boolean;
  /** What fetching it throws instead (a request failure, a source failure…). */
  fetchError?: Error;
  /** Its links; default `https://wiki.test/<id>` and no page links. */
  url?: string;
  pageUrlTemplate?: string;
}

/**
 * A connector whose listing is a script: pages in batches with a checkpoint after each, and
 * optionally an error after some batches (a listing cut short).
 */
export class ScriptedSource {
  pages: ScriptedPage[] = [];
  batchSize = 3;
  /** Throw this after yielding this many batches. */
  failAfterBatches: { batches: number; error: Error } | null = null;
  /** Resume positions `discover` was called with. */
  readonly discoverCalls: Array<string | null> = [];
  /** Abort the listing (as a crash would) after this many documents. */
  crashAfterDocuments: number | null = null;
  /** Called when this page is fetched, before it is served (stop the worker, cancel…). */
  onFetch: { pageId: string; run: () => Promise<void> | void } | null = null;
  /** Refs carry their content, as Confluence's and Notion's listings do. */
  inlineContent = false;
  /** What the connector declares its titles to be. */
  documentNameStyle: 'title' | 'file' | undefined = undefined;
  /** What `discover` returns once every batch was listed (incomplete: nothing deleted). */
  listingEnd: IncompleteListing | undefined = undefined;
  /** Pages fetched, in order. */
  readonly fetches: string[] = [];
}

function contentOf(page: ScriptedPage) {
  return {
    kind: 'parsed' as const,
    document: {
      pages: [{ pageNum: 1, blocks: [{ kind: 'paragraph' as const, text: page.text }] }],
    },
  };
}

export function scriptedConnector(
  source: ScriptedSource,
): SourceConnector<{ space: string; token?: string }> {
  return {
    type: 'WIKI',
    authModes: ['bearer'],
    get documentNameStyle() {
      return source.documentNameStyle;
    },
    secretFields: ['token'],
    validateSpec: (spec) => ({ ok: true, spec: spec as { space: string; token?: string } }),
    authModeFor: () => 'bearer',
    sourceKey: (spec) => `scripted:${spec.space}`,
    sourceUrls: () => [],
    async open() {
      return {
        async check() {},
        async *discover(
          checkpoint: string | null,
        ): AsyncGenerator<DiscoveryItem, IncompleteListing | void> {
          source.discoverCalls.push(checkpoint);
          let batch = checkpoint ? Number(checkpoint) : 0;
          let yielded = 0;
          for (
            let start = batch * source.batchSize;
            start < source.pages.length;
            start += source.batchSize
          ) {
            if (source.failAfterBatches && batch >= source.failAfterBatches.batches)
              throw source.failAfterBatches.error;
            for (const page of source.pages.slice(start, start + source.batchSize)) {
              if (source.crashAfterDocuments !== null && yielded >= source.crashAfterDocuments) {
                // Once: the retried job lists on.
                source.crashAfterDocuments = null;
                throw new SimulatedCrash();
              }
              yielded++;
              yield {
                type: 'document',
                ref: source.inlineContent
                  ? { ...refOf(page), content: contentOf(page) }
                  : refOf(page),
              };
            }
            batch++;
            yield { type: 'checkpoint', checkpoint: String(batch) };
          }
          return source.listingEnd;
        },
        async fetch(ref: DocumentRef) {
          source.fetches.push(ref.sourceId);
          if (source.onFetch?.pageId === ref.sourceId) await source.onFetch.run();
          const page = source.pages.find((p) => p.id === ref.sourceId);
          if (!page) throw new SourceError('source_not_found', `page ${ref.sourceId} is gone`);
          if (page.fetchError) throw page.fetchError;
          if (page.broken) throw new DocumentError('the page body could not be parsed');
          return contentOf(page);
        },
      };
    },
  };
}

export class SimulatedCrash extends Error {}

function refOf(page: ScriptedPage): DocumentRef {
  return {
    sourceId: page.id,
    version: page.version,
    title: page.title,
    url: page.url ?? `https://wiki.test/${page.id}`,
    ...(page.pageUrlTemplate === undefined ? {} : { pageUrlTemplate: page.pageUrlTemplate }),
  };
}

/**
 * An index outage as the runner meets it: after `afterWrites` successful writes, the next
 * `failures` writes (ensureCollection, replaceDocumentChunks, deleteDocument) throw
 * SearchIndexUnavailableError, as the Elasticsearch adapter does when its cluster is down.
 */
export interface IndexOutage {
  afterWrites: number;
  failures: number;
  /** Writes refused so far. */
  refused: number;
}

const WRITES = new Set([
  'ensureCollection',
  'replaceDocumentChunks',
  'replaceDocumentsChunks',
  'deleteDocument',
]);

function withOutages(
  index: SearchIndex,
  outage: () => IndexOutage | null,
  beforeWrite: () => (() => Promise<void>) | null,
): SearchIndex {
  let writes = 0;
  return new Proxy(index, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !WRITES.has(String(property))) return value;
      return async (...args: unknown[]) => {
        if (property === 'replaceDocumentsChunks') await beforeWrite()?.();
        const current = outage();
        if (current && writes >= current.afterWrites && current.refused < current.failures) {
          current.refused++;
          throw new SearchIndexUnavailableError(
            'Elasticsearch bulk write: ConnectionError',
            'connect ECONNREFUSED 127.0.0.1:9200',
          );
        }
        writes++;
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
}

/**
 * The database as the runner's ledger meets it: while `down`, every call throws what the
 * TypeORM adapter throws for an unreachable PostgreSQL.
 */
function withDatabaseOutage(ledger: IngestionLedger, down: () => boolean): IngestionLedger {
  return new Proxy(ledger, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (down()) {
          throw new DependencyUnavailableError(
            'database',
            'The metadata database is unavailable; retry later.',
            'connect ECONNREFUSED 127.0.0.1:5432',
          );
        }
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
}

export interface IngestionFixture {
  store: MetadataStore;
  /** While true, the runner's ledger (and the monitor's probe of it) fail as PostgreSQL down. */
  databaseDown: boolean;
  /** Runs before the batch's next index write (once), e.g. to cancel the ingestion meanwhile. */
  beforeIndexWrite: (() => Promise<void>) | null;
  index: EmbeddedSearchIndex;
  /** Set to make the index the runner writes to unavailable for a while. */
  indexOutage: IndexOutage | null;
  embedder: BagOfWordsEmbedder;
  source: ScriptedSource;
  service: IngestionService;
  runner: IngestionRunner;
  /** The reconciler over the same store, queue and index (its passes run when a test asks). */
  reconciler: IngestionReconciler;
  /** Outages the runner noted (probed through the store and the index). */
  dependencies: DependencyMonitor;
  /** The queue as it is now (`loseQueue` replaces it). */
  queue: InlineJobQueue;
  /** As Redis restarted without persistence: the worker stops, every job is forgotten. */
  loseQueue(): Promise<void>;
  /** The queue fails this job for good the next time it runs, as after too many stalls. */
  failJobOnce: string | null;
  /** While true, enqueue, getJob and cancel fail as BullMQ's do with Redis down. */
  queueDown: boolean;
  /** Delays the queue waited (backoff, retry-later), in order; it waits none of them. */
  delays: number[];
  accountId: string;
  /** Creates an ingestion (its listing job waits in the queue) and returns its id. */
  create(collection?: string, space?: string): Promise<string>;
  /** Starts the worker (if stopped) and waits until no job is left to run. */
  run(): Promise<void>;
  /** Starts the worker (if stopped) without waiting. */
  start(): Promise<void>;
  /** Stops the worker: running jobs are aborted and go back to the queue. */
  stop(): Promise<void>;
  /** Runs one job's handler once, outside the queue, as a worker would. */
  runJobOnce(name: string, payload: unknown, context?: Partial<JobContext>): Promise<void>;
  close(): Promise<void>;
}

const http: SourceHttpClient = {
  request: async () => {
    throw new Error('the scripted source makes no HTTP call');
  },
};

export async function ingestionFixture(
  options: IngestionRunnerOptions & { concurrency?: number } = {},
): Promise<IngestionFixture> {
  const store = await openMetadataStore({ kind: 'sqlite', path: ':memory:' });
  const index = new EmbeddedSearchIndex({ path: ':memory:' });
  const embedder = new BagOfWordsEmbedder();
  const source = new ScriptedSource();
  const connectors = new ConnectorRegistry([scriptedConnector(source) as SourceConnector<unknown>]);
  const secrets = new SecretBox(randomBytes(32));
  const delays: number[] = [];
  const newQueue = () =>
    new InlineJobQueue({
      jobs: JOB_CATALOG,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
  let queue = newQueue();
  let queueDown = false;
  // What the runner, the service and the reconciler hold: whichever queue is current.
  const currentQueue = new Proxy({} as JobQueue, {
    get(_target, property) {
      const value: unknown = Reflect.get(queue, property);
      if (typeof value !== 'function') return value;
      if (['enqueue', 'getJob', 'cancel'].includes(String(property))) {
        return async (...args: unknown[]) => {
          if (queueDown) {
            throw new DependencyUnavailableError(
              'queue',
              `The job queue is unavailable (${String(property)}); retry later.`,
              'no answer from Redis within 3000 ms',
            );
          }
          return (value as (...a: unknown[]) => unknown).apply(queue, args);
        };
      }
      return (value as () => unknown).bind(queue);
    },
  });
  const resolver = new CollectionResolver(store.catalog);
  let databaseDown = false;
  let beforeIndexWrite: (() => Promise<void>) | null = null;
  const dependencies = new DependencyMonitor({
    probes: {
      database: async () => {
        if (databaseDown) throw new Error('still down');
        await store.health();
      },
      queue: async () => {
        if (queueDown) throw new Error('still down');
      },
      index: () => index.health(),
    },
    probeIntervalMs: 20,
    logger: SILENT_LOGGER,
  });
  const service = new IngestionService({
    store: store.ingestions,
    queue: currentQueue,
    dependencies,
    collectionLock: store.collectionLock,
    resolver,
    connectors,
    secrets,
    connections: NO_SOURCE_CONNECTIONS,
    endpoints: {},
    allowPrivateNetwork: false,
  });
  let indexOutage: IndexOutage | null = null;
  const { concurrency = 1, ...runnerOptions } = options;
  const runner = new IngestionRunner(
    {
      ledger: withDatabaseOutage(store.ledger, () => databaseDown),
      collectionLock: store.collectionLock,
      index: withOutages(
        index,
        () => indexOutage,
        () => {
          const hook = beforeIndexWrite;
          beforeIndexWrite = null;
          return hook;
        },
      ),
      embedder,
      connectors,
      secrets,
      http,
      connections: NO_SOURCE_CONNECTIONS,
      endpoints: {},
      parseFile: rejectAllFiles,
      logger: SILENT_LOGGER,
      queue: currentQueue,
      workerId: 'test-worker',
      dependencies,
    },
    { batchDocuments: 2, cancelPollMs: 0, outageRetryMs: { first: 1, max: 4 }, ...runnerOptions },
  );
  let failJobOnce: string | null = null;
  const handlers: JobHandlerRegistration<never>[] = runner.jobHandlers().map(({ job, handle }) => ({
    job,
    handle: (async (payload: never, context: JobContext) => {
      if (context.jobId === failJobOnce) {
        failJobOnce = null;
        throw new PermanentJobError('simulated: the queue gave up on this job');
      }
      return handle(payload, context);
    }) as JobHandlerRegistration<never>['handle'],
  }));
  const reconciler = new IngestionReconciler(
    {
      reconciliation: store.reconciliation,
      ledger: store.ledger,
      collectionLock: store.collectionLock,
      queue: currentQueue,
      index,
      dependencies,
    },
    { outageLimitMs: runnerOptions.outageLimitMs },
  );
  let started = false;
  const start = async () => {
    if (!started) {
      await queue.start(handlers, { concurrency });
      started = true;
    }
  };
  const account = await store.accounts.ensureAccount('acme');
  return {
    store,
    get databaseDown() {
      return databaseDown;
    },
    set databaseDown(down) {
      databaseDown = down;
    },
    get beforeIndexWrite() {
      return beforeIndexWrite;
    },
    set beforeIndexWrite(hook) {
      beforeIndexWrite = hook;
    },
    index,
    get indexOutage() {
      return indexOutage;
    },
    set indexOutage(outage) {
      indexOutage = outage;
    },
    embedder,
    source,
    service,
    runner,
    reconciler,
    dependencies,
    get queue() {
      return queue;
    },
    async loseQueue() {
      await queue.close();
      queue = newQueue();
      started = false;
    },
    get failJobOnce() {
      return failJobOnce;
    },
    get queueDown() {
      return queueDown;
    },
    set queueDown(down) {
      queueDown = down;
    },
    set failJobOnce(jobId) {
      failJobOnce = jobId;
    },
    delays,
    accountId: account.id,
    async create(collection = 'kb', space = 'ENG') {
      const record = await service.create(account.id, {
        namespaceName: 'docs',
        collectionName: collection,
        type: 'WIKI',
        spec: { space, token: 'secret-token' },
      });
      return record.id;
    },
    async run() {
      await start();
      await queue.whenIdle(20_000);
    },
    start,
    async stop() {
      await queue.stop(5_000);
      started = false;
    },
    async runJobOnce(name, payload, context = {}) {
      const handler = handlers.find((h) => h.job.name === name);
      if (!handler) throw new Error(`no handler for ${name}`);
      await (handler.handle as (p: unknown, c: JobContext) => Promise<void>)(payload, {
        jobId: `${name}-by-hand`,
        attempt: 1,
        signal: new AbortController().signal,
        ...context,
      });
    },
    async close() {
      dependencies.close();
      await queue.close();
      await index.close();
      await store.close();
    },
  };
}
