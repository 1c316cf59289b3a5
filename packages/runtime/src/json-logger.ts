import type { Logger } from '@docent/ingestion';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
export type LogLevel = keyof typeof LEVELS;

/** Field names whose values never reach a log line. */
const SECRET_FIELD = /token|secret|password|authorization|api[-_]?key|cookie/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_FIELD.test(k) ? '[redacted]' : redact(v, depth + 1),
    ]),
  );
}

/** One JSON object per line on stdout (warn and error on stderr). */
export function createJsonLogger(
  level: LogLevel,
  base: Record<string, unknown> = {},
  write: (line: string, isError: boolean) => void = (line, isError) =>
    (isError ? process.stderr : process.stdout).write(line + '\n'),
): Logger & { child(fields: Record<string, unknown>): Logger } {
  const threshold = LEVELS[level];
  const log = (lvl: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[lvl] < threshold) return;
    write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: lvl,
        message,
        ...base,
        ...(redact(fields ?? {}) as object),
      }),
      LEVELS[lvl] >= LEVELS.warn,
    );
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    child: (fields) => createJsonLogger(level, { ...base, ...fields }, write),
  };
}
