import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../docent-process';
import { onPath, run } from './run-command';

/**
 * An Elasticsearch node of a test's own, started by `scripts/elasticsearch.sh` in a folder of
 * its own (`DOCENT_ES_DIR`) on a port of its own, which the test may stop and start again: the
 * shared node other suites use is never touched. The distribution comes from the local Maven
 * repository, where the shared node's start cached it; the folder is kept across runs (one per
 * checkout), so later runs only start the node. Its data is wiped at each start here.
 */
export interface PrivateElasticsearch {
  url: string;
  port: number;
  /** Stops the node (SIGTERM, waited for). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data; resolves once the cluster is yellow. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export function canRunPrivateElasticsearch(): boolean {
  return onPath('mvn') !== null && onPath('java') !== null && onPath('unzip') !== null;
}

const REPO_ROOT = resolve(__dirname, '../../../..');

export async function startPrivateElasticsearch(): Promise<PrivateElasticsearch> {
  const checkout = createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 10);
  const dir = join(tmpdir(), `docent-es-faults-${checkout}`);
  const env = { ...process.env, DOCENT_ES_DIR: dir, DOCENT_ES_HEAP: '512m' };
  const script = join(REPO_ROOT, 'scripts/elasticsearch.sh');
  // A node left running by an aborted run of this suite goes first; then its data.
  await run('bash', [script, 'stop'], { env }).catch(() => undefined);
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).filter((n) => n.startsWith('data-') || n === 'logs')) {
      rmSync(join(dir, name), { recursive: true, force: true });
    }
  }
  const port = await freePort();
  const start = async () => {
    await run('bash', [script, 'start', '--port', String(port)], { env, timeoutMs: 600_000 });
  };
  const stop = async () => {
    await run('bash', [script, 'stop'], { env, timeoutMs: 120_000 });
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async destroy() {
      await stop().catch(() => undefined);
    },
  };
}
