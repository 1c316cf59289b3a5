import type { JobDefinition, JobHandler, JobHandlerRegistration } from './types';

/**
 * Pairs a job with its handler, checking the payload type, and erases that type so registrations
 * of different jobs fit the one list `start()` takes (a typed registration is not assignable to
 * `JobHandlerRegistration<never>` because the definition carries its payload type).
 */
export function jobHandler<TPayload>(
  job: JobDefinition<TPayload>,
  handle: JobHandler<TPayload>,
): JobHandlerRegistration<never> {
  return { job, handle } as unknown as JobHandlerRegistration<never>;
}
