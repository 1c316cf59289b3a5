import http from 'node:http';
import { type AddressInfo } from 'node:net';

export interface LocalServer {
  port: number;
  /** Requests received, as "METHOD /path". */
  requests: string[];
  /** TCP connections accepted. */
  connections: number;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1, for tests that must go through real sockets and DNS hooks. */
export async function startLocalServer(handler: http.RequestListener): Promise<LocalServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    handler(req, res);
  });
  const state: LocalServer = {
    port: 0,
    requests,
    connections: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}
