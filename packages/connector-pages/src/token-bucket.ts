export interface RateLimit {
  /** Average requests per second. */
  requestsPerSecond: number;
  /** Requests that may go at once after a quiet spell. */
  burst: number;
}

/**
 * A token bucket that hands out reservations: each caller takes a token now and is told how long
 * to wait for it, so concurrent callers queue up in order instead of polling.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly limit: RateLimit,
    nowMs: number,
  ) {
    this.tokens = limit.burst;
    this.updatedAt = nowMs;
  }

  /** Takes one token; returns the wait in ms before the request may go (0: at once). */
  reserve(nowMs: number): number {
    this.refill(nowMs);
    this.tokens -= 1;
    if (this.tokens >= 0) return 0;
    return Math.ceil((-this.tokens / this.limit.requestsPerSecond) * 1000);
  }

  /** The server asked for a pause: no reservation made from now on goes before `waitMs`. */
  holdFor(nowMs: number, waitMs: number): void {
    this.refill(nowMs);
    this.tokens = Math.min(this.tokens, 1 - (waitMs / 1000) * this.limit.requestsPerSecond);
  }

  /** Full and idle: forgetting it changes nothing. */
  isIdle(nowMs: number): boolean {
    this.refill(nowMs);
    return this.tokens >= this.limit.burst;
  }

  private refill(nowMs: number): void {
    const elapsedSeconds = Math.max(0, nowMs - this.updatedAt) / 1000;
    this.tokens = Math.min(
      this.limit.burst,
      this.tokens + elapsedSeconds * this.limit.requestsPerSecond,
    );
    this.updatedAt = nowMs;
  }
}
