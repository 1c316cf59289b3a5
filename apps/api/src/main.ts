import 'reflect-metadata';
import { logLine, RUNTIME, startupFailureMessage, stopOnSignals } from '@docent/nest-runtime';
import type { Runtime } from '@docent/runtime';
import { createApiApp } from './create-api-app';
import { startUpReport } from './start-up-report';
import type { WebUiBundle } from './web/web-ui-bundle';
import { WEB_UI_BUNDLE } from './web/web-ui.controller';

async function main(): Promise<void> {
  const { app, config, role } = await createApiApp();
  await app.listen(config.port);
  stopOnSignals('Docent', () => app.close(), logLine);
  const { embedder } = app.get<Runtime>(RUNTIME);
  for (const line of startUpReport({
    config,
    role,
    embedder,
    webUiBuilt: app.get<WebUiBundle | null>(WEB_UI_BUNDLE, { strict: false }) !== null,
  })) {
    logLine(line);
  }
}

main().catch((error: unknown) => {
  const message = startupFailureMessage(error, 'Docent');
  console.error(message ?? error);
  process.exit(1);
});
