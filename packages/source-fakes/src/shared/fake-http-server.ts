import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAuthorization } from './authorization';
import type { FakeRequest, FakeResponse, FakeRoute, RequestLogEntry } from './fake-http-types';
import { type DelayFault, FaultBook, faultHeaders, type StatusFault } from './faults';
import { RouteTable } from './route-matching';

/** `F`: the API's status fault (see FaultBook). */
export interface FakeHttpServerOptions<F extends StatusFault = StatusFault> {
  routes: readonly FakeRoute[];
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Added before every response. */
  latencyMs?: number;
  /** Content type of JSON bodies (default `application/json; charset=utf-8`). */
  jsonContentType?: string;
  /**
   * The body a status fault answers with on this route (each API has its own error shape);
   * the fault's `retryAfterSeconds` and `headers` are added to it.
   */
  renderFault(route: FakeRoute, fault: F): FakeResponse;
  /** The answer for a path no route serves. */
  renderNotFound(request: FakeRequest): FakeResponse;
}

export interface FakeHttpServer<F extends StatusFault = StatusFault> {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  /** Every request received, in arrival order. */
  readonly requests: RequestLogEntry[];
  latencyMs: number;
  setFault(route: string, fault: F | DelayFault): void;
  /** Clears the fault of one route, or all faults. */
  clearFaults(route?: string): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** A small HTTP server for API fakes: routing, request log, latency and fault injection. */
export async function startFakeHttpServer<F extends StatusFault = StatusFault>(
  options: FakeHttpServerOptions<F>,
): Promise<FakeHttpServer<F>> {
  const table = new RouteTable(options.routes);
  const faults = new FaultBook<F>();
  const jsonContentType = options.jsonContentType ?? 'application/json; charset=utf-8';
  const requests: RequestLogEntry[] = [];
  const host = options.host ?? '127.0.0.1';
  let origin = '';

  const controls = {
    latencyMs: options.latencyMs ?? 0,
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        send(
          res,
          { status: 500, body: { message: `fake server error: ${String(error)}` } },
          jsonContentType,
        );
      } else {
        res.destroy();
      }
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const method = (req.method ?? 'GET').toUpperCase();
    const authorization = parseAuthorization(req.headers.authorization);
    const matched = table.match(method, url.pathname);
    const routeName = matched
      ? (matched.route.nameFor?.(url.searchParams) ?? matched.route.name)
      : null;
    const entry: RequestLogEntry = {
      method,
      path: url.pathname,
      query: flattenQuery(url.searchParams),
      rawQuery: url.search.replace(/^\?/, ''),
      authScheme: authorization.scheme,
      route: routeName,
      status: 0,
      unknownParams: unknownParams(url.searchParams, matched?.route.knownParams),
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
      const fault = faults.take(routeName, matched.params);
      if (fault && 'delayMs' in fault) await delay(fault.delayMs);
      if (fault && 'status' in fault) {
        const rendered = options.renderFault(matched.route, fault);
        response = { ...rendered, headers: { ...rendered.headers, ...faultHeaders(fault) } };
      } else {
        response = await matched.route.handle(request);
      }
    }
    entry.status = response.status;
    send(res, response, jsonContentType);
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
    port,
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
        // Clients keep sockets alive; without this, close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, response: FakeResponse, jsonContentType: string): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  let payload: Buffer | string = '';
  if (Buffer.isBuffer(response.body)) {
    payload = response.body;
    headers['content-type'] ??= 'application/octet-stream';
  } else if (typeof response.body === 'string') {
    payload = response.body;
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  } else if (response.body !== undefined) {
    payload = JSON.stringify(response.body);
    headers['content-type'] ??= jsonContentType;
  }
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(response.status, headers);
  res.end(payload);
}

/** Query parameters as the request log keeps them: a repeated one joined with ','. */
export function flattenQuery(params: URLSearchParams): Record<string, string> {
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
