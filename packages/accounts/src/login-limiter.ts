/**
 * Failed logins per key (an email, an IP) in a sliding window: after `maxFailures` the key must
 * wait until its oldest failure leaves the window. Kept in process memory: in scaled mode each
 * api process counts on its own.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    /** Required: the window must run on the caller's clock, which tests move. */
    private readonly now: () => number,
    private readonly options: { maxFailures: number; windowMs: number } = {
      maxFailures: 5,
      windowMs: 15 * 60_000,
    },
  ) {}

  /** Seconds to wait before another attempt with any of these keys; 0 when allowed. */
  retryAfter(keys: string[]): number {
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key);
      if (recent.length >= this.options.maxFailures) {
        const until = recent[recent.length - this.options.maxFailures]! + this.options.windowMs;
        wait = Math.max(wait, Math.ceil((until - this.now()) / 1000));
      }
    }
    return wait;
  }

  recordFailure(keys: string[]): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  /** A successful login clears the account's count, not the IP's. */
  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const from = this.now() - this.options.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > from);
    if (recent.length === 0) this.failures.delete(key);
    else this.failures.set(key, recent);
    return recent;
  }
}
