import type { SourceCredentials, SourceHttpClient, SourceSession } from '@docent/connector-sdk';
import { openTestSession } from '@docent/connector-sdk/testing';
import { PagesConnector, type PagesConnectorOptions, type PacerClock } from '../src';

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
  sleepWithin(ms: number): Promise<void> {
    return this.idleDuring(() => this.sleep(ms));
  }

  /** Waiting inside tracked work (a rate limiter's turn): time runs meanwhile. */
  async idleDuring<T>(wait: () => Promise<T>): Promise<T> {
    this.busy -= 1;
    try {
      return await wait();
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
  const simulated = clock instanceof SimulatedTime ? clock : undefined;
  const connector = options.connector ?? new PagesConnector({ ...options.connectorOptions, clock });
  const warnings: Harness['warnings'] = [];
  const { session, sleeps } = await openTestSession(connector, rawSpec, {
    ...(options.credentials ? { credentials: options.credentials } : {}),
    endpoints: { pagesApiUrl: options.apiUrl },
    now: clock.now,
    sleep: (ms) => (simulated ? simulated.sleepWithin(ms) : clock.sleep(ms)),
    ...(simulated ? { wrapHttp: (http) => onSimulatedTime(http, simulated) } : {}),
    onLog: ({ level, message, fields }) => {
      if (level === 'warn') warnings.push({ message, ...(fields ? { fields } : {}) });
    },
  });
  return { session, warnings, retryWaits: sleeps };
}

/**
 * The SDK client with every exchange tracked as work in progress, so simulated time stands still
 * meanwhile; the pacer's waits before an attempt are not work, time runs through them.
 */
export function onSimulatedTime(
  client: SourceHttpClient,
  simulated: SimulatedTime,
): SourceHttpClient {
  return {
    request: async (request) => {
      const { pacing } = request;
      const paced = pacing && {
        ...pacing,
        beforeAttempt: (signal?: AbortSignal) =>
          simulated.idleDuring(() => pacing.beforeAttempt(signal)),
      };
      const response = await simulated.during(
        client.request({ ...request, ...(paced ? { pacing: paced } : {}) }),
      );
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

export {
  checkpoints,
  collect,
  documents,
  failures,
  rejection,
  textOf,
} from '@docent/connector-sdk/testing';
