import { unavailableDependency } from '@docent/domain-errors';
import type { Logger } from '@docent/ingestion';
import type { Scheduler } from './scheduler';

/**
 * Looks at the schedules every `pollMs` in this process, and once at start (so a run missed
 * while the service was down fires then). Ticks never overlap; a failed one is logged and the
 * next tries again.
 */
export class SchedulerLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly scheduler: Pick<Scheduler, 'tick'>,
    private readonly options: { pollMs: number; logger: Logger },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.runTick();
  }

  /** Stops looking; resolves once a tick under way has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private runTick(): void {
    this.running = this.scheduler
      .tick()
      .then(
        () => undefined,
        (error: unknown) => {
          const fields = { error: error instanceof Error ? error.message : String(error) };
          // An outage is logged once by whoever meets it first; the next tick tries again.
          if (unavailableDependency(error)) {
            this.options.logger.debug('schedules not checked: a dependency is unavailable', fields);
          } else {
            this.options.logger.error('schedules could not be checked', fields);
          }
        },
      )
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.runTick(), this.options.pollMs);
        this.timer.unref();
      });
  }
}
