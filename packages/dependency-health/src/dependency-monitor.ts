import { DEPENDENCY_NAMES, type Dependency } from '@docent/domain-errors';

/** A health check per dependency: resolves when it answers. */
export type DependencyProbes = Readonly<Record<Dependency, () => Promise<void>>>;

export interface DependencyLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** What the monitor reports, e.g. as Prometheus metrics. */
export interface DependencyMetrics {
  /** A dependency this process saw answer stopped answering. */
  lost(dependency: Dependency): void;
  /** It answers again, after `downSeconds`. */
  regained(dependency: Dependency, downSeconds: number): void;
}

export const NO_DEPENDENCY_METRICS: DependencyMetrics = {
  lost: () => undefined,
  regained: () => undefined,
};

/** One outage as this process saw it: from the first failure to the first answer after it. */
export interface Outage {
  dependency: Dependency;
  /** Epoch ms. */
  from: number;
  /** Epoch ms; null while it lasts. */
  to: number | null;
  /** The last failure's details (for logs). */
  reason: string;
}

export interface DependencyMonitorOptions {
  probes: DependencyProbes;
  logger: DependencyLogger;
  metrics?: DependencyMetrics;
  /** How often a dependency seen down is probed until it answers (default 1 000). */
  probeIntervalMs?: number;
  /** Finished outages remembered (default 20). */
  keepOutages?: number;
  now?: () => number;
}

interface Down {
  outage: Outage;
  failures: number;
  timer: NodeJS.Timeout;
  probing: boolean;
}

/**
 * Which dependencies answer, as this process sees them. Whoever meets a dependency failing (an
 * API request, an ingestion job, the reconciler) notes it; the first failure starts an outage,
 * logged once ("dependency lost") and probed every second until the dependency answers again
 * ("dependency regained", with how long it was down). Between the two, callers ask how long it
 * has been down: retries back off with it, an ingestion gives up past its budget, and asks fail
 * at once instead of waiting for the dependency to time out again.
 */
export class DependencyMonitor {
  private readonly down = new Map<Dependency, Down>();
  private readonly finished: Outage[] = [];
  private readonly probeIntervalMs: number;
  private readonly keepOutages: number;
  private readonly metrics: DependencyMetrics;
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly options: DependencyMonitorOptions) {
    this.probeIntervalMs = options.probeIntervalMs ?? 1_000;
    this.keepOutages = options.keepOutages ?? 20;
    this.metrics = options.metrics ?? NO_DEPENDENCY_METRICS;
    this.now = options.now ?? Date.now;
  }

  /** A call to `dependency` failed because it is unavailable; `reason` is for logs. */
  noteFailure(dependency: Dependency, reason: string): void {
    const current = this.down.get(dependency);
    if (current) {
      current.failures++;
      current.outage.reason = reason;
      return;
    }
    if (this.closed) return;
    const outage: Outage = { dependency, from: this.now(), to: null, reason };
    const timer = setInterval(() => void this.probe(dependency), this.probeIntervalMs);
    timer.unref();
    this.down.set(dependency, { outage, failures: 1, timer, probing: false });
    this.options.logger.warn('dependency lost', {
      dependency,
      what: DEPENDENCY_NAMES[dependency],
      reason,
    });
    this.metrics.lost(dependency);
  }

  /** `dependency` answered: an outage under way ends. */
  noteSuccess(dependency: Dependency): void {
    const current = this.down.get(dependency);
    if (!current) return;
    clearInterval(current.timer);
    this.down.delete(dependency);
    const outage = { ...current.outage, to: this.now() };
    this.finished.push(outage);
    if (this.finished.length > this.keepOutages) this.finished.shift();
    const downSeconds = (outage.to - outage.from) / 1000;
    this.options.logger.info('dependency regained', {
      dependency,
      what: DEPENDENCY_NAMES[dependency],
      downSeconds: Math.round(downSeconds * 10) / 10,
      failures: current.failures,
    });
    this.metrics.regained(dependency, downSeconds);
  }

  isDown(dependency: Dependency): boolean {
    return this.down.has(dependency);
  }

  /** How long `dependency` has been down (0 when it answers). */
  downForMs(dependency: Dependency): number {
    const current = this.down.get(dependency);
    return current ? Math.max(0, this.now() - current.outage.from) : 0;
  }

  /** The outages under way and the last ones that ended, oldest first. */
  outages(): Outage[] {
    return [
      ...this.finished.map((outage) => ({ ...outage })),
      ...[...this.down.values()].map(({ outage }) => ({ ...outage })),
    ].sort((a, b) => a.from - b.from);
  }

  /**
   * How long to wait before trying `dependency` again: a quarter of how long it has been down,
   * between `firstMs` and `maxMs`, ±20 % so that the jobs of one outage do not retry in step.
   * Waits thus grow over an outage instead of spending attempts in its first seconds, and one
   * that ends is noticed within a quarter of its length.
   */
  retryDelayMs(
    dependency: Dependency,
    { firstMs, maxMs }: { firstMs: number; maxMs: number },
    random: () => number = Math.random,
  ): number {
    const base = Math.min(maxMs, Math.max(firstMs, this.downForMs(dependency) / 4));
    return Math.round(base * (0.8 + 0.4 * random()));
  }

  /** What an API answers in `Retry-After` while `dependency` is down: 1 to 30 seconds. */
  retryAfterSeconds(dependency: Dependency): number {
    return Math.min(30, Math.max(1, Math.ceil(this.downForMs(dependency) / 4_000)));
  }

  /** Stops probing; the monitor notes nothing more. */
  close(): void {
    this.closed = true;
    for (const { timer } of this.down.values()) clearInterval(timer);
    this.down.clear();
  }

  private async probe(dependency: Dependency): Promise<void> {
    const current = this.down.get(dependency);
    if (!current || current.probing) return;
    current.probing = true;
    try {
      await this.options.probes[dependency]();
    } catch (error) {
      current.outage.reason = error instanceof Error ? error.message : String(error);
      return;
    } finally {
      current.probing = false;
    }
    this.noteSuccess(dependency);
  }
}
