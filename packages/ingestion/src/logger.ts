import type { ConnectorLogger } from '@docent/connector-sdk';

export interface Logger extends ConnectorLogger {
  error(message: string, fields?: Record<string, unknown>): void;
}

export const SILENT_LOGGER: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
