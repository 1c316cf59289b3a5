import type { JobDefinition, JobHandler, JobHandlerRegistration, WorkerOptions } from './types';

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 5_000;

/** A declared job with its retry policy resolved to concrete numbers. */
export interface CataloguedJob {
  readonly name: string;
  readonly maxAttempts: number;
  readonly backoffMs: number;
}

/** The jobs a queue accepts, shared by the code that enqueues and the code that handles them. */
export class JobCatalogue {
  private readonly byName = new Map<string, CataloguedJob>();

  constructor(jobs: readonly JobDefinition<unknown>[]) {
    for (const job of jobs) {
      if (typeof job.name !== 'string' || job.name.length === 0) {
        throw new Error('Job names must be non-empty strings');
      }
      if (this.byName.has(job.name)) throw new Error(`Job "${job.name}" is declared twice`);
      const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      const backoffMs = job.backoffMs ?? DEFAULT_BACKOFF_MS;
      if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
        throw new Error(`Job "${job.name}": maxAttempts must be an integer >= 1`);
      }
      if (!Number.isFinite(backoffMs) || backoffMs < 0) {
        throw new Error(`Job "${job.name}": backoffMs must be a number >= 0`);
      }
      this.byName.set(job.name, { name: job.name, maxAttempts, backoffMs });
    }
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  /** Throws for a job this queue was not constructed with. */
  require(name: string): CataloguedJob {
    const job = this.byName.get(name);
    if (!job) {
      throw new Error(`Job "${name}" is not declared in this queue's catalogue`);
    }
    return job;
  }

  /** What every driver's `start()` checks: the handlers cover the catalogue, a sane concurrency. */
  resolveWorker(
    registrations: readonly JobHandlerRegistration<never>[],
    options: WorkerOptions,
  ): { handlers: Map<string, JobHandler<unknown>>; concurrency: number } {
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error('concurrency must be an integer >= 1');
    }
    return { handlers: this.resolveHandlers(registrations), concurrency };
  }

  /**
   * Checks that the registrations cover the catalogue exactly, so a worker never starts while
   * some declared job would wait forever for a handler.
   */
  resolveHandlers(
    registrations: readonly JobHandlerRegistration<never>[],
  ): Map<string, JobHandler<unknown>> {
    const handlers = new Map<string, JobHandler<unknown>>();
    const duplicated = new Set<string>();
    const undeclared = new Set<string>();
    for (const { job, handle } of registrations) {
      if (!this.byName.has(job.name)) undeclared.add(job.name);
      else if (handlers.has(job.name)) duplicated.add(job.name);
      // The payload type is erased here: the catalogue guarantees a job only reaches its own handler.
      else handlers.set(job.name, handle as JobHandler<unknown>);
    }
    const missing = this.names.filter((name) => !handlers.has(name));
    const problems = [
      missing.length > 0 ? `no handler for ${quoteAll(missing)}` : null,
      duplicated.size > 0 ? `several handlers for ${quoteAll([...duplicated])}` : null,
      undeclared.size > 0 ? `handlers for undeclared ${quoteAll([...undeclared])}` : null,
    ].filter((problem): problem is string => problem !== null);
    if (problems.length > 0) {
      throw new Error(`Job handlers do not match the catalogue: ${problems.join('; ')}`);
    }
    return handlers;
  }
}

function quoteAll(names: string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}
