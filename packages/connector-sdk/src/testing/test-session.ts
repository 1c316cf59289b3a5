import type {
  ConnectorContext,
  SourceConnector,
  SourceCredentials,
  SourceSession,
} from '../connector';
import { createSourceHttpClient } from '../http/source-http-client';
import type { RetryPolicy, SourceHttpClient } from '../http/types';

export interface TestSessionOptions {
  /** Default: what the spec's `token` (and `username`) amount to; OAuth specs must give some. */
  credentials?: SourceCredentials;
  /** `context.endpoints`: where the fake source listens. */
  endpoints?: Record<string, string>;
  /** `context.indexedVersion`: the versions a previous sync indexed, by source id. */
  indexedVersions?: Record<string, string>;
  retry?: Partial<RetryPolicy>;
  /** The HTTP client's clock. Default: time stands still and every wait returns at once. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Wraps the real SDK client, e.g. to run its exchanges on a simulated clock. */
  wrapHttp?: (http: SourceHttpClient) => SourceHttpClient;
  /** Sees every line the connector logs, as it logs it. */
  onLog?: (entry: LogEntry) => void;
}

export interface LogEntry {
  level: 'debug' | 'info' | 'warn';
  message: string;
  fields?: Record<string, unknown>;
}

export interface TestSession<TSpec> {
  session: SourceSession;
  spec: TSpec;
  /** Every wait the HTTP client asked for (Retry-After, backoff), in ms. */
  sleeps: number[];
  /** The messages the connector logged as warnings. */
  warnings: string[];
  logs: LogEntry[];
}

/**
 * Opens a session the way the service does — spec validated, credentials from the spec, the
 * real SDK HTTP client (private addresses allowed, for fakes) — with waits recorded instead of
 * slept and the log captured.
 */
export async function openTestSession<TSpec>(
  connector: SourceConnector<TSpec>,
  rawSpec: unknown,
  options: TestSessionOptions = {},
): Promise<TestSession<TSpec>> {
  const validation = connector.validateSpec(rawSpec);
  if (!validation.ok) throw new Error(`invalid spec: ${JSON.stringify(validation.errors)}`);
  const spec = validation.spec;
  const sleeps: number[] = [];
  const logs: LogEntry[] = [];
  const warnings: string[] = [];
  const record =
    (level: LogEntry['level']) => (message: string, fields?: Record<string, unknown>) => {
      const entry = { level, message, ...(fields ? { fields } : {}) };
      logs.push(entry);
      if (level === 'warn') warnings.push(message);
      options.onLog?.(entry);
    };
  const http = createSourceHttpClient({
    allowPrivateNetwork: true,
    sleep: async (ms) => {
      sleeps.push(ms);
      await options.sleep?.(ms);
    },
    random: () => 0.5,
    ...(options.now ? { now: options.now } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
  });
  const context: ConnectorContext<TSpec> = {
    spec,
    credentials: options.credentials ?? credentialsFromSpec(connector, spec),
    http: options.wrapHttp ? options.wrapHttp(http) : http,
    signal: new AbortController().signal,
    log: { debug: record('debug'), info: record('info'), warn: record('warn') },
    endpoints: options.endpoints ?? {},
    ...(options.indexedVersions && {
      indexedVersion: (sourceId: string) => Promise.resolve(options.indexedVersions?.[sourceId]),
    }),
  };
  return {
    session: await connector.open(context),
    spec,
    sleeps,
    warnings,
    logs,
  };
}

/** The credentials the service builds from a spec: Basic, Bearer; OAuth needs explicit ones. */
export function credentialsFromSpec<TSpec>(
  connector: SourceConnector<TSpec>,
  spec: TSpec,
): SourceCredentials {
  const { token, username } = spec as { token?: unknown; username?: unknown };
  const mode = connector.authModeFor(spec);
  if (mode === 'basic') {
    return { mode, username: String(username ?? ''), token: String(token ?? '') };
  }
  if (mode === 'bearer') return { mode, token: String(token ?? '') };
  throw new Error('oauth specs need explicit credentials');
}
