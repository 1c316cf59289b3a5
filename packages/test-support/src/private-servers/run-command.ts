import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Runs a command to its end; rejects with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        env: options.env ?? process.env,
        cwd: options.cwd,
        timeout: options.timeoutMs ?? 300_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(
              `${command} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`,
            ),
          );
        } else {
          resolve(`${stdout}${stderr}`);
        }
      },
    );
  });
}

/** Whether this process runs as root (servers that refuse root run as another user). */
export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** A program on the PATH, or null. */
export function onPath(program: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, program))) return join(dir, program);
  }
  return null;
}

/** The newest PostgreSQL's binaries: Debian's /usr/lib/postgresql/<version>/bin, else the PATH. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const pgCtl = onPath('pg_ctl');
  return pgCtl && onPath('initdb') ? join(pgCtl, '..') : null;
}

export async function waitFor(
  probe: () => Promise<boolean>,
  what: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
