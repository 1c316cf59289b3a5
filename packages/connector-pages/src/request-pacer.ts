import { createHash } from 'node:crypto';
import { DEFAULT_RETRY_POLICY, type RequestPacing, retryAfterDelayMs } from '@docent/connector-sdk';
import { type RateLimit, TokenBucket } from './token-bucket';

/** Time as the pacer sees it; tests pass a virtual clock. */
export interface PacerClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Buckets kept before idle ones are dropped. */
const SWEEP_ABOVE = 64;
/** A throttle answer without Retry-After (a 529 usually) pauses the token this long. */
const DEFAULT_HOLD_MS = 1_000;

/**
 * One token bucket per Notion token, shared by every session of a connector in this process:
 * Notion's limit (about 3 requests/s) is per integration, so two ingestions with one token share
 * a budget. Buckets are keyed by a hash: the token itself is never kept as a key.
 */
export class RequestPacer {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly limit: RateLimit,
    private readonly clock: PacerClock,
  ) {}

  /** Waits until a request with this token fits the budget. */
  async pace(token: string, signal?: AbortSignal): Promise<void> {
    const waitMs = this.bucketFor(token).reserve(this.clock.now());
    if (waitMs > 0) await this.clock.sleep(waitMs, signal);
  }

  /**
   * A 429/529 came back: every request with this token waits out its Retry-After, capped as the
   * HTTP client caps its own waits.
   */
  holdBack(token: string, retryAfter: string | undefined): void {
    const now = this.clock.now();
    const waitMs =
      retryAfterDelayMs(retryAfter, now, DEFAULT_RETRY_POLICY.maxDelayMs) ?? DEFAULT_HOLD_MS;
    this.bucketFor(token).holdFor(now, waitMs);
  }

  /**
   * This pacer's part in the HTTP client's attempts of one request: every attempt waits for the
   * token's budget. The first 429 or 529 pauses the whole token for its Retry-After, instead of
   * each throttled request retrying on its own at the same instant (and meeting the next 429
   * together); after that, the client's own policy waits (Retry-After, backoff, time budget).
   */
  pacingFor(token: string): RequestPacing {
    return {
      beforeAttempt: (signal) => this.pace(token, signal),
      retryDelay: ({ attempt, status, headers, delayMs }) => {
        if (attempt !== 1 || (status !== 429 && status !== 529)) return delayMs;
        this.holdBack(token, headers?.['retry-after']);
        return 0;
      },
    };
  }

  private bucketFor(token: string): TokenBucket {
    const key = createHash('sha256').update(token).digest('base64url').slice(0, 22);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= SWEEP_ABOVE) this.sweep();
      bucket = new TokenBucket(this.limit, this.clock.now());
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, bucket] of this.buckets) {
      if (bucket.isIdle(now)) this.buckets.delete(key);
    }
  }
}
