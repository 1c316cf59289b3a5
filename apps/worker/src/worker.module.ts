import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { Runtime } from '@docent/runtime';
import { RUNTIME } from './runtime.module';

/** Consumes ingestion jobs; imported by the worker app, and by the api app in embedded mode. */
@Module({})
export class WorkerModule implements OnApplicationBootstrap {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runtime.startWorker();
  }
}
