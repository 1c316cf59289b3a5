import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { OFFLINE_MODEL_SETTINGS } from '@docent/nest-runtime';
import { parse } from 'yaml';
import { freePort, startDocentProcess, testMode } from '@docent/test-support';
import { waitUntil } from './support/wait-for';

jest.setTimeout(180_000);

const ROOT = resolve(__dirname, '../../../..');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');
const WORKER_MAIN = join(ROOT, 'apps/worker/dist/main.js');
const BOOTSTRAP_KEY = 'start-up-test-key-0001';

/** The local test model, as jest.setup.js configures it for every suite. */
const MODEL_ENV = {
  DOCENT_MODELS_DIR: process.env.DOCENT_MODELS_DIR!,
  DOCENT_EMBEDDING_MODEL: process.env.DOCENT_EMBEDDING_MODEL!,
  DOCENT_EMBEDDING_DTYPE: process.env.DOCENT_EMBEDDING_DTYPE ?? '',
};

function listening(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

/**
 * What a person sees in the terminal: the start-up of real processes (the built entry points,
 * and `pnpm start` itself for the stop), not an in-process app. Embedded mode only: start-up
 * output does not depend on the engines.
 */
(testMode() === 'scaled' ? describe.skip : describe)('start-up and shutdown output', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docent-start-up-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['api', API_MAIN, 'Docent cannot start: '],
    ['worker', WORKER_MAIN, 'Docent worker cannot start: '],
  ])(
    'offline without the model, the %s says so in one plain message naming the offline settings',
    async (_name, entry, opening) => {
      const emptyModels = join(dir, 'models');
      mkdirSync(emptyModels);
      const started = await startDocentProcess(entry, {
        PORT: String(await freePort()),
        DOCENT_DATA_DIR: join(dir, 'data'),
        DOCENT_MODELS_DIR: emptyModels,
        DOCENT_ALLOW_MODEL_DOWNLOAD: 'false',
      });
      expect(await started.exited).toBe(1);
      const output = started.output();
      expect(output.startsWith(opening)).toBe(true);
      expect(output).toContain('Embedding model "Xenova/bge-small-en-v1.5" is not available');
      expect(output).toContain(`  ${OFFLINE_MODEL_SETTINGS} pnpm start\n`);
      // Nest's coloured [ExceptionHandler] report and its stack trace are gone.
      expect(output).not.toMatch(/ExceptionHandler|\[Nest\]|\n\s+at /);
      expect(output).not.toContain('\u001b[');
    },
  );

  it("the offline settings it names are the README's", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`${OFFLINE_MODEL_SETTINGS} \\\n  DOCENT_BOOTSTRAP_API_KEYS=`);
  });

  it('pnpm start says where it is reached, the UI, the model and the bootstrap accounts; SIGTERM stops it with a line and exit 0', async () => {
    const port = await freePort();
    const publicUrl = 'https://docent.example.test';
    const child = spawn('pnpm', ['start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TURBO_TELEMETRY_DISABLED: '1',
        ...MODEL_ENV,
        PORT: String(port),
        DOCENT_DATA_DIR: join(dir, 'data'),
        DOCENT_PUBLIC_URL: publicUrl,
        DOCENT_BOOTSTRAP_API_KEYS: `ops:${BOOTSTRAP_KEY}`,
        DOCENT_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      await waitUntil(async () => (/Bootstrap API keys/.test(output) ? true : undefined), {
        timeoutMs: 120_000,
        what: `pnpm start to report its start-up; it printed:\n${output}`,
      });
      const messages = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { message: string }).message);
      expect(messages).toEqual(
        expect.arrayContaining([
          `Docent listening on port ${port}, reached at ${publicUrl} (DOCENT_PUBLIC_URL) (embedded: api + worker, data in ${join(dir, 'data')})`,
          `Web UI: ${publicUrl}/ (sign up there with an email and a password)`,
          `Embedding model: local/all-MiniLM-L6-v2 (q8 weights, 384 dimensions) from ${resolve(MODEL_ENV.DOCENT_MODELS_DIR)}`,
          expect.stringMatching(
            /^Bootstrap API keys \(DOCENT_BOOTSTRAP_API_KEYS\) for account ops: they use the API with their key and cannot log in to the web UI/,
          ),
        ]),
      );
      expect(output).not.toContain(BOOTSTRAP_KEY);
      expect(output).not.toContain('localhost');
      expect(await listening(port)).toBe(true);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toMatch(
        /"message":"Docent stopping \(SIGTERM\)[^"]*"}\n.*"message":"Docent stopped\."/,
      );
      expect(output).not.toMatch(/ELIFECYCLE|Command failed/);
      // The server went with pnpm: nothing is left listening.
      expect(await listening(port)).toBe(false);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});

/** The installed packages (in pnpm's virtual store) that come with an install script. */
function packagesWithInstallScripts(): Set<string> {
  const store = join(ROOT, 'node_modules/.pnpm');
  const found = new Set<string>();
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const name of readdirSync(modules)) {
      const names = name.startsWith('@')
        ? readdirSync(join(modules, name)).map((n) => `${name}/${n}`)
        : [name];
      for (const packageName of names) {
        const dir = join(modules, packageName);
        // The entry's own package; its dependencies beside it are links to their own entries.
        if (!realpathSync(dir).startsWith(join(store, entry))) continue;
        if (!existsSync(join(dir, 'package.json'))) continue;
        const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
          name: string;
          scripts?: Record<string, string>;
        };
        const scripts = manifest.scripts ?? {};
        if (
          scripts.preinstall ||
          scripts.install ||
          scripts.postinstall ||
          existsSync(join(dir, 'binding.gyp'))
        ) {
          found.add(manifest.name);
        }
      }
    }
  }
  return found;
}

describe('pnpm install', () => {
  it('runs or ignores every dependency build script on purpose, so a clean install says nothing about them', () => {
    const workspace = parse(readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8')) as {
      onlyBuiltDependencies?: string[];
      ignoredBuiltDependencies?: string[];
    };
    const decided = new Set([
      ...(workspace.onlyBuiltDependencies ?? []),
      ...(workspace.ignoredBuiltDependencies ?? []),
    ]);
    const undecided = [...packagesWithInstallScripts()].filter((name) => !decided.has(name));
    // pnpm prints "Ignored build scripts: …" and asks to run `pnpm approve-builds` for these.
    expect(undecided).toEqual([]);
  });
});
