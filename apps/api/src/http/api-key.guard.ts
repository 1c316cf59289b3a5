import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Runtime } from '@docent/runtime';
import { RUNTIME } from '@docent/worker';
import { ProblemError } from './problem';
import { IS_PUBLIC } from './public.decorator';
import { RateLimiter } from './rate-limiter';
import type { DocentRequest } from './request-context';

/** `Api-Key` authentication, then the per-key rate limit. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly reflector: Reflector,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {
    this.limiter = new RateLimiter(runtime.config.rateLimitPerMinute);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<DocentRequest>();
    const principal = await this.runtime.apiKeys.authenticate(req.header('api-key'));
    if (!principal) {
      throw new ProblemError('unauthorized', 'A valid Api-Key header is required.');
    }
    const wait = this.limiter.take(principal.apiKeyId);
    if (wait > 0) {
      throw new ProblemError(
        'rate_limited',
        `Too many requests for this API key; retry in ${wait} s.`,
        [],
        {
          'Retry-After': String(wait),
        },
      );
    }
    req.principal = principal;
    return true;
  }
}
