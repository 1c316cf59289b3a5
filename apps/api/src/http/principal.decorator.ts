import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Principal } from '@docent/accounts';
import type { DocentRequest } from './request-context';

/** The authenticated account of the request (set by ApiKeyGuard). */
export const CurrentPrincipal = createParamDecorator(
  (_: unknown, context: ExecutionContext): Principal => {
    const principal = context.switchToHttp().getRequest<DocentRequest>().principal;
    if (!principal) throw new Error('route without ApiKeyGuard');
    return principal;
  },
);
