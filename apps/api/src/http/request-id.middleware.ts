import { randomUUID } from 'node:crypto';
import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type { DocentRequest } from './request-context';

/** Every response carries an id that also appears in logs and in 500 problem details. */
@Injectable()
export class RequestIdMiddleware implements NestMiddleware {
  use(req: DocentRequest, res: Response, next: NextFunction): void {
    const given = req.header('x-request-id');
    req.requestId = given && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
    next();
  }
}
