import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { SourceConnector } from '@docent/connector-sdk';
import {
  buildRuntime,
  createJsonLogger,
  loadConfig,
  type DocentConfig,
  type Environment,
  type Runtime,
} from '@docent/runtime';

/** Injection token of the composed ports and services. */
export const RUNTIME = Symbol('DocentRuntime');

export interface RuntimeModuleOptions {
  /** Already loaded configuration; else it is read from `env`. */
  config?: DocentConfig;
  env?: Environment;
  /** Extra connectors (tests). */
  connectors?: SourceConnector<unknown>[];
}

/** Thin wiring: the domain runtime is plain TypeScript; Nest only holds and closes it. */
@Global()
@Module({})
export class RuntimeModule implements OnApplicationShutdown {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  static forRoot(options: RuntimeModuleOptions = {}): DynamicModule {
    return {
      module: RuntimeModule,
      providers: [
        {
          provide: RUNTIME,
          useFactory: async () => {
            const config = options.config ?? loadConfig(options.env ?? process.env);
            const logger = createJsonLogger(config.logLevel);
            return buildRuntime(config, { logger, connectors: options.connectors });
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
