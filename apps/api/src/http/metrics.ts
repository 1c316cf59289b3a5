import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { Counter, Histogram } from 'prom-client';
import { processMetricsRegistry } from '@docent/runtime';
import type { DocentRequest } from './request-context';

/** Prometheus metrics of one app instance (its own registry, so tests can build many apps). */
@Injectable()
export class Metrics {
  readonly registry = processMetricsRegistry();
  readonly httpRequests = new Counter({
    name: 'docent_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'docent_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
}

@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: Metrics) {}

  use(req: DocentRequest, res: Response, next: NextFunction): void {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      // Route templates only: raw paths would let clients create unbounded label values.
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      this.metrics.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      this.metrics.httpDuration.observe({ method: req.method, route }, seconds);
    });
    next();
  }
}
