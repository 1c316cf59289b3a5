import type { Server } from 'node:http';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DOCENT_CONFIG, RUNTIME_METRICS, type MetricsText } from '@docent/nest-runtime';
import { startMetricsServer, type DocentConfig } from '@docent/runtime';
import { Metrics } from '../http/metrics';

/**
 * `/metrics` on DOCENT_METRICS_PORT, never on the public port: HTTP and process metrics, then
 * the ingestion pipeline's (this process runs the jobs in embedded mode).
 */
@Injectable()
export class OperatorMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;

  constructor(
    @Inject(DOCENT_CONFIG) private readonly config: DocentConfig,
    @Inject(RUNTIME_METRICS) private readonly runtimeMetrics: MetricsText,
    private readonly metrics: Metrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === undefined) return;
    this.server = await startMetricsServer(this.config.metricsPort, [
      () => this.metrics.registry.metrics(),
      this.runtimeMetrics,
    ]);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
