import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestStartupLogger } from '@docent/nest-runtime';
import { isEmbedded, loadConfig, type DocentConfig, type Environment } from '@docent/runtime';
import { ApiModule } from './api.module';

export interface ApiAppOptions {
  env?: Environment;
}

export type ApiRole = 'all' | 'api';

/**
 * Embedded mode runs the worker in the api process; scaled mode (or DOCENT_ROLE=api) runs the
 * api alone, with workers as separate processes.
 */
export function apiRole(config: DocentConfig, env: Environment): ApiRole {
  const role = env.DOCENT_ROLE;
  if (role === 'api' || role === 'all') return role;
  return isEmbedded(config) ? 'all' : 'api';
}

export async function createApiApp(
  options: ApiAppOptions = {},
): Promise<{ app: NestExpressApplication; config: DocentConfig; role: ApiRole }> {
  const env = options.env ?? process.env;
  const config = loadConfig(env);
  const role = apiRole(config, env);
  const app = await NestFactory.create<NestExpressApplication>(
    ApiModule.forRoot({ config, runWorker: role === 'all' }),
    // A failed start reaches the caller (main prints it once) instead of Nest's exit(1).
    { bodyParser: false, logger: new NestStartupLogger(), abortOnError: false },
  );
  app.disable('x-powered-by');
  // Longer than the idle timeout of clients and load balancers (often 60 s): a server that
  // closes a kept-alive socket first races the client's next request into ECONNRESET.
  const server = app.getHttpServer() as { keepAliveTimeout: number; headersTimeout: number };
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return { app, config, role };
}
