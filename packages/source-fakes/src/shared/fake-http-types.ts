import type { IncomingHttpHeaders } from 'node:http';
import type { AuthScheme, RequestAuthorization } from './authorization';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Path parameters of the route template. */
  params: Record<string, string>;
  authorization: RequestAuthorization;
  body: string;
  /** `http://127.0.0.1:<port>`: for absolute links in responses. */
  origin: string;
}

/**
 * `body`: a Buffer is sent as is (application/octet-stream unless `content-type` says otherwise),
 * a string as text/plain, anything else as JSON.
 */
export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeRoute {
  /** Stable name used for faults and in the request log, e.g. `v2.spacePages`. */
  name: string;
  method: string;
  path: string;
  /** Query parameters the real API defines; others are recorded as unknown in the log. */
  knownParams?: readonly string[];
  /** The name to log and fault under when it depends on the query (Drive's `files.get?alt=media`). */
  nameFor?(query: URLSearchParams): string;
  handle(request: FakeRequest): FakeResponse | Promise<FakeResponse>;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  /** Query parameters; a repeated one has its values joined with ','. */
  query: Record<string, string>;
  rawQuery: string;
  authScheme: AuthScheme;
  /** The route that matched, or null for a path the fake does not serve. */
  route: string | null;
  /** The status answered (0 until the response is sent). */
  status: number;
  unknownParams: string[];
}
