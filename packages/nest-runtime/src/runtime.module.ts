import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { SourceConnector } from '@docent/connector-sdk';
import {
  buildRuntime,
  createJsonLogger,
  newWorkerId,
  type DocentConfig,
  type Runtime,
} from '@docent/runtime';
import { JobWorkerModule } from './job-worker.module';
import { RUNTIME } from './runtime-token';

export interface RuntimeModuleOptions {
  config: DocentConfig;
  /** Extra connectors (tests). */
  connectors?: SourceConnector<unknown>[];
  /** This process consumes ingestion jobs: the worker app, and the api in embedded mode. */
  runWorker?: boolean;
}

/** Thin wiring: the domain runtime is plain TypeScript; Nest only holds and closes it. */
@Module({})
export class RuntimeModule implements OnApplicationShutdown {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  static forRoot(options: RuntimeModuleOptions): DynamicModule {
    const { config } = options;
    // One id for the runtime (leases, collection locks) and the Worker Nest hosts.
    const workerId = newWorkerId();
    return {
      module: RuntimeModule,
      global: true,
      imports: options.runWorker ? [JobWorkerModule.forRoot(config, workerId)] : [],
      providers: [
        {
          provide: RUNTIME,
          useFactory: async () => {
            const logger = createJsonLogger(config.logLevel);
            return buildRuntime(config, { logger, connectors: options.connectors, workerId });
          },
        },
      ],
      exports: [RUNTIME],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runtime.close();
  }
}
