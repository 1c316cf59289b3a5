import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Inject,
} from '@nestjs/common';
import type { Response } from 'express';
import { AuthenticationError, PermissionError, RateLimitedError } from '@docent/accounts';
import type { DependencyMonitor } from '@docent/dependency-health';
import {
  DependencyUnavailableError,
  IdempotencyKeyReusedError,
  InvalidRequestError,
  NotFoundError,
  SourceNotConnectedError,
  UnavailableError,
  type Dependency,
} from '@docent/domain-errors';
import type { Logger } from '@docent/ingestion';
import { isRedisUnavailable } from '@docent/job-queue';
import { isDatabaseUnavailable } from '@docent/metadata-store';
import { DEPENDENCY_MONITOR, DOCENT_LOGGER } from '@docent/nest-runtime';
import { ProblemError } from './problem';
import type { DocentRequest } from './request-context';

/** Every error leaves as RFC 9457 problem details; nothing internal leaks into the body. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(
    @Inject(DOCENT_LOGGER) private readonly logger: Logger,
    @Inject(DEPENDENCY_MONITOR) private readonly dependencies: DependencyMonitor,
  ) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<DocentRequest>();
    const res = http.getResponse<Response>();
    const problem = toProblem(error, req, this.logger, this.dependencies);
    if (res.headersSent) return;
    for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
    res
      .status(problem.status)
      .type('application/problem+json')
      .send(JSON.stringify(problem.body(req.requestId)));
  }
}

/**
 * The problem an error is answered with (also an `error` event of a streamed ask); notes an
 * unavailable dependency with the monitor and logs what is unexpected.
 */
export function toProblem(
  error: unknown,
  req: DocentRequest,
  logger: Logger,
  dependencies: DependencyMonitor,
): ProblemError {
  if (error instanceof ProblemError) return error;
  if (error instanceof InvalidRequestError)
    return new ProblemError('invalid_request', error.message, error.errors);
  if (error instanceof SourceNotConnectedError)
    return new ProblemError('source_not_connected', error.message);
  if (error instanceof NotFoundError) return new ProblemError('not_found', error.message);
  if (error instanceof IdempotencyKeyReusedError) {
    return new ProblemError('idempotency_key_reused', error.message);
  }
  if (error instanceof AuthenticationError || error instanceof PermissionError)
    return new ProblemError('unauthorized', error.message);
  if (error instanceof RateLimitedError) {
    return new ProblemError('rate_limited', error.message, [], {
      'Retry-After': String(error.retryAfterSeconds),
    });
  }
  const dependency = dependencyOf(error);
  if (dependency) {
    // Logged once per outage by the monitor ("dependency lost" … "dependency regained").
    dependencies.noteFailure(dependency.name, dependency.reason);
    logger.debug('request met an unavailable dependency', {
      requestId: req.requestId,
      dependency: dependency.name,
    });
    return new ProblemError('unavailable', dependency.detail, [], {
      'Retry-After': String(dependencies.retryAfterSeconds(dependency.name)),
    });
  }
  if (error instanceof UnavailableError) {
    // Not the deployment's own infrastructure (the answer model, say).
    logger.warn('dependency unavailable', {
      requestId: req.requestId,
      error: error.message,
    });
    return new ProblemError('unavailable', error.message, [], { 'Retry-After': '5' });
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 404) return new ProblemError('not_found', `No route ${req.method} ${req.path}.`);
    if (status === 405) return new ProblemError('not_found', `No route ${req.method} ${req.path}.`);
    if (status >= 400 && status < 500)
      return new ProblemError('invalid_request', 'The request is not valid.');
  }
  logger.error('unexpected error', {
    requestId: req.requestId,
    method: req.method,
    path: req.path,
    error:
      error instanceof Error
        ? `${error.name}: ${error.message}\n${error.stack ?? ''}`
        : String(error),
  });
  return new ProblemError(
    'internal',
    `Unexpected error; quote request id ${req.requestId ?? 'unknown'} when reporting it.`,
  );
}

/**
 * The one mapping of dependency failures to 503: the adapters' typed errors (database, queue,
 * index), and driver errors that escaped them (a SQLite write lock held too long by another
 * process, a Redis connection error).
 */
function dependencyOf(error: unknown): { name: Dependency; detail: string; reason: string } | null {
  if (error instanceof DependencyUnavailableError) {
    return { name: error.dependency, detail: error.message, reason: error.reason };
  }
  const detail = 'A dependency of the service is unavailable; retry later.';
  const reason = error instanceof Error ? error.message : String(error);
  if (isDatabaseUnavailable(error)) return { name: 'database', detail, reason };
  if (isRedisUnavailable(error)) return { name: 'queue', detail, reason };
  return null;
}
