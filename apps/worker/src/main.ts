import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  loadConfig,
  processMetricsRegistry,
  startMetricsServer,
  type DocentConfig,
  type Runtime,
} from '@docent/runtime';
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
    const processMetrics = processMetricsRegistry();
    const server = await startMetricsServer(config.metricsPort, [
      () => processMetrics.metrics(),
      () => runtime.metrics.metrics(),
    ]);
    server.unref();
  }
}

main().catch((error: unknown) => {
  console.error(startupFailureMessage(error, 'Docent worker') ?? error);
  process.exit(1);
});
