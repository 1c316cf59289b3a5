#!/usr/bin/env node
// A live Docent (the built server, embedded mode, in a child process) and a fake Confluence
// Cloud site serving the handbook pages, on free loopback ports, for the clients' smoke tests and
// the contract fuzzer. Prints one JSON line when both are ready:
//   {"base_url": "...", "api_key": "...", "wiki": {"url", "space", "username", "token"}}
// and stops both (and removes the data directory) when its stdin closes or on SIGTERM/SIGINT.
// Needs `pnpm exec turbo run build` first.
//
//   node clients/smoke/start-fixture.mjs [--rate-limit-per-minute N] [--ingest-handbook]
//
// --ingest-handbook ingests the wiki into acme/handbook before printing, so that requests built
// from the contract's examples (namespace acme, collection handbook) reach real data.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = join(root, 'apps/api/dist/main.js');
const fakesEntry = join(root, 'packages/source-fakes/dist/index.js');
const supportEntry = join(root, 'packages/test-support/dist/index.js');
for (const built of [serverEntry, fakesEntry, supportEntry]) {
  if (!existsSync(built)) fail(`${built} is missing: run 'pnpm exec turbo run build' first`);
}
const require = createRequire(import.meta.url);
const { startFakeConfluence, HANDBOOK_PAGES } = require(fakesEntry);
const { freePort, startDocentProcess } = require(supportEntry);

const { values: options } = parseArgs({
  options: {
    'rate-limit-per-minute': { type: 'string', default: '600' },
    'ingest-handbook': { type: 'boolean', default: false },
  },
});

const WIKI_USER = {
  username: 'bot@acme.test',
  password: `wiki-token-${randomBytes(6).toString('hex')}`,
};
const API_KEY = `smoke-${randomBytes(12).toString('hex')}`;

function fail(message) {
  console.error(`start-fixture: ${message}`);
  process.exit(1);
}

const wiki = await startFakeConfluence({
  mode: 'cloud',
  users: [WIKI_USER],
  spaces: [{ key: 'KB', name: 'Handbook', pages: HANDBOOK_PAGES }],
});
const dataDir = mkdtempSync(join(tmpdir(), 'docent-fixture-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const serverEnv = {
  PORT: String(port),
    DOCENT_DATA_DIR: dataDir,
    DOCENT_MODELS_DIR: process.env.DOCENT_MODELS_DIR ?? resolve(root, '../shared/models'),
    DOCENT_EMBEDDING_MODEL: process.env.DOCENT_EMBEDDING_MODEL ?? 'local/all-MiniLM-L6-v2',
    DOCENT_EMBEDDING_DTYPE: process.env.DOCENT_EMBEDDING_DTYPE ?? 'q8',
    DOCENT_BOOTSTRAP_API_KEYS: `acme:${API_KEY}`,
    // The fake wiki listens on loopback.
    DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
    DOCENT_RATE_LIMIT_PER_MINUTE: options['rate-limit-per-minute'],
    DOCENT_LOG_LEVEL: 'warn',
};

let server; // the child process, once it is up
let stopping;
function stop(exitCode = 0) {
  stopping ??= (async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await wiki.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(exitCode);
  })();
  return stopping;
}
process.once('SIGTERM', () => stop());
process.once('SIGINT', () => stop());
process.stdin
  .once('end', () => stop())
  .once('close', () => stop())
  .resume();

async function ingestHandbook() {
  const post = async (path, body) => {
    const response = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': API_KEY },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  };
  const locator = { namespace_name: 'acme', collection_name: 'handbook' };
  const { ingestion_id } = await post('/docs/create_ingestion', {
    ...locator,
    type: 'WIKI',
    spec: { url: wiki.url, space: 'KB', username: WIKI_USER.username, token: WIKI_USER.password },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { status } = await post('/docs/get_ingestion', { ...locator, ingestion_id });
    if (status === 'succeeded') return;
    if (status !== 'queued' && status !== 'running') throw new Error(`the ingestion ${status}`);
    if (Date.now() > deadline) throw new Error('the ingestion did not finish within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

try {
  const started = await startDocentProcess(serverEntry, serverEnv, `${baseUrl}/readyz`);
  server = started.child;
  // The server's own output goes to stderr: stdout carries only the one JSON line.
  process.stderr.write(started.output());
  server.stdout.pipe(process.stderr);
  server.stderr.pipe(process.stderr);
  server.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`start-fixture: the server exited unexpectedly (${signal ?? `code ${code}`})`);
    void stop(1);
  });
  if (options['ingest-handbook']) await ingestHandbook();
} catch (error) {
  console.error(`start-fixture: ${error.message}`);
  await stop(1);
}
process.stdout.write(
  JSON.stringify({
    base_url: baseUrl,
    api_key: API_KEY,
    wiki: { url: wiki.url, space: 'KB', username: WIKI_USER.username, token: WIKI_USER.password },
  }) + '\n',
);
