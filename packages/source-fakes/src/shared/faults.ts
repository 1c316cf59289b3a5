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

export class FaultBook {
  private readonly faults = new Map<string, RouteFault & { remaining: number }>();

  set(route: string, fault: RouteFault): void {
    this.faults.set(route, { ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  clear(route?: string): void {
    if (route === undefined) this.faults.clear();
    else this.faults.delete(route);
  }

  /** The fault that applies to this request, consuming one of its `times`. */
  take(route: string): RouteFault | undefined {
    const key = this.faults.has(route) ? route : ANY_ROUTE;
    const fault = this.faults.get(key);
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.delete(key);
    return fault;
  }
}
