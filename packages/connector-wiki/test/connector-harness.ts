import {
  type ConnectorContext,
  createSourceHttpClient,
  type DiscoveryItem,
  type RetryPolicy,
  type SourceCredentials,
  type SourceSession,
} from '@docent/connector-sdk';
import { wikiConnector, type WikiSpec } from '../src';

export interface Harness {
  session: SourceSession;
  /** Waits the HTTP client asked for (Retry-After / backoff), never actually slept. */
  sleeps: number[];
  warnings: string[];
}

export interface HarnessOptions {
  credentials?: SourceCredentials;
  endpoints?: Record<string, string>;
  retry?: Partial<RetryPolicy>;
}

/** Opens a WIKI session on the real SDK HTTP client, with a recording no-op sleep. */
export async function openWikiSession(
  rawSpec: Record<string, unknown>,
  options: HarnessOptions = {},
): Promise<Harness> {
  const validation = wikiConnector.validateSpec(rawSpec);
  if (!validation.ok) throw new Error(`invalid spec: ${JSON.stringify(validation.errors)}`);
  const spec: WikiSpec = validation.spec;
  const sleeps: number[] = [];
  const warnings: string[] = [];
  const context: ConnectorContext<WikiSpec> = {
    spec,
    credentials: options.credentials ?? credentialsFor(spec),
    http: createSourceHttpClient({
      allowPrivateNetwork: true,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      ...(options.retry ? { retry: options.retry } : {}),
    }),
    signal: new AbortController().signal,
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: (message) => {
        warnings.push(message);
      },
    },
    endpoints: options.endpoints ?? {},
  };
  return { session: await wikiConnector.open(context), sleeps, warnings };
}

function credentialsFor(spec: WikiSpec): SourceCredentials {
  if (spec.username !== undefined && spec.token !== undefined) {
    return { mode: 'basic', username: spec.username, token: spec.token };
  }
  if (spec.token !== undefined) return { mode: 'bearer', token: spec.token };
  throw new Error('oauth specs need explicit credentials');
}

export async function collect(
  items: AsyncGenerator<DiscoveryItem, void, undefined>,
  stopAfterCheckpoints = Number.POSITIVE_INFINITY,
): Promise<DiscoveryItem[]> {
  const collected: DiscoveryItem[] = [];
  let checkpoints = 0;
  for await (const item of items) {
    collected.push(item);
    if (item.type === 'checkpoint') {
      checkpoints += 1;
      if (checkpoints >= stopAfterCheckpoints) break;
    }
  }
  return collected;
}

export function documentIds(items: DiscoveryItem[]): string[] {
  return items.flatMap((item) => (item.type === 'document' ? [item.ref.sourceId] : []));
}

export function checkpoints(items: DiscoveryItem[]): string[] {
  return items.flatMap((item) => (item.type === 'checkpoint' ? [item.checkpoint] : []));
}

/** Resolves to the error a promise rejected with (fails the test if it resolved). */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a rejection');
}
