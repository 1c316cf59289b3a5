/**
 * A failure injected on a route. A status fault answers instead of the route (429 may carry
 * `Retry-After`); a delay fault slows the route down and then lets it answer.
 * `times` limits how many requests it hits (default: until cleared).
 */
export type RouteFault = StatusFault | DelayFault;

export interface StatusFault {
  status: number;
  retryAfterSeconds?: number;
  /** Extra response headers, e.g. `X-RateLimit-*` or `Beta-Retry-After`. */
  headers?: Record<string, string>;
  times?: number;
}

export interface DelayFault {
  delayMs: number;
  times?: number;
}

/** Route name that matches every route. */
export const ANY_ROUTE = '*';

/** `F`: an API's status fault, which may carry more than the shared one (Drive's `reason`). */
export class FaultBook<F extends StatusFault = StatusFault> {
  private readonly faults = new Map<string, (F | DelayFault) & { remaining: number }>();

  set(route: string, fault: F | DelayFault): void {
    this.faults.set(route, { ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  clear(route?: string): void {
    if (route === undefined) this.faults.clear();
    else this.faults.delete(route);
  }

  /** The fault that applies to this request, consuming one of its `times`. */
  take(route: string): F | DelayFault | undefined {
    const key = this.faults.has(route) ? route : ANY_ROUTE;
    const fault = this.faults.get(key);
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.delete(key);
    return fault;
  }
}

/** The headers a status fault adds to whatever body the API answers it with. */
export function faultHeaders(fault: StatusFault): Record<string, string> {
  const headers: Record<string, string> = { ...fault.headers };
  if (fault.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(fault.retryAfterSeconds);
  return headers;
}
