import { statSync } from 'node:fs';
import { HEARTBEAT_FILE } from './heartbeat';

// `node apps/worker/dist/healthcheck.js`: healthy when the worker touched its heartbeat within 60 s.
try {
  const age = Date.now() - statSync(HEARTBEAT_FILE).mtimeMs;
  process.exit(age < 60_000 ? 0 : 1);
} catch {
  process.exit(1);
}
