import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { ApiProblem, errorResponse, type ErrorFamily } from './api-problem';
import { type AuthRealm, refuseUnauthenticated } from './confluence-auth';
import type { ConfluenceRouteName } from './fake-confluence-types';
import type { ServingContext } from './serving-context';

export interface ConfluenceRouteSpec {
  name: ConfluenceRouteName;
  method?: string;
  path: string;
  family: ErrorFamily;
  /** Null for routes that check credentials themselves (the OAuth endpoints). */
  realm: AuthRealm | null;
  knownParams: readonly string[];
  handle(request: FakeRequest): FakeResponse;
}

/** Wraps a handler with the realm's auth check and the family's error bodies. */
export function defineRoute(spec: ConfluenceRouteSpec, serving: ServingContext): FakeRoute {
  return {
    name: spec.name,
    method: spec.method ?? 'GET',
    path: spec.path,
    knownParams: spec.knownParams,
    handle: (request) => {
      if (spec.realm !== null) {
        const refusal = refuseUnauthenticated(request, spec.realm, spec.family, serving);
        if (refusal) return refusal;
      }
      try {
        return spec.handle(request);
      } catch (error) {
        if (error instanceof ApiProblem)
          return errorResponse(spec.family, error.status, error.detail);
        throw error;
      }
    },
  };
}

/** The request path as the site would see it: without an `/ex/confluence/{cloudId}` gateway prefix. */
export function sitePath(request: FakeRequest): string {
  return request.path.replace(/^\/ex\/confluence\/[^/]+/, '');
}
