import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { DOCENT_CONFIG } from '@docent/nest-runtime';
import type { DocentConfig } from '@docent/runtime';
import type { DocentRequest } from './request-context';

/**
 * Headers every answer gets: `nosniff`; `no-store` (answers hold keys, CSRF tokens and
 * collection content; the web UI's files set their own caching); HSTS when the public URL is
 * https, so a browser never again speaks plain http to the host that set the cookie.
 */
@Injectable()
export class SecurityHeadersMiddleware implements NestMiddleware {
  private readonly hsts: boolean;

  constructor(@Inject(DOCENT_CONFIG) config: DocentConfig) {
    this.hsts = config.publicUrl.startsWith('https:');
  }

  use(_req: DocentRequest, res: Response, next: NextFunction): void {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    if (this.hsts) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
    next();
  }
}
