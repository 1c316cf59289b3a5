import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { openApiDocument, type Readiness } from '@docent/contract';
import {
  READINESS,
  RUNTIME_METRICS,
  type MetricsText,
  type ReadinessCheck,
} from '@docent/nest-runtime';
import { Metrics } from '../http/metrics';
import { Public } from '../http/public.decorator';

@Public()
@Controller()
export class OperationsController {
  constructor(
    @Inject(READINESS) private readonly checkReadiness: ReadinessCheck,
    @Inject(RUNTIME_METRICS) private readonly runtimeMetrics: MetricsText,
    private readonly metrics: Metrics,
  ) {}

  @Get('healthz')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readiness(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const checks = await this.checkReadiness();
    const ok = Object.values(checks).every((c) => c === 'ok');
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', checks };
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  async metricsText(): Promise<string> {
    // HTTP and process metrics, then the ingestion pipeline's (this process runs the jobs in
    // embedded mode; a worker serves its own on DOCENT_METRICS_PORT).
    return `${await this.metrics.registry.metrics()}\n${await this.runtimeMetrics()}`;
  }

  @Get('openapi.json')
  contract(): Record<string, unknown> {
    return openApiDocument();
  }
}
