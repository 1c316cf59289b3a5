import { DependencyUnavailableError } from '@docent/domain-errors';

/**
 * What ioredis and BullMQ throw when Redis cannot be reached or the connection dropped: node's
 * socket codes, ioredis's closed-connection and retry-limit errors, and BullMQ's own.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const MESSAGES = [
  /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)\b/,
  /^Connection is closed/,
  /Stream isn't writeable/,
  /max retries per request/i,
  /^LOADING /,
  /^MASTERDOWN/,
];

/** Whether a failed Redis call is Redis being unreachable or not ready, not a bad command. */
export function isRedisUnavailable(error: unknown): boolean {
  // Duck-typed: errors of node's sockets may come from another realm (a test sandbox).
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'MaxRetriesPerRequestError' || name === 'ConnectionClosedError') return true;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/** The error callers see: which dependency, never the server's address. */
export function queueUnavailable(operation: string, reason: string): DependencyUnavailableError {
  return new DependencyUnavailableError(
    'queue',
    `The job queue is unavailable (${operation}); retry later.`,
    reason,
  );
}

/**
 * Runs a Redis-backed call with a deadline. While Redis is unreachable, ioredis holds commands
 * in its offline queue and retries them for minutes: a caller (an API request, the reconciler)
 * must hear within seconds that the queue is down. A call given up on may still run once Redis
 * is back; every call made this way is idempotent (job ids are deterministic).
 */
export async function withRedisDeadline<T>(
  operation: string,
  timeoutMs: number,
  work: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const call = work();
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(queueUnavailable(operation, `no answer from Redis within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  // A late failure of the abandoned call must not surface as unhandled.
  call.catch(() => undefined);
  try {
    return await Promise.race([call, deadline]);
  } catch (error) {
    if (error instanceof DependencyUnavailableError) throw error;
    if (isRedisUnavailable(error)) {
      throw queueUnavailable(operation, String((error as { message?: unknown }).message));
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Longest wait between two reconnection attempts to a Redis that went away. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * The connection options of every BullMQ client of a queue (Queue, Worker): the URL, and
 * reconnection attempts at most 2 s apart. BullMQ's own strategy waits up to 20 s between
 * attempts once Redis has been away for ten seconds, so workers found a Redis that came back
 * up to 20 s late; a few attempts a second more cost nothing.
 */
export function bullMqConnection(url: string): {
  url: string;
  retryStrategy: (times: number) => number;
} {
  return {
    url,
    retryStrategy: (times) => Math.min(MAX_RECONNECT_DELAY_MS, 250 * times),
  };
}
