import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { loadConfig, startMetricsServer, type DocentConfig, type Runtime } from '@docent/runtime';
import {
  logLine,
  NestStartupLogger,
  RUNTIME,
  RuntimeModule,
  startupFailureMessage,
  stopOnSignals,
} from '@docent/nest-runtime';
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
    // A failed start reaches main, which prints it once.
    logger: new NestStartupLogger(),
    abortOnError: false,
  });
  stopOnSignals('Docent worker', () => app.close(), logLine);
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
  console.error(startupFailureMessage(error, 'Docent worker') ?? error);
  process.exit(1);
});
