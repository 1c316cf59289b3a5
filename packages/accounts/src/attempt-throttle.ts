import { isIPv6 } from 'node:net';
import type { ThrottleRecord, ThrottleStore } from '@docent/metadata-store';
import { RateLimitedError } from './account-errors';

/** At most `max` attempts per key in a fixed window. */
export interface WindowLimit {
  kind: 'window';
  max: number;
  windowMs: number;
}

/**
 * `free` attempts, then each one at least a growing delay after the last (doubling from
 * `firstDelayMs` up to `maxDelayMs`): slows guessing without ever locking the key for long.
 * The count is forgotten after `forgetAfterMs` without attempts.
 */
export interface BackoffLimit {
  kind: 'backoff';
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

export type AttemptLimit = WindowLimit | BackoffLimit;

export interface AttemptKey {
  key: string;
  limit: AttemptLimit;
}

/** What a reservation took, so that a success can give it back. */
export interface Reservation {
  taken: Array<AttemptKey & { windowStartedAt: number }>;
}

const HOUR = 3_600_000;

/** The limits Docent applies; the README's "Web UI and OAuth connections" lists them. */
export const LIMITS = {
  /** Failed logins (and password changes) from one address. */
  loginPerAddress: { kind: 'window', max: 10, windowMs: 15 * 60_000 },
  /** Failed logins of one email, from anywhere: slower and slower, never a lock-out. */
  loginPerAccount: {
    kind: 'backoff',
    free: 5,
    firstDelayMs: 1_000,
    maxDelayMs: 5 * 60_000,
    forgetAfterMs: 24 * HOUR,
  },
  signupPerAddress: { kind: 'window', max: 10, windowMs: HOUR },
  /** Requests with a wrong `Api-Key` from one address. */
  apiKeyFailuresPerAddress: { kind: 'window', max: 30, windowMs: 60_000 },
} as const satisfies Record<string, AttemptLimit>;

/** `::ffff:10.0.0.1` → `10.0.0.1`, so that IPv4 CIDRs match and counters agree. */
export function plainAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/**
 * The throttle key of a client address: IPv6 clients are counted per /64, the block one host
 * is usually given (else every address of it would be a fresh counter).
 */
export function addressKey(address: string): string {
  const plain = plainAddress(address);
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Attempts are reserved before the work they guard (a ~100 ms scrypt), atomically in the
 * shared store: however many requests arrive at once, at most the allowed number get through.
 * A success gives its reservation back; a failure keeps it.
 */
export class AttemptThrottle {
  private lastSweep = 0;

  constructor(
    private readonly store: ThrottleStore,
    private readonly now: () => number,
  ) {}

  /** Reserves one attempt on every key (in order), or none: throws RateLimitedError. */
  async reserve(keys: AttemptKey[]): Promise<Reservation> {
    await this.sweep();
    const reservation: Reservation = { taken: [] };
    for (const entry of keys) {
      const now = this.now();
      const outcome = await this.store.updateThrottle(entry.key, (current) =>
        entry.limit.kind === 'window'
          ? reserveInWindow(entry.limit, current, now)
          : reserveWithBackoff(entry.limit, current, now),
      );
      if (outcome.waitMs > 0) {
        await this.release(reservation);
        throw new RateLimitedError(Math.max(1, Math.ceil(outcome.waitMs / 1000)));
      }
      reservation.taken.push({ ...entry, windowStartedAt: outcome.windowStartedAt });
    }
    return reservation;
  }

  /**
   * The attempt succeeded: a window gets its attempt back (only failures count), a back-off
   * starts over (the owner proved the password).
   */
  async release(reservation: Reservation): Promise<void> {
    for (const entry of reservation.taken) {
      if (entry.limit.kind === 'backoff') {
        await this.store.updateThrottle(entry.key, () => ({ next: null, result: null }));
        continue;
      }
      await this.store.updateThrottle(entry.key, (current) => {
        if (!current || current.windowStartedAt !== entry.windowStartedAt) {
          return { next: current, result: null };
        }
        const count = current.count - 1;
        return { next: count > 0 ? { ...current, count } : null, result: null };
      });
    }
  }

  /** Housekeeping on use rather than a timer: counters idle for a day go. */
  private async sweep(): Promise<void> {
    const now = this.now();
    if (now - this.lastSweep < HOUR) return;
    this.lastSweep = now;
    await this.store.deleteStaleThrottles(now - 25 * HOUR);
  }
}

interface Outcome {
  next: ThrottleRecord | null;
  result: { waitMs: number; windowStartedAt: number };
}

function reserveInWindow(limit: WindowLimit, current: ThrottleRecord | null, now: number): Outcome {
  const fresh = !current || now - current.windowStartedAt >= limit.windowMs;
  const windowStartedAt = fresh ? now : current.windowStartedAt;
  const count = fresh ? 0 : current.count;
  if (count >= limit.max) {
    return {
      next: current,
      result: { waitMs: windowStartedAt + limit.windowMs - now, windowStartedAt },
    };
  }
  return {
    next: { count: count + 1, windowStartedAt, blockedUntil: 0, updatedAt: now },
    result: { waitMs: 0, windowStartedAt },
  };
}

function reserveWithBackoff(
  limit: BackoffLimit,
  current: ThrottleRecord | null,
  now: number,
): Outcome {
  const fresh = !current || now - current.updatedAt >= limit.forgetAfterMs;
  if (!fresh && current.blockedUntil > now) {
    return {
      next: current,
      result: { waitMs: current.blockedUntil - now, windowStartedAt: current.windowStartedAt },
    };
  }
  const count = (fresh ? 0 : current.count) + 1;
  const windowStartedAt = fresh ? now : current.windowStartedAt;
  const delay =
    count < limit.free
      ? 0
      : Math.min(limit.firstDelayMs * 2 ** (count - limit.free), limit.maxDelayMs);
  return {
    next: { count, windowStartedAt, blockedUntil: delay > 0 ? now + delay : 0, updatedAt: now },
    result: { waitMs: 0, windowStartedAt },
  };
}
