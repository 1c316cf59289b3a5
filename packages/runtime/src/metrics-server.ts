import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';

/** A registry of the process's own metrics (CPU, memory, event loop, GC), named `docent_…`. */
export function processMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'docent_' });
  return registry;
}

/**
 * `GET /metrics` (Prometheus) on an operator port of its own, apart from the public API: the
 * counts it shows (requests by route and status, logins and sign-ups included) are for the
 * operator's scraper, not for every client. Both apps serve one with DOCENT_METRICS_PORT.
 * The page is each source's exposition text in order, one line break apart.
 */
export function startMetricsServer(
  port: number,
  sources: ReadonlyArray<() => Promise<string>>,
): Promise<Server> {
  const metricsText = async () => (await Promise.all(sources.map((source) => source()))).join('\n');
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsText().then(
      (text) => {
        res
          .writeHead(200, {
            'content-type': 'text/plain; version=0.0.4; charset=utf-8',
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
          })
          .end(text);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
