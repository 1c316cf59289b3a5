import { DependencyUnavailableError } from '@docent/domain-errors';

/**
 * PostgreSQL states of a server that cannot serve now but may soon (SQLSTATE): connection
 * exceptions (class 08), too many connections (53300), and the operator-intervention states a
 * restart goes through — `57P01` admin shutdown ("terminating connection due to administrator
 * command"), `57P02` crash shutdown, `57P03` cannot connect now ("the database system is
 * starting up" / "is shutting down"), `57P05` idle session timeout.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
]);

/** Socket-level failures of a connection to the server (node's error codes). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres says when a pooled connection died under it or never came up: it throws
 * plain Errors without a code for these.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

/**
 * Whether a failed database call is the server being unreachable or not ready (a restart, an
 * outage), rather than a bad statement. SQLite's `SQLITE_BUSY` (another process held the write
 * lock past the busy timeout) counts too: the same call succeeds later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed: errors of node's sockets may come from another realm (a test sandbox).
  if (typeof error !== 'object' || error === null) return false;
  // TypeORM copies the driver's fields onto its QueryFailedError and keeps the original.
  const { code, message, driverError } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
  };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((p) => p.test(message))) {
    return true;
  }
  return driverError !== undefined && driverError !== error && isDatabaseUnavailable(driverError);
}

/**
 * The error a caller sees for an unavailable database: it says which dependency and nothing of
 * the server's address; `reason` keeps the driver's message (and SQLSTATE) for logs.
 */
export function databaseUnavailable(error: unknown): DependencyUnavailableError {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const reason = typeof code === 'string' ? `${code}: ${String(message)}` : String(message);
  return new DependencyUnavailableError(
    'database',
    'The metadata database is unavailable; retry later.',
    reason,
  );
}
