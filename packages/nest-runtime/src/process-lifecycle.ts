import { ConsoleLogger } from '@nestjs/common';
import { createJsonLogger } from '@docent/runtime';

/**
 * The local model this repository's tests and CI use offline (README, "Start"): named by the
 * start-up failure of a missing model, so the fix is one copy-paste away.
 */
export const OFFLINE_MODEL_SETTINGS =
  'DOCENT_MODELS_DIR=../shared/models DOCENT_EMBEDDING_MODEL=local/all-MiniLM-L6-v2 DOCENT_EMBEDDING_DTYPE=q8';

/** Errors an operator fixes in the configuration: said in plain words, without a stack. */
const OPERATOR_ERRORS = new Set([
  'ConfigError',
  'EmbeddingModelUnavailableError',
  'SecretKeyError',
]);

/**
 * Nest's own logger for the apps: warnings and errors, except the `[ExceptionHandler]` report of
 * a failed start. Apps are created with `abortOnError: false`, so that error reaches `main`,
 * which prints it once — plainly for a configuration problem, with its stack otherwise.
 */
export class NestStartupLogger extends ConsoleLogger {
  constructor() {
    super();
    this.setLogLevels(['error', 'warn']);
  }

  override error(message: unknown, ...rest: unknown[]): void {
    if (rest.at(-1) === 'ExceptionHandler') return;
    super.error(message, ...(rest as [string?, string?]));
  }
}

/**
 * What a process that cannot start because of its configuration prints: one plain message
 * (with the offline model settings when the model is missing). Null for any other error, which
 * is printed with its stack.
 */
export function startupFailureMessage(error: unknown, what: string): string | null {
  if (!(error instanceof Error) || !OPERATOR_ERRORS.has(error.name)) return null;
  const lines = [`${what} cannot start: ${error.message}`];
  if (error.name === 'EmbeddingModelUnavailableError') {
    lines.push(
      '',
      "Offline, start with the local model this repository's tests use (README, Start):",
      `  ${OFFLINE_MODEL_SETTINGS} pnpm start`,
    );
  }
  return lines.join('\n');
}

/**
 * SIGTERM and SIGINT close the app (requests finish, running ingestions go back to the queue)
 * and exit 0 with a line saying so: a stop that was asked for is not a failure (`pnpm start`
 * would print "Command failed" for a process killed by the signal). A second signal exits at
 * once.
 */
export function stopOnSignals(
  what: string,
  close: () => Promise<void>,
  log: (message: string) => void,
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      log(`${what} stopped at once (${signal} again).`);
      process.exit(1);
    }
    stopping = true;
    log(`${what} stopping (${signal}): finishing requests and handing running jobs back…`);
    close().then(
      () => {
        log(`${what} stopped.`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`${what} did not stop cleanly:`, error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
}

/**
 * One JSON info line on stdout, as every other log line of the service; always written (start-up
 * and shutdown lines do not follow DOCENT_LOG_LEVEL).
 */
export const logLine: (message: string, fields?: Record<string, unknown>) => void =
  createJsonLogger('info').info;
