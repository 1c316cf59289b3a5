import { Client, type ClientOptions } from '@elastic/elasticsearch';
import { type Bm25Weights, DEFAULT_BM25_WEIGHTS } from '../bm25/bm25-weights';
import { DEFAULT_RRF_K } from '../fusion/reciprocal-rank-fusion';
import { type BulkRetryOptions, type BulkWriterOptions } from './bulk-writer';
import { secretScrubber } from './elasticsearch-errors';
import { type CollectionIndexSettings } from './index-definition';
import { assertIndexPrefix } from './index-layout';
import { type CollectionLayout } from './collection-placement';
import { type RrfMode } from './rrf-retriever-support';
import { weightedFields } from './search-requests';

export type ElasticsearchAuth = { apiKey: string } | { username: string; password: string };

export interface ElasticsearchSearchIndexOptions {
  /** A client to use (not closed by `close()`); otherwise one is made from `node` and `auth`. */
  client?: Client;
  node?: string | string[];
  auth?: ElasticsearchAuth;
  /** Extra options for the client this adapter makes (TLS, timeouts, connection class...). */
  clientOptions?: Omit<ClientOptions, 'node' | 'nodes' | 'auth' | 'cloud'>;
  /** Every index and alias is named `<prefix>-…`. Default `docent`. */
  indexPrefix?: string;
  /**
   * Where new collections go: `shared` (default), into one of `sharedIndices` indices per
   * dimension count, routed and filtered by a collection key; or `dedicated`, an index each.
   * Existing collections stay where they are (see the README's migration).
   */
  layout?: CollectionLayout;
  /** Shared indices per dimension count (new collections are spread over them). Default 2. */
  sharedIndices?: number;
  /**
   * Chunks past which a shared collection belongs in an index of its own: the layout maintenance
   * (`migrateLayout`, `pnpm es:layout migrate`) moves it there. Default 100,000; 0: never.
   */
  dedicatedThreshold?: number;
  /**
   * How long a search trusts the place of a collection it read from the registry (another
   * process may move it). Writes always read it afresh. Default 10,000 ms.
   */
  placementCacheMs?: number;
  /** `wait_for` (default): a write returns once searches see it, as in the embedded index. */
  refresh?: 'wait_for' | false;
  /** How hybrid searches are fused; see {@link RrfMode}. Default `client`. */
  rrf?: RrfMode;
  /** Reciprocal Rank Fusion constant k. Default 60. */
  rankConstant?: number;
  /** Operations per bulk request. Default 500. */
  bulkBatchSize?: number;
  /** Bytes per bulk request. Default 10 MiB. */
  bulkMaxBytes?: number;
  /** Bulk requests in flight at once (a large document's batches). Default 2. */
  bulkConcurrency?: number;
  /** Retries of operations rejected with 429. Default 5 attempts, 200 ms doubling to 5 s. */
  bulkRetry?: Partial<BulkRetryOptions>;
  /**
   * kNN `rescore_vector.oversample`: k × this many int8 candidates per shard are rescored with
   * the float vectors, so ranks follow the exact cosine order. 0 turns rescoring off. Default 2.
   */
  vectorOversample?: number;
  /**
   * In a shared index, weigh each query word by its IDF within the collection rather than within
   * the shard it shares with other collections. Default true.
   */
  collectionIdf?: boolean;
  /** BM25F field weights: 0 leaves a field out, others must be >= 1. Default text 1, headings 2, title 1.5. */
  bm25Weights?: Partial<Bm25Weights>;
  /** Primary shards of a new index (shared or dedicated). Default 1. */
  numberOfShards?: number;
  /** Replicas of a new index (shared, dedicated, registry). Default: the cluster's (1). */
  numberOfReplicas?: number;
  /** `index.refresh_interval` of a new index. Default: the cluster's (1s). */
  refreshInterval?: string;
  /** How long `health()` waits for the cluster. Default 5000. */
  healthTimeoutMs?: number;
  /** Waits between bulk retries (tests inject one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source for bulk retries, in [0, 1). */
  random?: () => number;
  /**
   * A move between a shared and a dedicated index first waits this long for writes already under
   * way (they read the registry before the move began). Default 10,000 ms.
   */
  moveSettleMs?: number;
  /** Milliseconds now (tests move it); default `Date.now`. */
  clock?: () => number;
}

/** The options with defaults applied, every value checked. */
export interface ResolvedElasticsearchOptions {
  prefix: string;
  layout: CollectionLayout;
  sharedIndices: number;
  dedicatedThreshold: number;
  placementCacheMs: number;
  moveSettleMs: number;
  clock: () => number;
  rrf: RrfMode;
  rankConstant: number;
  /** `field^weight` for `combined_fields`; empty: no BM25 leg. */
  bm25Fields: string[];
  oversample: number;
  collectionIdf: boolean;
  indexSettings: CollectionIndexSettings;
  healthTimeoutMs: number;
  bulk: BulkWriterOptions;
}

export interface ElasticsearchConnection {
  client: Client;
  /** Whether `close()` closes the client (only one this adapter made). */
  ownsClient: boolean;
  /** Removes the credentials from a text. */
  scrub: (text: string) => string;
}

const DEFAULT_BULK_RETRY: BulkRetryOptions = {
  maxAttempts: 5,
  initialDelayMs: 200,
  maxDelayMs: 5000,
};

export function resolveOptions(
  options: ElasticsearchSearchIndexOptions,
): ResolvedElasticsearchOptions {
  const prefix = options.indexPrefix ?? 'docent';
  assertIndexPrefix(prefix);
  const refresh = options.refresh ?? 'wait_for';
  if (refresh !== 'wait_for' && refresh !== false) {
    throw new RangeError("refresh must be 'wait_for' or false");
  }
  const layout = options.layout ?? 'shared';
  if (layout !== 'shared' && layout !== 'dedicated') {
    throw new RangeError("layout must be 'shared' or 'dedicated'");
  }
  const rrf = options.rrf ?? 'client';
  if (rrf !== 'auto' && rrf !== 'retriever' && rrf !== 'client') {
    throw new RangeError("rrf must be 'auto', 'retriever' or 'client'");
  }
  const rankConstant = integer(options.rankConstant ?? DEFAULT_RRF_K, 'rankConstant', 1);
  const oversample = options.vectorOversample ?? 2;
  if (oversample !== 0 && !(oversample >= 1 && oversample <= 10)) {
    throw new RangeError('vectorOversample must be 0 or between 1 and 10');
  }
  const weights = { ...DEFAULT_BM25_WEIGHTS, ...options.bm25Weights };
  for (const [field, weight] of Object.entries(weights)) {
    // combined_fields reads a boost as a term-frequency multiplier and refuses boosts below 1.
    if (!Number.isFinite(weight) || (weight !== 0 && weight < 1)) {
      throw new RangeError(`bm25 weight for ${field} must be 0 or a finite number >= 1`);
    }
  }
  const retry = { ...DEFAULT_BULK_RETRY, ...options.bulkRetry };
  return {
    prefix,
    layout,
    sharedIndices: integer(options.sharedIndices ?? 2, 'sharedIndices', 1),
    dedicatedThreshold: integer(options.dedicatedThreshold ?? 100_000, 'dedicatedThreshold', 0),
    placementCacheMs: integer(options.placementCacheMs ?? 10_000, 'placementCacheMs', 0),
    moveSettleMs: integer(options.moveSettleMs ?? 10_000, 'moveSettleMs', 0),
    clock: options.clock ?? Date.now,
    rrf,
    rankConstant,
    bm25Fields: weightedFields(weights),
    oversample,
    collectionIdf: options.collectionIdf ?? true,
    indexSettings: {
      numberOfShards: integer(options.numberOfShards ?? 1, 'numberOfShards', 1),
      numberOfReplicas:
        options.numberOfReplicas === undefined
          ? undefined
          : integer(options.numberOfReplicas, 'numberOfReplicas', 0),
      refreshInterval: options.refreshInterval,
    },
    healthTimeoutMs: integer(options.healthTimeoutMs ?? 5000, 'healthTimeoutMs', 1),
    bulk: {
      batchSize: integer(options.bulkBatchSize ?? 500, 'bulkBatchSize', 1),
      maxBatchBytes: integer(options.bulkMaxBytes ?? 10 * 1024 * 1024, 'bulkMaxBytes', 1),
      concurrency: integer(options.bulkConcurrency ?? 2, 'bulkConcurrency', 1),
      retry: {
        maxAttempts: integer(retry.maxAttempts, 'bulkRetry.maxAttempts', 1),
        initialDelayMs: integer(retry.initialDelayMs, 'bulkRetry.initialDelayMs', 0),
        maxDelayMs: integer(retry.maxDelayMs, 'bulkRetry.maxDelayMs', 0),
      },
      refresh,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: options.random ?? Math.random,
    },
  };
}

/** The client given, or one made from `node` and `auth`. */
export function connect(options: ElasticsearchSearchIndexOptions): ElasticsearchConnection {
  const scrub = secretScrubber(secretsOf(options.auth));
  if (options.client) {
    if (options.node !== undefined || options.auth !== undefined) {
      throw new TypeError('pass either a client or node/auth, not both');
    }
    return { client: options.client, ownsClient: false, scrub };
  }
  if (options.node === undefined || options.node.length === 0) {
    throw new TypeError('ElasticsearchSearchIndex needs a node URL or a client');
  }
  const client = new Client({
    ...options.clientOptions,
    node: options.node,
    ...(options.auth && { auth: options.auth }),
  });
  return { client, ownsClient: true, scrub };
}

function secretsOf(auth: ElasticsearchAuth | undefined): string[] {
  if (auth === undefined) return [];
  if ('apiKey' in auth) return [auth.apiKey];
  return [auth.password, Buffer.from(`${auth.username}:${auth.password}`).toString('base64')];
}

function integer(value: number, name: string, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min}`);
  }
  return value;
}
