import {
  type ConnectorContext,
  createSourceHttpClient,
  type DiscoveryItem,
  type DocumentContent,
  type DocumentRef,
  type RetryPolicy,
  type SourceCredentials,
  type SourceSession,
} from '@docent/connector-sdk';
import { DriveConnector, type DriveSpec } from '../src';

export interface Harness {
  session: SourceSession;
  connector: DriveConnector;
  /** Waits the HTTP client asked for (Retry-After / backoff), never actually slept. */
  sleeps: number[];
  warnings: string[];
}

export interface HarnessOptions {
  credentials?: SourceCredentials;
  endpoints?: Record<string, string>;
  retry?: Partial<RetryPolicy>;
  maxFileBytes?: number;
}

/** Opens a DRIVE session on the real SDK HTTP client, with a recording no-op sleep. */
export async function openDriveSession(
  rawSpec: Record<string, unknown>,
  options: HarnessOptions = {},
): Promise<Harness> {
  const connector = new DriveConnector(
    options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes },
  );
  const validation = connector.validateSpec(rawSpec);
  if (!validation.ok) throw new Error(`invalid spec: ${JSON.stringify(validation.errors)}`);
  const spec: DriveSpec = validation.spec;
  const sleeps: number[] = [];
  const warnings: string[] = [];
  const context: ConnectorContext<DriveSpec> = {
    spec,
    credentials: options.credentials ?? bearerFor(spec),
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
  return { session: await connector.open(context), connector, sleeps, warnings };
}

function bearerFor(spec: DriveSpec): SourceCredentials {
  if (spec.token === undefined) throw new Error('oauth specs need explicit credentials');
  return { mode: 'bearer', token: spec.token };
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

export function documents(items: DiscoveryItem[]): DocumentRef[] {
  return items.flatMap((item) => (item.type === 'document' ? [item.ref] : []));
}

export function documentIds(items: DiscoveryItem[]): string[] {
  return documents(items).map((ref) => ref.sourceId);
}

export function failures(items: DiscoveryItem[]) {
  return items.flatMap((item) => (item.type === 'failure' ? [item] : []));
}

export function checkpoints(items: DiscoveryItem[]): string[] {
  return items.flatMap((item) => (item.type === 'checkpoint' ? [item.checkpoint] : []));
}

/** The whole byte stream of `file` content. */
export async function readBytes(content: DocumentContent): Promise<Buffer> {
  if (content.kind !== 'file') throw new Error('expected file content');
  const chunks: Buffer[] = [];
  for await (const chunk of await content.open()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
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
