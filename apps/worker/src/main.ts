import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { collectDefaultMetrics, Registry } from 'prom-client';
import {
  ConfigError,
  loadConfig,
  startMetricsServer,
  type DocentConfig,
  type Runtime,
} from '@docent/runtime';
import { RUNTIME, RuntimeModule } from '@docent/nest-runtime';
import { startHeartbeat } from './heartbeat';

@Module({})
class WorkerAppModule {
  static forRoot(config: DocentConfig): DynamicModule {
    return {
      module: WorkerAppModule,
      imports: [RuntimeModule.forRoot({ config, runWorker: true })],
    };
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // No HTTP port: a worker only talks to the queue, the database and the index.
  const app = await NestFactory.createApplicationContext(WorkerAppModule.forRoot(config), {
    logger: ['error', 'warn'],
  });
  app.enableShutdownHooks();
  const runtime = app.get<Runtime>(RUNTIME);
  startHeartbeat(() => runtime.queue.health());
  if (config.metricsPort !== undefined) {
    // Process metrics, then the ingestion pipeline's (as the api's /metrics does).
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'docent_' });
    const server = await startMetricsServer(
      config.metricsPort,
      async () => `${await registry.metrics()}
${await runtime.metrics.metrics()}`,
    );
    server.unref();
  }
}

main().catch((error: unknown) => {
  const name = error instanceof Error ? error.name : '';
  if (
    error instanceof ConfigError ||
    name === 'EmbeddingModelUnavailableError' ||
    name === 'SecretKeyError'
  ) {
    console.error(`Docent worker cannot start: ${(error as Error).message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
