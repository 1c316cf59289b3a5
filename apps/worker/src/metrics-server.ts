import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The worker has no HTTP API; with DOCENT_METRICS_PORT it serves `GET /metrics` (process
 * metrics and the ingestion pipeline's, as the api's `/metrics` does) for Prometheus to scrape.
 */
export function startMetricsServer(
  port: number,
  runtimeMetrics: () => Promise<string>,
): Promise<Server> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'docent_' });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    Promise.all([registry.metrics(), runtimeMetrics()]).then(
      ([process, pipeline]) => {
        res
          .writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' })
          .end(`${process}\n${pipeline}`);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
