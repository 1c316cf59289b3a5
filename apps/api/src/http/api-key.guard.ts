import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  ApiKeyService,
  csrfTokenMatches,
  UserAccountService,
  type Principal,
} from '@docent/accounts';
import { DOCENT_CONFIG } from '@docent/nest-runtime';
import type { DocentConfig } from '@docent/runtime';
import { ProblemError } from './problem';
import { CSRF_EXEMPT, IS_PUBLIC } from './public.decorator';
import { RateLimiter } from './rate-limiter';
import type { DocentRequest } from './request-context';
import { sessionToken } from './session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `Api-Key` authentication, or the web UI's session cookie (with the session's CSRF token on
 * state-changing requests), then the per-key (or per-session) rate limit.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyService,
    private readonly users: UserAccountService,
    @Inject(DOCENT_CONFIG) config: DocentConfig,
  ) {
    this.limiter = new RateLimiter(config.rateLimitPerMinute);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<DocentRequest>();
    const csrfExempt = this.reflector.getAllAndOverride<boolean>(CSRF_EXEMPT, [
      context.getHandler(),
      context.getClass(),
    ]);
    const principal = await this.authenticate(req, csrfExempt === true);
    const wait = this.limiter.take(
      principal.apiKeyId ? `key:${principal.apiKeyId}` : `session:${principal.sessionId}`,
    );
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

  /** An `Api-Key` header wins over a cookie: API clients never need a CSRF token. */
  private async authenticate(req: DocentRequest, csrfExempt: boolean): Promise<Principal> {
    const key = req.header('api-key');
    const token = sessionToken(req);
    if (key !== undefined || token === undefined) {
      const principal = await this.apiKeys.authenticate(key);
      if (!principal) {
        throw new ProblemError(
          'unauthorized',
          'A valid Api-Key header (or a logged-in session) is required.',
        );
      }
      return principal;
    }
    const session = await this.users.sessions.resume(token);
    if (!session) {
      throw new ProblemError('unauthorized', 'The session expired or ended; log in again.');
    }
    if (
      !csrfExempt &&
      !SAFE_METHODS.has(req.method) &&
      !csrfTokenMatches(session, req.header('x-csrf-token'))
    ) {
      throw new ProblemError(
        'unauthorized',
        'Missing or wrong X-CSRF-Token header for this session.',
      );
    }
    // Kept for the session routes (`/account/me`, `/account/logout`): no second lookup.
    req.browserSession = { token, record: session };
    return { accountId: session.accountId, apiKeyId: null, sessionId: session.id };
  }
}
