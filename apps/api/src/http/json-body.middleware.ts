import { Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Response } from 'express';
import { ProblemError } from './problem';
import type { DocentRequest } from './request-context';

export const BODY_LIMIT_BYTES = 1024 * 1024;

const parseJson = express.json({ limit: BODY_LIMIT_BYTES, strict: false, type: () => true });

/**
 * JSON bodies only, at most 1 MiB. Runs as Nest middleware and rejects instead of calling
 * `next(err)`, so its errors reach the problem+json filter like every other error.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  use(req: DocentRequest, res: Response, next: NextFunction): Promise<void> {
    if (req.method !== 'POST' && req.method !== 'PUT' && req.method !== 'PATCH') {
      next();
      return Promise.resolve();
    }
    const type = req.header('content-type') ?? '';
    if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
      return Promise.reject(
        new ProblemError('unsupported_media_type', 'Send the body as application/json.'),
      );
    }
    const declared = Number(req.header('content-length'));
    if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) {
      return Promise.reject(
        new ProblemError('payload_too_large', 'The body is over the 1 MiB limit.'),
      );
    }
    return new Promise((resolve, reject) => {
      parseJson(req, res, (error?: unknown) => {
        if (error) reject(bodyProblem(error));
        else {
          next();
          resolve();
        }
      });
    });
  }
}

function bodyProblem(error: unknown): ProblemError {
  const type = (error as { type?: string }).type;
  switch (type) {
    case 'entity.too.large':
      return new ProblemError('payload_too_large', 'The body is over the 1 MiB limit.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ProblemError('unsupported_media_type', 'Send the body as UTF-8 JSON.');
    case 'entity.parse.failed':
      return new ProblemError('invalid_request', 'The body is not valid JSON.');
    default:
      return new ProblemError('invalid_request', 'The body could not be read.');
  }
}
