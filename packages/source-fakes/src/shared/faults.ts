/**
 * A failure injected on a route. A status fault answers instead of the route (429 may carry
 * `Retry-After`); a delay fault slows the route down and then lets it answer.
 */
export type RouteFault = StatusFault | DelayFault;

/** Which requests of the route a fault hits, and how many. */
export interface FaultScope {
  /** How many requests it hits (default: until cleared). */
  times?: number;
  /**
   * Route parameters a request must have, e.g. `{ fileId: 'f1' }`: one document's requests
   * fail while the others' go through. Without it, every request of the route.
   */
  params?: Record<string, string>;
}

export interface StatusFault extends FaultScope {
  status: number;
  retryAfterSeconds?: number;
  /** Extra response headers, e.g. `X-RateLimit-*` or `Beta-Retry-After`. */
  headers?: Record<string, string>;
}

export interface DelayFault extends FaultScope {
  delayMs: number;
}

/** Route name that matches every route. */
export const ANY_ROUTE = '*';

type Armed<F> = F & { remaining: number };

/** `F`: an API's status fault, which may carry more than the shared one (Drive's `reason`). */
export class FaultBook<F extends StatusFault = StatusFault> {
  private readonly faults = new Map<string, Array<Armed<F | DelayFault>>>();

  /** Sets the route's fault for these params, replacing the one set for the same params. */
  set(route: string, fault: F | DelayFault): void {
    const others = (this.faults.get(route) ?? []).filter(
      (armed) => scopeKey(armed.params) !== scopeKey(fault.params),
    );
    const armed = { ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY };
    // Faults on one document go before the route-wide one.
    this.faults.set(route, fault.params ? [armed, ...others] : [...others, armed]);
  }

  clear(route?: string): void {
    if (route === undefined) this.faults.clear();
    else this.faults.delete(route);
  }

  /** The fault that applies to this request, consuming one of its `times`. */
  take(route: string, params: Record<string, string> = {}): F | DelayFault | undefined {
    for (const key of [route, ANY_ROUTE]) {
      const list = this.faults.get(key) ?? [];
      const fault = list.find((armed) => matches(armed.params, params));
      if (!fault) continue;
      fault.remaining -= 1;
      if (fault.remaining <= 0) list.splice(list.indexOf(fault), 1);
      return fault;
    }
    return undefined;
  }
}

function matches(wanted: Record<string, string> | undefined, params: Record<string, string>) {
  return Object.entries(wanted ?? {}).every(([name, value]) => params[name] === value);
}

function scopeKey(params: Record<string, string> | undefined): string {
  return JSON.stringify(Object.entries(params ?? {}).sort(([a], [b]) => a.localeCompare(b)));
}

/** The headers a status fault adds to whatever body the API answers it with. */
export function faultHeaders(fault: StatusFault): Record<string, string> {
  const headers: Record<string, string> = { ...fault.headers };
  if (fault.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(fault.retryAfterSeconds);
  return headers;
}
