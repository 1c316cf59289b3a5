import { setTimeout as delay } from 'node:timers/promises';
import type { ConnectorContext, SourceConnector, SourceSession } from '@docent/connector-sdk';
import { pagesApiUrl } from './notion-version';
import { pagesAuthMode, pagesSourceKey, type PagesSpec, validatePagesSpec } from './pages-spec';
import { PagesSession, type PagesRuntime } from './pages-session';
import { type PacerClock, RequestPacer } from './request-pacer';
import type { RateLimit } from './token-bucket';

export interface PagesConnectorOptions {
  /** Per token; default 3 requests/s with bursts of 4. */
  rateLimit?: RateLimit;
  /** Requests in flight per session (default 4). */
  concurrency?: number;
  /** Pages read at the same time per session (default 4). */
  pagesInFlight?: number;
  /** Documents between checkpoints (default 10). */
  checkpointEvery?: number;
  /** The rate limiter's clock (tests pass a virtual one). */
  clock?: PacerClock;
}

/**
 * Notion's documented limit: an average of 3 requests/s per integration, bursts allowed. A 429
 * or 529 pauses the token's bucket for its Retry-After (see RequestPacer.pacingFor), so overshooting a
 * stricter server corrects itself instead of piling up retries.
 */
export const DEFAULT_RATE_LIMIT: Readonly<RateLimit> = { requestsPerSecond: 3, burst: 4 };

const realClock: PacerClock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    await delay(ms, undefined, signal ? { signal } : {});
  },
};

/** Notion's behaviour (its descriptor is `pagesDescriptor`): Notion pages, their child pages and child databases' rows. */
export class PagesConnector implements SourceConnector<PagesSpec> {
  readonly validateSpec = validatePagesSpec;
  readonly authModeFor = pagesAuthMode;
  readonly sourceKey = pagesSourceKey;
  private readonly runtime: PagesRuntime;

  constructor(options: PagesConnectorOptions = {}) {
    this.runtime = {
      pacer: new RequestPacer(options.rateLimit ?? DEFAULT_RATE_LIMIT, options.clock ?? realClock),
      concurrency: atLeastOne(options.concurrency ?? 4),
      pagesInFlight: atLeastOne(options.pagesInFlight ?? 4),
      checkpointEvery: atLeastOne(options.checkpointEvery ?? 10),
    };
  }

  sourceUrls(_spec: PagesSpec, endpoints: Readonly<Record<string, string>>): string[] {
    return [pagesApiUrl(endpoints)];
  }

  open(context: ConnectorContext<PagesSpec>): Promise<SourceSession> {
    return Promise.resolve(new PagesSession(context, this.runtime));
  }
}

function atLeastOne(value: number): number {
  return Math.max(1, Math.floor(value));
}

export const pagesConnector = new PagesConnector();
