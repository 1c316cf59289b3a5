import {
  type DynamicModule,
  Inject,
  type InjectionToken,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ApiKeyService, UserAccountService } from '@docent/accounts';
import { CatalogService } from '@docent/catalog';
import type { SourceConnector } from '@docent/connector-sdk';
import { IngestionService } from '@docent/ingestion';
import { OAuthConnectionService } from '@docent/oauth-connections';
import { AskService } from '@docent/retrieval';
import { ScheduleService } from '@docent/schedules';
import {
  buildRuntime,
  createJsonLogger,
  newWorkerId,
  type DocentConfig,
  type Runtime,
} from '@docent/runtime';
import { JobWorkerModule } from './job-worker.module';
import {
  DEPENDENCY_MONITOR,
  DOCENT_CONFIG,
  DOCENT_LOGGER,
  READINESS,
  RUNTIME,
  RUNTIME_METRICS,
  type MetricsText,
  type ReadinessCheck,
} from './tokens';

export interface RuntimeModuleOptions {
  config: DocentConfig;
  /** Extra connectors (tests). */
  connectors?: SourceConnector<unknown>[];
  /** This process consumes ingestion jobs: the worker app, and the api in embedded mode. */
  runWorker?: boolean;
}

/** What the runtime hands out for injection, each under its own token. */
const PARTS: ReadonlyArray<readonly [InjectionToken, (runtime: Runtime) => unknown]> = [
  [ApiKeyService, (r) => r.apiKeys],
  [UserAccountService, (r) => r.users],
  [OAuthConnectionService, (r) => r.connections],
  [IngestionService, (r) => r.ingestions],
  [ScheduleService, (r) => r.schedules],
  [CatalogService, (r) => r.catalog],
  [AskService, (r) => r.ask],
  [DOCENT_CONFIG, (r) => r.config],
  [DOCENT_LOGGER, (r) => r.logger],
  [DEPENDENCY_MONITOR, (r) => r.dependencies],
  [
    READINESS,
    (r): ReadinessCheck =>
      () =>
        r.readiness(),
  ],
  [
    RUNTIME_METRICS,
    (r): MetricsText =>
      () =>
        r.metrics.metrics(),
  ],
];

/**
 * Thin wiring: the domain runtime is plain TypeScript; Nest builds it once, provides its services
 * to the controllers, runs the job worker where asked, and closes it on shutdown.
 */
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
        ...PARTS.map(([token, part]) => ({
          provide: token,
          useFactory: (runtime: Runtime) => part(runtime),
          inject: [RUNTIME],
        })),
      ],
      exports: [RUNTIME, ...PARTS.map(([token]) => token)],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runtime.close();
  }
}
