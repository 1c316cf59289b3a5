import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import {
  ApiKeyService,
  csrfTokenMatches,
  UserAccountService,
  type Principal,
} from '@docent/accounts';
import { DOCENT_CONFIG } from '@docent/nest-runtime';
import type { DocentConfig } from '@docent/runtime';
import { ClientAddresses } from './client-address';
import { ProblemError } from './problem';
import { CSRF_EXEMPT, IS_PUBLIC } from './public.decorator';
import { RateLimiter } from './rate-limiter';
import type { DocentRequest } from './request-context';
import { SessionCookies } from './session-cookie';

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
    private readonly cookies: SessionCookies,
    private readonly addresses: ClientAddresses,
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
    const http = context.switchToHttp();
    const req = http.getRequest<DocentRequest>();
    const csrfExempt = this.reflector.getAllAndOverride<boolean>(CSRF_EXEMPT, [
      context.getHandler(),
      context.getClass(),
    ]);
    const principal = await this.authenticate(
      req,
      http.getResponse<Response>(),
      csrfExempt === true,
    );
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
  private async authenticate(
    req: DocentRequest,
    res: Response,
    csrfExempt: boolean,
  ): Promise<Principal> {
    const key = req.header('api-key');
    const cookie = this.cookies.read(req);
    if (key === undefined && cookie.kind === 'none' && req.header('authorization') !== undefined) {
      // The usual habit (`Authorization: Bearer …`): say where the key goes instead of a bare 401.
      throw new ProblemError(
        'unauthorized',
        'The API key goes in the Api-Key header (Api-Key: <your key>); Docent does not read the Authorization header.',
      );
    }
    if (key !== undefined || cookie.kind === 'none') {
      const principal = await this.apiKeys.authenticate(key, this.addresses.of(req));
      if (!principal) {
        throw new ProblemError(
          'unauthorized',
          'A valid Api-Key header (or a logged-in session) is required.',
        );
      }
      return principal;
    }
    if (cookie.kind === 'duplicate') {
      // Someone planted a second session cookie for this host: whichever is which, neither is
      // trusted. Both are cleared so that the next log-in starts clean.
      this.cookies.clearAll(req, res);
      throw new ProblemError(
        'unauthorized',
        'The browser sent two session cookies (one may have been planted by another site); both were cleared: log in again.',
      );
    }
    const session = await this.users.sessions.resume(cookie.token);
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
    req.browserSession = { token: cookie.token, record: session };
    return {
      accountId: session.accountId,
      apiKeyId: null,
      apiKeyScope: null,
      sessionId: session.id,
    };
  }
}
