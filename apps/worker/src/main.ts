import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError } from '@docent/runtime';
import { RuntimeModule } from './runtime.module';
import { WorkerModule } from './worker.module';

@Module({ imports: [RuntimeModule.forRoot(), WorkerModule] })
class WorkerAppModule {}

async function main(): Promise<void> {
  // No HTTP port: a worker only talks to the queue, the database and the index.
  const app = await NestFactory.createApplicationContext(WorkerAppModule, {
    logger: ['error', 'warn'],
  });
  app.enableShutdownHooks();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error);
  process.exit(1);
});
