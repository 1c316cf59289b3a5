import { flattenQuery } from '../shared/fake-http-server';
import type { FakeRequest, FakeResponse, FakeRoute } from '../shared/fake-http-types';
import { faultHeaders } from '../shared/faults';
import type { ShapeContext } from './api-shapes';
import type { NotionRequestLogEntry, NotionRouteName } from './fake-notion-types';
import type { Integration } from './integration-book';
import { NotionProblem, notionError, problemResponse } from './notion-problem';
import { SUPPORTED_VERSIONS, type VersionProfile, versionProfile } from './notion-versions';
import { normaliseIdParams } from './notion-ids';
import type { NotionServing } from './serving-context';

/** What an authenticated, versioned handler gets. */
export interface ApiCall {
  request: FakeRequest;
  /** The JSON body of a POST (an empty object for GET). */
  body: Record<string, unknown>;
  integration: Integration;
  profile: VersionProfile;
  shapes: ShapeContext;
}

export interface ApiRouteSpec {
  name: NotionRouteName;
  method: 'GET' | 'POST';
  path: string;
  /** Query parameters (GET) or body fields (POST) the real endpoint defines. */
  knownParams: readonly string[];
  handle(call: ApiCall): FakeResponse;
}

export interface OpenRouteSpec {
  name: NotionRouteName;
  method: 'GET' | 'POST';
  path: string;
  knownParams: readonly string[];
  /** Checks its own credentials (OAuth client auth, signed file URLs). */
  handle(request: FakeRequest, body: Record<string, unknown>): FakeResponse;
}

/**
 * An API route: checks the bearer token, then `Notion-Version`, then the rate limit, injected
 * overloads and faults, in that order; every request is logged with what it sent and got.
 */
export function defineApiRoute(spec: ApiRouteSpec, serving: NotionServing): FakeRoute {
  return {
    name: spec.name,
    method: spec.method,
    path: spec.path,
    knownParams: spec.method === 'GET' ? spec.knownParams : [],
    handle: (request) =>
      serveLogged(spec, serving, request, async (body) => {
        const integration = authenticate(request, serving);
        const profile = requireVersion(request);
        throttle(integration, serving);
        await applyFault(spec.name, request, serving);
        rejectUnknownBodyFields(spec, body);
        return spec.handle({
          request,
          body,
          integration,
          profile,
          shapes: { store: serving.store, profile, origin: request.origin, now: serving.now() },
        });
      }),
  };
}

/** A route outside the bearer-token API (OAuth, file downloads): logged, faults injectable. */
export function defineOpenRoute(spec: OpenRouteSpec, serving: NotionServing): FakeRoute {
  return {
    name: spec.name,
    method: spec.method,
    path: spec.path,
    knownParams: spec.method === 'GET' ? spec.knownParams : [],
    handle: (request) =>
      serveLogged(spec, serving, request, async (body) => {
        await applyFault(spec.name, request, serving);
        return spec.handle(request, body);
      }),
  };
}

/** Real Notion answers an unknown path with 400 `invalid_request_url`. */
export function unknownPath(serving: NotionServing, request: FakeRequest): FakeResponse {
  const entry = logEntry(serving, request, null, [], undefined);
  const response = notionError(400, 'invalid_request_url', 'Invalid request URL.');
  entry.status = response.status;
  entry.code = 'invalid_request_url';
  return response;
}

async function serveLogged(
  spec: { name: NotionRouteName; method: 'GET' | 'POST'; knownParams: readonly string[] },
  serving: NotionServing,
  request: FakeRequest,
  run: (body: Record<string, unknown>) => Promise<FakeResponse>,
): Promise<FakeResponse> {
  let body: Record<string, unknown> = {};
  let bodyProblem: NotionProblem | undefined;
  if (spec.method === 'POST') {
    const parsed = parseJsonBody(request);
    if (parsed instanceof NotionProblem) bodyProblem = parsed;
    else body = parsed;
  }
  const unknown =
    spec.method === 'GET'
      ? [...new Set(request.query.keys())].filter((name) => !spec.knownParams.includes(name))
      : Object.keys(body).filter((name) => !spec.knownParams.includes(name));
  const entry = logEntry(
    serving,
    request,
    spec.name,
    unknown,
    spec.method === 'POST' && !bodyProblem ? body : undefined,
  );
  let response: FakeResponse;
  try {
    if (bodyProblem) throw bodyProblem;
    response = await run(body);
  } catch (error) {
    if (!(error instanceof NotionProblem)) throw error;
    response = problemResponse(error);
  }
  entry.status = response.status;
  const code = (response.body as { object?: unknown; code?: unknown } | undefined)?.code;
  if (response.status >= 400 && typeof code === 'string') entry.code = code;
  return response;
}

function logEntry(
  serving: NotionServing,
  request: FakeRequest,
  route: NotionRouteName | null,
  unknownParams: string[],
  body: unknown,
): NotionRequestLogEntry {
  const version = request.headers['notion-version'];
  const entry: NotionRequestLogEntry = {
    method: request.method,
    path: request.path,
    route,
    query: flattenQuery(request.query),
    body,
    notionVersion: Array.isArray(version) ? version.join(',') : version,
    authScheme: request.authorization.scheme,
    unknownParams,
    status: 0,
    at: serving.now().getTime(),
  };
  serving.log.push(entry);
  return entry;
}

function parseJsonBody(request: FakeRequest): Record<string, unknown> | NotionProblem {
  if (request.body.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.body);
  } catch {
    return new NotionProblem(400, 'invalid_json', 'Error parsing JSON body.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return new NotionProblem(400, 'validation_error', 'body should be an object.');
  }
  return parsed as Record<string, unknown>;
}

function authenticate(request: FakeRequest, serving: NotionServing): Integration {
  const auth = request.authorization;
  const integration =
    auth.scheme === 'bearer'
      ? serving.integrations.find(auth.token, serving.now().getTime())
      : undefined;
  if (!integration) throw new NotionProblem(401, 'unauthorized', 'API token is invalid.');
  return integration;
}

function requireVersion(request: FakeRequest): VersionProfile {
  const header = request.headers['notion-version'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') {
    throw new NotionProblem(
      400,
      'missing_version',
      'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
    );
  }
  const profile = versionProfile(value);
  if (!profile) {
    throw new NotionProblem(
      400,
      'validation_error',
      `Notion-Version header failed validation: ${JSON.stringify(value)} is not a version this server supports (${SUPPORTED_VERSIONS.join(', ')}).`,
    );
  }
  return profile;
}

function throttle(integration: Integration, serving: NotionServing): void {
  const { controls } = serving;
  controls.apiRequests += 1;
  if (controls.rateLimit) {
    const verdict = serving.buckets.take(
      integration.token,
      controls.rateLimit,
      serving.now().getTime(),
    );
    if (!verdict.allowed) {
      throw new NotionProblem(
        429,
        'rate_limited',
        'You have been rate limited. Please try again in a few minutes.',
        { 'retry-after': String(verdict.retryAfterSeconds) },
      );
    }
  }
  if (controls.overloadEvery !== null && controls.apiRequests % controls.overloadEvery === 0) {
    throw new NotionProblem(
      529,
      'service_overload',
      'Notion is currently overloaded. Please try again later.',
    );
  }
}

async function applyFault(
  route: NotionRouteName,
  request: FakeRequest,
  serving: NotionServing,
): Promise<void> {
  const fault = serving.faults.take(route, normaliseIdParams(request.params));
  if (!fault) return;
  if ('delayMs' in fault) {
    await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    return;
  }
  const template = notionError(fault.status).body as { code: string; message: string };
  throw new NotionProblem(fault.status, template.code, template.message, faultHeaders(fault));
}

function rejectUnknownBodyFields(spec: ApiRouteSpec, body: Record<string, unknown>): void {
  if (spec.method !== 'POST') return;
  const unknown = Object.keys(body).filter((name) => !spec.knownParams.includes(name));
  if (unknown.length > 0) {
    throw new NotionProblem(
      400,
      'validation_error',
      `body failed validation: ${unknown.map((name) => `body.${name} should be not present`).join(', ')}.`,
    );
  }
}
