import 'reflect-metadata';
import { ConfigError } from '@docent/runtime';
import { createApiApp } from './create-api-app';

async function main(): Promise<void> {
  const { app, config, role } = await createApiApp();
  await app.listen(config.port);
  const mode = role === 'all' ? 'embedded: api + worker' : 'api';
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'info',
      message: `Docent listening on http://localhost:${config.port} (${mode}, data in ${config.dataDir})`,
    }),
  );
}

main().catch((error: unknown) => {
  const name = error instanceof Error ? error.name : '';
  // Configuration and model problems are the operator's to fix: a clear line, no stack.
  if (
    error instanceof ConfigError ||
    name === 'EmbeddingModelUnavailableError' ||
    name === 'SecretKeyError'
  ) {
    console.error(`Docent cannot start: ${(error as Error).message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
