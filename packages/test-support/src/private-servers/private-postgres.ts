import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../docent-process';
import { isRoot, postgresBin, run, waitFor } from './run-command';

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary folder, its own port), which the
 * test may stop and start as it likes: the shared server other suites use is never touched.
 */
export interface PrivatePostgres {
  /** `postgres://docent@127.0.0.1:<port>/postgres`: a superuser, trust authentication. */
  adminUrl: string;
  port: number;
  /** Stops the server (`pg_ctl stop`, fast: connections dropped, a clean shutdown). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  destroy(): Promise<void>;
}

/** Whether this machine can run one (PostgreSQL's binaries are installed). */
export function canRunPrivatePostgres(): boolean {
  return postgresBin() !== null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (initdb and pg_ctl)');
  const dir = mkdtempSync(join(tmpdir(), 'docent-private-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
  const as = (command: string, args: string[]) =>
    isRoot() ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  if (isRoot()) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  await as(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'docent',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // Throwaway data: no fsync, a small footprint.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=32MB',
    '-c max_connections=100',
  ].join(' ');
  const adminUrl = `postgres://docent@127.0.0.1:${port}/postgres`;
  const ready = async () => {
    const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const start = async () => {
    await as(join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      join(dir, 'server.log'),
      '-w',
      'start',
    ]);
    await waitFor(ready, `the private PostgreSQL on port ${port}`);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await as(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
  };
  await start();
  return {
    adminUrl,
    port,
    stop,
    start,
    async destroy() {
      await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}
