import { isIP } from 'node:net';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseBootstrapKeys, type BootstrapKey } from '@docent/accounts';
import { TOKENIZERS, type TokenizerName } from '@docent/answerers';
import { modelCalibration, type ModelDtype } from '@docent/embedder';
import { ConnectorLoadError, loadConnectors, type CheckedDescriptor } from '@docent/connectors';
import type { OAuthClientConfig } from '@docent/oauth-connections';

export type Environment = Readonly<Record<string, string | undefined>>;

export interface DocentConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** BullMQ: key prefix (one Redis can host several deployments) and job lock duration. */
  queue: { prefix: string; lockMs: number };
  elasticsearch: ElasticsearchConfig | undefined;
  bootstrapApiKeys: BootstrapKey[];
  secretKey: string | undefined;
  allowPrivateNetwork: boolean;
  /** The built-in connectors and those `DOCENT_CONNECTORS` names, checked. */
  connectors: CheckedDescriptor[];
  /** The connectors' endpoints by name (`driveApiUrl`...): their variables, else defaults. */
  endpoints: Record<string, string>;
  publicUrl: string;
  /**
   * Proxies (CIDRs) whose `X-Forwarded-For` names the client: the attempt limits count per
   * client address, which behind a proxy is otherwise the proxy's.
   */
  trustedProxies: string[];
  /** OAuth apps by source type (`DOCENT_OAUTH_<TYPE>_*`); a type without one cannot connect. */
  oauthClients: Record<string, OAuthClientConfig>;
  modelsDir: string;
  embeddingModel: string;
  /** Weights of a local model (which ONNX file); undefined: the model profile's. */
  embeddingDtype: ModelDtype | undefined;
  /** Weight of the vector leg against BM25's 1 when the two rankings are fused. */
  vectorWeight: number;
  /** `convex` (normalised scores) or `rrf` (ranks) to fuse BM25 and vectors. */
  fusion: 'convex' | 'rrf';
  /** Target chunk size in embedder tokens; longer than the model's cap is embedded in windows. */
  chunkTokens: number;
  /** The extractive answerer says "not found" below this evidence score. */
  notFoundThreshold: number;
  /**
   * The extractive answerer's floor on the similarity of an asked-for word the collection lacks
   * to the answering sentence: the embedding model's measured one; undefined: not checked.
   */
  askedWordSimilarity: number | undefined;
  /** Inference threads of the local embedding model; undefined: every core. */
  embeddingThreads: number | undefined;
  /** Download a missing local model from the Hugging Face hub (with a progress bar). */
  allowModelDownload: boolean;
  /**
   * The folder of the extractive answerer's cross-encoder (scripts/fetch-reranker.sh lays it
   * out); undefined: answers are chosen without one.
   */
  rerankerDir: string | undefined;
  answerer: 'extractive' | 'openai';
  /** The `openai:` embedder's endpoint (and the answer model's, unless `llm` names its own). */
  openai: { baseUrl: string; apiKey: string | undefined; model: string | undefined };
  /** The answer model of `DOCENT_ANSWERER=openai`. */
  llm: {
    provider: 'openai' | 'azure';
    baseUrl: string;
    apiKey: string | undefined;
    model: string | undefined;
    /** Azure's `api-version`. */
    apiVersion: string;
    /** The prompt's budget in tokens. */
    contextTokens: number;
    /** Overrides the tokenizer the model's family would get. */
    tokenizer: TokenizerName | undefined;
    /** One answer's time limit, retries included. */
    timeoutMs: number;
  };
  /** How long one source request is retried (429, 503, network) before giving up. */
  sourceRetryBudgetMs: number;
  /** Ingestion jobs (a listing, a batch, a finalize step) one worker process runs at once. */
  workerConcurrency: number;
  /** How one ingestion is cut into jobs. */
  ingestion: {
    /** Documents per batch job. */
    batchDocuments: number;
    /** Batches the listing may record ahead of those committed before it hands its job back. */
    listingAheadBatches: number;
    /** Largest content the listing carries (as JSON) that rides in the batch instead of a fetch. */
    inlineContentBytes: number;
    /**
     * The outage budget: how long an ingestion waits for an unavailable database, queue or
     * index before it fails `internal`, naming the dependency.
     */
    outageLimitMs: number;
    /** Time between two passes of the reconciler (every process that runs jobs runs one). */
    reconcileIntervalMs: number;
  };
  /**
   * The operator port serving Prometheus `/metrics` (the api's and a worker's); undefined: none.
   * Never the public port: the counts (logins, sign-ups by status) are not for everyone.
   */
  metricsPort: number | undefined;
  /** Requests per minute and API key. */
  rateLimitPerMinute: number;
  /** How often a worker process looks for due schedules. */
  schedulerPollMs: number;
  /** Tests only: the schedules read the time from this file (an ISO date-time). */
  testClockFile: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

export interface ElasticsearchConfig {
  url: string;
  apiKey?: string;
  username?: string;
  password?: string;
  indexPrefix: string;
  /** Where new collections go: shared indices (routed, filtered by collection) or one index each. */
  layout: 'shared' | 'dedicated';
  /** Shared indices per embedding size. */
  sharedIndices: number;
  /** Chunks past which `pnpm es:layout migrate` gives a collection an index of its own; 0: never. */
  dedicatedThreshold: number;
  /** Replicas of the indices the service creates; undefined: the cluster's default (1). */
  replicas: number | undefined;
  /** In shared indices, weigh query words by their IDF within the collection. */
  collectionIdf: boolean;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Embedded mode: no external infrastructure, one process runs everything. */
export function isEmbedded(config: DocentConfig): boolean {
  return !config.databaseUrl && !config.redisUrl && !config.elasticsearch;
}

export function loadConfig(env: Environment = process.env): DocentConfig {
  const port = integer(env, 'PORT', 8080, 1, 65535);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const esUrl = url(env, 'ELASTICSEARCH_URL', ['http:', 'https:']);
  const answerer = oneOf(env, 'DOCENT_ANSWERER', ['extractive', 'openai'] as const, 'extractive');
  const embeddingModel = env.DOCENT_EMBEDDING_MODEL || 'Xenova/bge-small-en-v1.5';
  // Chunk size, fusion weight and "not found" threshold default to what was measured for the model.
  const calibration = modelCalibration(embeddingModel);
  const connectors = connectorsOf(env);
  const config: DocentConfig = {
    port,
    dataDir: resolve(env.DOCENT_DATA_DIR || './data'),
    databaseUrl,
    redisUrl,
    queue: {
      prefix: name(env, 'DOCENT_QUEUE_PREFIX', 'docent'),
      lockMs: integer(env, 'DOCENT_QUEUE_LOCK_MS', 30_000, 1_000, 600_000),
    },
    elasticsearch: esUrl
      ? {
          url: esUrl,
          apiKey: env.ELASTICSEARCH_API_KEY || undefined,
          username: env.ELASTICSEARCH_USERNAME || undefined,
          password: env.ELASTICSEARCH_PASSWORD || undefined,
          indexPrefix: name(env, 'DOCENT_ES_INDEX_PREFIX', 'docent'),
          layout: oneOf(env, 'DOCENT_ES_LAYOUT', ['shared', 'dedicated'] as const, 'shared'),
          sharedIndices: integer(env, 'DOCENT_ES_SHARED_INDICES', 2, 1, 1_000),
          dedicatedThreshold: integer(
            env,
            'DOCENT_ES_DEDICATED_THRESHOLD',
            100_000,
            0,
            1_000_000_000,
          ),
          replicas: env.DOCENT_ES_REPLICAS
            ? integer(env, 'DOCENT_ES_REPLICAS', 0, 0, 16)
            : undefined,
          collectionIdf: boolean(env, 'DOCENT_ES_COLLECTION_IDF', true),
        }
      : undefined,
    bootstrapApiKeys: (() => {
      try {
        return parseBootstrapKeys(env.DOCENT_BOOTSTRAP_API_KEYS);
      } catch (error) {
        throw new ConfigError((error as Error).message);
      }
    })(),
    secretKey: env.DOCENT_SECRET_KEY || undefined,
    allowPrivateNetwork: boolean(env, 'DOCENT_ALLOW_PRIVATE_NETWORK', false),
    connectors,
    endpoints: connectorEndpoints(env, connectors),
    publicUrl: (
      url(env, 'DOCENT_PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
    ).replace(/\/+$/, ''),
    trustedProxies: cidrs(env, 'DOCENT_TRUSTED_PROXIES'),
    oauthClients: oauthClients(env, connectors),
    modelsDir: resolve(env.DOCENT_MODELS_DIR || join(homedir(), '.cache', 'docent', 'models')),
    embeddingModel,
    embeddingDtype: env.DOCENT_EMBEDDING_DTYPE
      ? oneOf(env, 'DOCENT_EMBEDDING_DTYPE', ['fp32', 'fp16', 'q8'] as const, 'fp32')
      : undefined,
    chunkTokens: integer(env, 'DOCENT_CHUNK_TOKENS', calibration.chunkTokens, 32, 4096),
    vectorWeight: ratio(env, 'DOCENT_VECTOR_WEIGHT', calibration.vectorWeight),
    fusion: oneOf(env, 'DOCENT_FUSION', ['convex', 'rrf'] as const, 'convex'),
    notFoundThreshold: ratio(env, 'DOCENT_NOT_FOUND_THRESHOLD', calibration.minEvidence, 1),
    askedWordSimilarity: calibration.askedWordSimilarity,
    embeddingThreads: env.DOCENT_EMBEDDING_THREADS
      ? integer(env, 'DOCENT_EMBEDDING_THREADS', 0, 1, 256)
      : undefined,
    allowModelDownload: boolean(env, 'DOCENT_ALLOW_MODEL_DOWNLOAD', true),
    rerankerDir: env.DOCENT_RERANKER_DIR ? resolve(env.DOCENT_RERANKER_DIR) : undefined,
    answerer,
    openai: {
      baseUrl: (
        url(env, 'OPENAI_BASE_URL', ['http:', 'https:']) ?? 'https://api.openai.com/v1'
      ).replace(/\/+$/, ''),
      apiKey: env.OPENAI_API_KEY || undefined,
      model: env.DOCENT_LLM_MODEL || undefined,
    },
    llm: {
      provider: oneOf(env, 'DOCENT_LLM_PROVIDER', ['openai', 'azure'] as const, 'openai'),
      baseUrl: (
        url(env, 'DOCENT_LLM_BASE_URL', ['http:', 'https:']) ??
        url(env, 'OPENAI_BASE_URL', ['http:', 'https:']) ??
        'https://api.openai.com/v1'
      ).replace(/\/+$/, ''),
      apiKey: env.DOCENT_LLM_API_KEY || env.OPENAI_API_KEY || undefined,
      model: env.DOCENT_LLM_MODEL || undefined,
      apiVersion: env.DOCENT_LLM_API_VERSION || '2024-10-21',
      contextTokens: integer(env, 'DOCENT_LLM_CONTEXT_TOKENS', 6_000, 256, 1_000_000),
      tokenizer: env.DOCENT_LLM_TOKENIZER
        ? oneOf(env, 'DOCENT_LLM_TOKENIZER', TOKENIZERS, 'o200k_base')
        : undefined,
      timeoutMs: integer(env, 'DOCENT_LLM_TIMEOUT_MS', 60_000, 1_000, 600_000),
    },
    sourceRetryBudgetMs: integer(env, 'DOCENT_SOURCE_RETRY_BUDGET_MS', 120_000, 0, 3_600_000),
    workerConcurrency: integer(env, 'DOCENT_WORKER_CONCURRENCY', 2, 1, 64),
    ingestion: {
      batchDocuments: integer(env, 'DOCENT_BATCH_DOCUMENTS', 16, 1, 1_000),
      listingAheadBatches: integer(env, 'DOCENT_LISTING_AHEAD_BATCHES', 32, 1, 100_000),
      // DOCENT_INDEX_OUTAGE_LIMIT_MS is the budget's former name (the index's alone).
      outageLimitMs: integer(
        env,
        env.DOCENT_OUTAGE_LIMIT_MS ? 'DOCENT_OUTAGE_LIMIT_MS' : 'DOCENT_INDEX_OUTAGE_LIMIT_MS',
        30 * 60_000,
        1_000,
        24 * 3_600_000,
      ),
      reconcileIntervalMs: integer(env, 'DOCENT_RECONCILE_INTERVAL_MS', 15_000, 100, 3_600_000),
      inlineContentBytes: integer(
        env,
        'DOCENT_BATCH_INLINE_BYTES',
        256 * 1024,
        0,
        16 * 1024 * 1024,
      ),
    },
    metricsPort: env.DOCENT_METRICS_PORT
      ? integer(env, 'DOCENT_METRICS_PORT', 0, 1, 65535)
      : undefined,
    rateLimitPerMinute: integer(env, 'DOCENT_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    schedulerPollMs: integer(env, 'DOCENT_SCHEDULER_POLL_MS', 10_000, 50, 600_000),
    testClockFile: env.DOCENT_TEST_CLOCK_FILE ? resolve(env.DOCENT_TEST_CLOCK_FILE) : undefined,
    logLevel: oneOf(env, 'DOCENT_LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
  };
  if (config.answerer === 'openai' && !config.llm.model) {
    throw new ConfigError(
      'DOCENT_ANSWERER=openai needs DOCENT_LLM_MODEL (and DOCENT_LLM_BASE_URL / DOCENT_LLM_API_KEY, or OPENAI_BASE_URL / OPENAI_API_KEY)',
    );
  }
  if (
    config.answerer === 'openai' &&
    config.llm.provider === 'azure' &&
    !/\/openai\/deployments\/[^/]+$/.test(config.llm.baseUrl)
  ) {
    throw new ConfigError(
      'DOCENT_LLM_PROVIDER=azure needs DOCENT_LLM_BASE_URL to be a deployment URL: https://<resource>.openai.azure.com/openai/deployments/<deployment>',
    );
  }
  if (
    config.embeddingModel.startsWith('openai:') &&
    !config.openai.apiKey &&
    !env.OPENAI_BASE_URL
  ) {
    throw new ConfigError(
      'DOCENT_EMBEDDING_MODEL=openai:… needs OPENAI_BASE_URL or OPENAI_API_KEY',
    );
  }
  return config;
}

function integer(
  env: Environment,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}`);
  }
  return value;
}

function name(env: Environment, variable: string, fallback: string): string {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(raw)) {
    throw new ConfigError(`${variable} must be 1-40 lower-case letters, digits, _ or -`);
  }
  return raw;
}

/** `DOCENT_CONNECTORS`: the built-in connectors and the packages it names, checked. */
function connectorsOf(env: Environment): CheckedDescriptor[] {
  try {
    return loadConnectors({ packages: env.DOCENT_CONNECTORS, baseDir: process.cwd() });
  } catch (error) {
    if (error instanceof ConnectorLoadError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * The endpoints the connectors declare (`DOCENT_DRIVE_API_URL`...), from their variables or
 * their defaults. Connectors share one map, so two may not declare one name.
 */
function connectorEndpoints(
  env: Environment,
  connectors: readonly CheckedDescriptor[],
): Record<string, string> {
  const endpoints: Record<string, string> = {};
  const owners = new Map<string, string>();
  for (const { descriptor } of connectors) {
    for (const [name, endpoint] of Object.entries(descriptor.endpoints ?? {})) {
      const owner = owners.get(name);
      if (owner !== undefined) {
        throw new ConfigError(
          `DOCENT_CONNECTORS: the ${descriptor.type} connector declares endpoint ${name}, which the ${owner} connector already declares`,
        );
      }
      owners.set(name, descriptor.type);
      endpoints[name] = url(env, endpoint.env, ['http:', 'https:']) ?? endpoint.default;
    }
  }
  return endpoints;
}

/**
 * `DOCENT_OAUTH_<TYPE>_{CLIENT_ID,CLIENT_SECRET,AUTHORIZE_URL,TOKEN_URL}` for each connector
 * with an OAuth provider: a type is configured when its client id is set; the URLs default to
 * the provider's, from the connector's descriptor.
 */
function oauthClients(
  env: Environment,
  connectors: readonly CheckedDescriptor[],
): Record<string, OAuthClientConfig> {
  const clients: Record<string, OAuthClientConfig> = {};
  for (const { descriptor } of connectors) {
    const provider = descriptor.oauth;
    if (!provider) continue;
    const prefix = `DOCENT_OAUTH_${descriptor.type}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    if (!clientId) continue;
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (!clientSecret) {
      throw new ConfigError(`${prefix}CLIENT_SECRET is required with ${prefix}CLIENT_ID`);
    }
    clients[descriptor.type] = {
      clientId,
      clientSecret,
      authorizeUrl:
        url(env, `${prefix}AUTHORIZE_URL`, ['http:', 'https:']) ?? provider.authorizeUrl,
      tokenUrl: url(env, `${prefix}TOKEN_URL`, ['http:', 'https:']) ?? provider.tokenUrl,
    };
  }
  return clients;
}

/** `DOCENT_TRUSTED_PROXIES`: comma-separated IP addresses or CIDRs (IPv4 or IPv6). */
function cidrs(env: Environment, name: string): string[] {
  const raw = env[name];
  if (!raw?.trim()) return [];
  return raw.split(',').map((entry) => {
    const value = entry.trim();
    const [address = '', bits, extra] = value.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const valid =
      family !== 0 &&
      extra === undefined &&
      (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max));
    if (!valid) {
      throw new ConfigError(
        `${name} must be IP addresses or CIDRs (e.g. 10.0.0.0/8), comma-separated`,
      );
    }
    return bits === undefined ? `${address}/${max}` : value;
  });
}

function ratio(env: Environment, name: string, fallback: number, max = 10): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new ConfigError(`${name} must be a number between 0 and ${max}`);
  }
  return value;
}

function boolean(env: Environment, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false`);
}

function oneOf<T extends string>(
  env: Environment,
  name: string,
  values: readonly T[],
  fallback: T,
): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${values.join(', ')}`);
  }
  return raw as T;
}

/** Validates a URL variable without ever echoing it (it may carry a password). */
function url(env: Environment, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}
