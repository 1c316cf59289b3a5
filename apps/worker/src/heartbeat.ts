import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a worker records that it is alive (it has no HTTP port for a health check). */
export const HEARTBEAT_FILE =
  process.env.DOCENT_WORKER_HEARTBEAT_FILE ?? join(tmpdir(), 'docent-worker.alive');

/** Touches the heartbeat file while `probe` succeeds (the queue answers). */
export function startHeartbeat(probe: () => Promise<void>, everyMs = 10_000): () => void {
  const beat = () =>
    probe()
      .then(() => writeFileSync(HEARTBEAT_FILE, new Date().toISOString()))
      .catch(() => undefined);
  void beat();
  const timer = setInterval(beat, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
