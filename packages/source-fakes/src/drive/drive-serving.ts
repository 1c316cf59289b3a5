import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { refuseUnauthenticated } from './drive-auth';
import type { DriveStore } from './drive-store';
import type { DriveTokenBook } from './drive-token-book';
import type { DriveRouteName, FakeDriveOptions } from './fake-drive-types';
import { DriveApiError, errorResponseOf } from './google-errors';

/** Everything route handlers share. */
export interface DriveServing {
  store: DriveStore;
  tokens: DriveTokenBook;
  options: FakeDriveOptions;
  pageSizeCap: number;
}

/** Standard Google API parameters every method takes. */
const STANDARD_PARAMS = ['alt', 'fields', 'key', 'prettyPrint', 'quotaUser'];

export interface DriveRouteSpec {
  name: DriveRouteName;
  method?: string;
  path: string;
  /** Method parameters (the standard ones are added). */
  params: readonly string[];
  /** False for routes that check credentials themselves (the token endpoint). */
  authenticated?: boolean;
  nameFor?(query: URLSearchParams): DriveRouteName;
  handle(request: FakeRequest): FakeResponse;
}

/** Wraps a handler with the Bearer check and turns DriveApiError into Google's envelope. */
export function defineDriveRoute(spec: DriveRouteSpec, serving: DriveServing): FakeRoute {
  return {
    name: spec.name,
    method: spec.method ?? 'GET',
    path: spec.path,
    knownParams: [...STANDARD_PARAMS, ...spec.params],
    ...(spec.nameFor ? { nameFor: spec.nameFor } : {}),
    handle: (request) => {
      if (spec.authenticated !== false) {
        const refusal = refuseUnauthenticated(request, serving.tokens);
        if (refusal) return refusal;
      }
      try {
        return spec.handle(request);
      } catch (error) {
        if (error instanceof DriveApiError) return errorResponseOf(error);
        throw error;
      }
    },
  };
}
