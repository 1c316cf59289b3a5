import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAuthorization } from '../shared/authorization';
import type {
  FakeRequest,
  FakeResponse,
  FakeRoute,
  RequestLogEntry,
} from '../shared/fake-http-types';
import { FaultBook } from '../shared/faults';
import { RouteTable } from '../shared/route-matching';
import type { DriveFault, DriveStatusFault } from './fake-drive-types';

/** A route whose log and fault name may depend on the query (`files.get?alt=media`). */
export interface DriveRoute extends FakeRoute {
  nameFor?(query: URLSearchParams): string;
}

export interface DriveHttpServerOptions {
  routes: readonly DriveRoute[];
  host?: string;
  port?: number;
  latencyMs?: number;
  renderFault(fault: DriveStatusFault): FakeResponse;
  renderNotFound(request: FakeRequest): FakeResponse;
}

export interface DriveHttpServer {
  readonly origin: string;
  readonly requests: RequestLogEntry[];
  latencyMs: number;
  setFault(route: string, fault: DriveFault): void;
  clearFaults(route?: string): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The shared fake server's routing, request log and faults, plus binary bodies: Drive serves
 * file bytes (`alt=media`, exports), which the shared server's text/JSON `send` cannot carry.
 * A `Buffer` body is sent as is.
 */
export async function startDriveHttpServer(
  options: DriveHttpServerOptions,
): Promise<DriveHttpServer> {
  const table = new RouteTable(options.routes);
  const faults = new FaultBook();
  const requests: RequestLogEntry[] = [];
  const host = options.host ?? '127.0.0.1';
  const controls = { latencyMs: options.latencyMs ?? 0 };
  let origin = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else send(res, { status: 500, body: { message: `fake server error: ${String(error)}` } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const method = (req.method ?? 'GET').toUpperCase();
    const authorization = parseAuthorization(req.headers.authorization);
    const matched = table.match(method, url.pathname);
    const route = matched?.route as DriveRoute | undefined;
    const routeName = route ? (route.nameFor?.(url.searchParams) ?? route.name) : null;
    const entry: RequestLogEntry = {
      method,
      path: url.pathname,
      query: flattenQuery(url.searchParams),
      rawQuery: url.search.replace(/^\?/, ''),
      authScheme: authorization.scheme,
      route: routeName,
      status: 0,
      unknownParams: unknownParams(url.searchParams, route?.knownParams),
    };
    requests.push(entry);

    const body = await readBody(req);
    if (controls.latencyMs > 0) await delay(controls.latencyMs);
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      params: matched?.params ?? {},
      authorization,
      body,
      origin,
    };
    let response: FakeResponse;
    if (!matched || routeName === null) {
      response = options.renderNotFound(request);
    } else {
      // FaultBook keeps the object it was given, so Drive's extra fields (reason) survive.
      const fault = faults.take(routeName) as DriveFault | undefined;
      if (fault && 'delayMs' in fault) await delay(fault.delayMs);
      response =
        fault && 'status' in fault
          ? withFaultHeaders(options.renderFault(fault), fault)
          : await matched.route.handle(request);
    }
    entry.status = response.status;
    send(res, response);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    origin,
    requests,
    get latencyMs() {
      return controls.latencyMs;
    },
    set latencyMs(value: number) {
      controls.latencyMs = value;
    },
    setFault: (route, fault) => faults.set(route, fault),
    clearFaults: (route) => faults.clear(route),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function withFaultHeaders(response: FakeResponse, fault: DriveStatusFault): FakeResponse {
  const headers: Record<string, string> = { ...response.headers, ...fault.headers };
  if (fault.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(fault.retryAfterSeconds);
  return { ...response, headers };
}

function send(res: ServerResponse, response: FakeResponse): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  let payload: Buffer;
  if (Buffer.isBuffer(response.body)) {
    payload = response.body;
    headers['content-type'] ??= 'application/octet-stream';
  } else if (typeof response.body === 'string') {
    payload = Buffer.from(response.body, 'utf8');
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  } else if (response.body !== undefined) {
    payload = Buffer.from(JSON.stringify(response.body), 'utf8');
    headers['content-type'] ??= 'application/json; charset=UTF-8';
  } else {
    payload = Buffer.alloc(0);
  }
  headers['content-length'] = String(payload.length);
  res.writeHead(response.status, headers);
  res.end(payload);
}

function flattenQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of new Set(params.keys())) query[name] = params.getAll(name).join(',');
  return query;
}

function unknownParams(params: URLSearchParams, known: readonly string[] | undefined): string[] {
  const names = [...new Set(params.keys())];
  return known === undefined ? names : names.filter((name) => !known.includes(name));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
