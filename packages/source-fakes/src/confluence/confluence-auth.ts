import type { FakeRequest, FakeResponse } from '../shared/fake-http-types';
import { errorResponse, type ErrorFamily } from './api-problem';
import type { ServingContext } from './serving-context';

/** Where a route lives decides which credentials it takes. */
export type AuthRealm = 'site' | 'gateway' | 'dc';

/**
 * Cloud site routes take Basic email:token only (a Bearer token there is a scoped/3LO token used
 * on the wrong host: 401); gateway routes take OAuth Bearer tokens; Data Center takes Basic
 * username:password or a Bearer PAT. Returns the refusal, or undefined when allowed.
 */
export function refuseUnauthenticated(
  request: FakeRequest,
  realm: AuthRealm,
  family: ErrorFamily,
  serving: ServingContext,
): FakeResponse | undefined {
  const auth = request.authorization;
  const users = serving.options.users ?? [];
  const basicOk =
    auth.scheme === 'basic' &&
    users.some((user) => user.username === auth.username && user.password === auth.password);
  let allowed = false;
  switch (realm) {
    case 'site':
      allowed = basicOk;
      break;
    case 'dc':
      allowed =
        basicOk ||
        (auth.scheme === 'bearer' &&
          (serving.options.personalAccessTokens ?? []).includes(auth.token));
      break;
    case 'gateway':
      allowed =
        auth.scheme === 'bearer' && (serving.oauth?.isValidAccessToken(auth.token) ?? false);
      if (allowed && request.params.cloudId !== serving.options.oauth?.cloudId) {
        return errorResponse('gateway', 404, 'Cloud id not found');
      }
      break;
  }
  if (allowed) return undefined;
  const headers = {
    'www-authenticate':
      realm === 'gateway' ? 'Bearer realm="api.atlassian.com"' : 'Basic realm="Confluence"',
  };
  if (realm === 'gateway') return { ...errorResponse('gateway', 401, 'Unauthorized'), headers };
  if (serving.options.unauthorizedBody === 'text') {
    return { status: 401, headers, body: 'Unauthorized' };
  }
  return {
    ...errorResponse(
      family,
      401,
      'This request is not authorized: the credentials are missing or invalid',
    ),
    headers,
  };
}
