import {
  type ConnectorContext,
  createSourceHttpClient,
  type DiscoveryItem,
  type DocumentRef,
  type SourceCredentials,
  type SourceHttpClient,
  type SourceSession,
} from '@docent/connector-sdk';
import {
  PagesConnector,
  type PagesConnectorOptions,
  type PacerClock,
  type PagesSpec,
} from '../src';

/** Time as the tests drive it: the connector's pacer, the HTTP client and the fake all read it. */
export interface TestClock extends PacerClock {
  date(): Date;
  /** Every sleep asked for (pacer and client retries), in ms. */
  sleeps: number[];
}

/**
 * Simulated time: a discrete-event clock. It stands still while any HTTP exchange is in progress
 * (requests take no time) and, once everything is idle, jumps to the earliest pending wake-up
 * and wakes that sleeper alone. A crawl paced at 3 requests/s against a fake throttling at
 * 3 requests/s then runs in milliseconds, with the same requests, 429s and "seconds" every run.
 */
export class SimulatedTime implements TestClock {
  readonly sleeps: number[] = [];
  private current: number;
  private readonly sleepers: Array<{ wakeAt: number; order: number; wake: () => void }> = [];
  private busy = 0;
  private nextOrder = 0;
  private advancing = false;

  constructor(startIso = '2025-03-01T12:00:00Z') {
    this.current = Date.parse(startIso);
  }

  now = (): number => this.current;

  date = (): Date => new Date(this.current);

  sleep = (ms: number): Promise<void> =>
    new Promise<void>((wake) => {
      this.sleeps.push(ms);
      this.sleepers.push({ wakeAt: this.current + ms, order: this.nextOrder++, wake });
      this.scheduleAdvance();
    });

  /** Runs I/O as work in progress: time stands still until it settles. */
  async during<T>(work: Promise<T>): Promise<T> {
    this.busy += 1;
    try {
      return await work;
    } finally {
      this.busy -= 1;
      this.scheduleAdvance();
    }
  }

  /** A sleep inside tracked work (the client's retry waits): the work pauses meanwhile. */
  async sleepWithin(ms: number): Promise<void> {
    this.busy -= 1;
    try {
      await this.sleep(ms);
    } finally {
      this.busy += 1;
    }
  }

  /** Wakes the earliest sleeper once the woken code of the last one has started its I/O. */
  private scheduleAdvance(): void {
    if (this.advancing) return;
    this.advancing = true;
    setImmediate(() => {
      this.advancing = false;
      if (this.busy > 0 || this.sleepers.length === 0) return;
      this.sleepers.sort((a, b) => a.wakeAt - b.wakeAt || a.order - b.order);
      const next = this.sleepers.shift()!;
      this.current = Math.max(this.current, next.wakeAt);
      next.wake();
      this.scheduleAdvance();
    });
  }
}

/**
 * Real time running `factor` times faster, for the measurement that wants request latency in
 * the figure (simulated time gives requests no duration).
 */
export function acceleratedClock(factor: number, startIso = '2025-03-01T12:00:00Z'): TestClock {
  const startedAt = performance.now();
  const start = Date.parse(startIso);
  const now = () => start + Math.round((performance.now() - startedAt) * factor);
  const sleeps: number[] = [];
  return {
    now,
    date: () => new Date(now()),
    sleep: async (ms) => {
      sleeps.push(ms);
      await new Promise((resolve) => setTimeout(resolve, ms / factor));
    },
    sleeps,
  };
}

export interface Harness {
  session: SourceSession;
  warnings: Array<{ message: string; fields?: Record<string, unknown> }>;
  /** Waits the HTTP client asked for (Retry-After / backoff). */
  retryWaits: number[];
}

export interface HarnessOptions {
  apiUrl: string;
  credentials?: SourceCredentials;
  clock?: TestClock;
  connector?: PagesConnector;
  connectorOptions?: Omit<PagesConnectorOptions, 'clock'>;
}

/** Opens a PAGES session on the real SDK HTTP client; every wait goes through one virtual clock. */
export async function openPagesSession(
  rawSpec: Record<string, unknown>,
  options: HarnessOptions,
): Promise<Harness> {
  const clock = options.clock ?? new SimulatedTime();
  const connector = options.connector ?? new PagesConnector({ ...options.connectorOptions, clock });
  const validation = connector.validateSpec(rawSpec);
  if (!validation.ok) throw new Error(`invalid spec: ${JSON.stringify(validation.errors)}`);
  const spec: PagesSpec = validation.spec;
  const warnings: Harness['warnings'] = [];
  const retryWaits: number[] = [];
  const context: ConnectorContext<PagesSpec> = {
    spec,
    credentials:
      options.credentials ??
      (spec.token !== undefined ? { mode: 'bearer', token: spec.token } : missingCredentials()),
    http: httpClientOn(clock, retryWaits),
    signal: new AbortController().signal,
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: (message, fields) => {
        warnings.push({ message, ...(fields ? { fields } : {}) });
      },
    },
    endpoints: { pagesApiUrl: options.apiUrl },
  };
  return { session: await connector.open(context), warnings, retryWaits };
}

/** The real SDK client on the test clock; with simulated time, every exchange is tracked. */
function httpClientOn(clock: TestClock, retryWaits: number[]): SourceHttpClient {
  const simulated = clock instanceof SimulatedTime ? clock : undefined;
  const client = createSourceHttpClient({
    allowPrivateNetwork: true,
    now: clock.now,
    sleep: async (ms) => {
      retryWaits.push(ms);
      await (simulated ? simulated.sleepWithin(ms) : clock.sleep(ms));
    },
    random: () => 0.5,
  });
  if (!simulated) return client;
  return {
    request: async (request) => {
      const response = await simulated.during(client.request(request));
      return {
        status: response.status,
        headers: response.headers,
        url: response.url,
        stream: () => response.stream(),
        text: () => simulated.during(response.text()),
        json: <T>() => simulated.during(response.json<T>()),
        buffer: () => simulated.during(response.buffer()),
      };
    },
  };
}

function missingCredentials(): never {
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

export function documents(items: DiscoveryItem[]): DocumentRef[] {
  return items.flatMap((item) => (item.type === 'document' ? [item.ref] : []));
}

export function failures(items: DiscoveryItem[]) {
  return items.flatMap((item) => (item.type === 'failure' ? [item] : []));
}

export function checkpoints(items: DiscoveryItem[]): string[] {
  return items.flatMap((item) => (item.type === 'checkpoint' ? [item.checkpoint] : []));
}

/** The text of a document's blocks, one line per block. */
export function textOf(ref: DocumentRef): string {
  if (ref.content?.kind !== 'parsed') return '';
  return ref.content.document.pages
    .flatMap((page) => page.blocks)
    .map((block) => (block.kind === 'table_row' ? block.cells.join(' | ') : block.text))
    .join('\n');
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
