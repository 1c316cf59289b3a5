import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Inject,
} from '@nestjs/common';
import type { Response } from 'express';
import { AuthenticationError, PermissionError, RateLimitedError } from '@docent/accounts';
import {
  InvalidRequestError,
  NotFoundError,
  SourceNotConnectedError,
  UnavailableError,
} from '@docent/domain-errors';
import type { Logger } from '@docent/ingestion';
import { DOCENT_LOGGER } from '@docent/nest-runtime';
import { ProblemError } from './problem';
import type { DocentRequest } from './request-context';

/** Every error leaves as RFC 9457 problem details; nothing internal leaks into the body. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(@Inject(DOCENT_LOGGER) private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<DocentRequest>();
    const res = http.getResponse<Response>();
    const problem = this.toProblem(error, req);
    if (res.headersSent) return;
    for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
    res
      .status(problem.status)
      .type('application/problem+json')
      .send(JSON.stringify(problem.body(req.requestId)));
  }

  /** The problem an error is answered with (also an `error` event of a streamed ask). */
  toProblem(error: unknown, req: DocentRequest): ProblemError {
    if (error instanceof ProblemError) return error;
    if (error instanceof InvalidRequestError)
      return new ProblemError('invalid_request', error.message, error.errors);
    if (error instanceof SourceNotConnectedError)
      return new ProblemError('source_not_connected', error.message);
    if (error instanceof NotFoundError) return new ProblemError('not_found', error.message);
    if (error instanceof AuthenticationError || error instanceof PermissionError)
      return new ProblemError('unauthorized', error.message);
    if (error instanceof RateLimitedError) {
      return new ProblemError('rate_limited', error.message, [], {
        'Retry-After': String(error.retryAfterSeconds),
      });
    }
    if (error instanceof UnavailableError) {
      this.logger.warn('dependency unavailable', {
        requestId: req.requestId,
        error: error.message,
      });
      return new ProblemError('unavailable', error.message);
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      if (status === 404)
        return new ProblemError('not_found', `No route ${req.method} ${req.path}.`);
      if (status === 405)
        return new ProblemError('not_found', `No route ${req.method} ${req.path}.`);
      if (status >= 400 && status < 500)
        return new ProblemError('invalid_request', 'The request is not valid.');
    }
    if (isDependencyDown(error)) {
      this.logger.error('dependency unavailable', {
        requestId: req.requestId,
        error: String(error),
      });
      return new ProblemError(
        'unavailable',
        'A dependency of the service is unavailable; retry later.',
      );
    }
    this.logger.error('unexpected error', {
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
}

/** Connection-level failures of the database, queue or index. */
function isDependencyDown(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'SQLITE_BUSY',
      'SQLITE_CANTOPEN',
      '57P01',
      '08006',
    ].includes(code)
  );
}
