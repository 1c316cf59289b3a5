import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface DocentProcess {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * Starts a built Docent entry point (`apps/api/dist/main.js` or `apps/worker/dist/main.js`) as a
 * separate process with exactly `env` (plus PATH and HOME), so it can be killed for real. For
 * an api, pass `readyUrl` to wait until it answers.
 */
export async function startDocentProcess(
  entry: string,
  env: Record<string, string>,
  readyUrl?: string,
): Promise<DocentProcess> {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const started = { child, output: () => output, exited };
  if (!readyUrl) return started;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`docent exited early:\n${output}`);
    try {
      // Only once this process says it listens: another server may answer on the port meanwhile.
      if (/listening on/.test(output) && (await fetch(readyUrl)).status === 200) return started;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`docent did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A port that is free now, for a process started a moment later. Drawn below Linux's ephemeral
 * range (32768–60999), which servers listening on port 0 use: one of those, started in a
 * parallel test meanwhile, can never take it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 29999');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.once('error', () => resolveFree(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}
