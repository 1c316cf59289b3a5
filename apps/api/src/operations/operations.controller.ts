import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { openApiDocument, type Readiness } from '@docent/contract';
import { READINESS, type ReadinessCheck } from '@docent/nest-runtime';
import { Public } from '../http/public.decorator';

@Public()
@Controller()
export class OperationsController {
  constructor(@Inject(READINESS) private readonly checkReadiness: ReadinessCheck) {}

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

  @Get('openapi.json')
  contract(): Record<string, unknown> {
    return openApiDocument();
  }
}
