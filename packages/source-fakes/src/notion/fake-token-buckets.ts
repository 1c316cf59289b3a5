import type { FakeNotionRateLimit } from './fake-notion-types';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export type BucketVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Notion's documented limit: an average rate per token, with bursts; refused requests cost nothing. */
export class FakeTokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  take(key: string, limit: FakeNotionRateLimit, nowMs: number): BucketVerdict {
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, updatedAt: nowMs };
    const elapsedSeconds = Math.max(0, nowMs - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(limit.burst, bucket.tokens + elapsedSeconds * limit.requestsPerSecond);
    bucket.updatedAt = nowMs;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    const waitSeconds = (1 - bucket.tokens) / limit.requestsPerSecond;
    // Notion sends whole seconds.
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds)) };
  }
}
