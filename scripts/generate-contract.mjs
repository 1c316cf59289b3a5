#!/usr/bin/env node
// Regenerates everything derived from openapi/openapi.yaml. CI runs it and fails on a diff.
//   pnpm generate                 the served contract, the TypeScript client and every other client
//   pnpm generate python go       only those targets (contract, python, go, java)
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const specPath = join(root, 'openapi/openapi.yaml');
const document = parse(readFileSync(specPath, 'utf8'));
const contractDir = join(root, 'packages/contract');

// Docs and test stubs are not kept: the READMEs and smoke tests beside each client are hand-written.
const NO_DOCS_OR_STUBS = 'apiDocs=false,modelDocs=false,apiTests=false,modelTests=false';

function openapiGenerator(args) {
  execFileSync(
    join(root, 'node_modules/.bin/openapi-generator-cli'),
    ['generate', '--input-spec', specPath, '--global-property', NO_DOCS_OR_STUBS, ...args],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

function generateContract() {
  // The served contract (GET /openapi.json) and the validators load this JSON copy.
  writeFileSync(join(contractDir, 'openapi.json'), JSON.stringify(document, null, 2) + '\n');
  const outDir = join(contractDir, 'src/generated');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const properties = {
    supportsES6: true,
    modelPropertyNaming: 'original',
    paramNaming: 'original',
    withInterfaces: true,
  };
  openapiGenerator([
    '--generator-name',
    'typescript-fetch',
    '--output',
    outDir,
    '--additional-properties',
    Object.entries(properties)
      .map(([k, v]) => `${k}=${v}`)
      .join(','),
  ]);
  // The generator's own bookkeeping is noise in diffs.
  rmSync(join(outDir, '.openapi-generator-ignore'), { force: true });
  generateWireTypes();
}

/**
 * The JSON exactly as it travels, for code that reads responses without the generated client
 * (the web UI): plain interfaces, date-times as the strings they are on the wire (the client's
 * models turn them into `Date` in `…FromJSON`). The same generator without its runtime checks
 * writes every model into one `models/index.ts`; only that file is kept.
 */
function generateWireTypes() {
  const outDir = mkdtempSync(join(tmpdir(), 'docent-wire-types-'));
  try {
    openapiGenerator([
      '--generator-name',
      'typescript-fetch',
      '--output',
      outDir,
      '--additional-properties',
      'supportsES6=true,modelPropertyNaming=original,withoutRuntimeChecks=true',
      '--type-mappings',
      'DateTime=string,Date=string',
    ]);
    const wireDir = join(contractDir, 'src/wire');
    rmSync(wireDir, { recursive: true, force: true });
    mkdirSync(wireDir, { recursive: true });
    cpSync(join(outDir, 'models/index.ts'), join(wireDir, 'index.ts'));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The generated part of each client folder, as top-level paths of the generator's output. The
 * rest of the folder (packaging, README, tests, the generator config) is written by hand, and the
 * rest of the output (CI files, docs, Gradle, push scripts, the generator's bookkeeping) is noise.
 */
const CLIENTS = {
  python: { generated: () => ['docent_client'] },
  go: {
    generated: (entries) => entries.filter((e) => e.endsWith('.go') && !e.endsWith('_test.go')),
    // The generator leaves Go code unformatted; gofmt makes it what Go users expect.
    postProcess: (outDir) => execFileSync('gofmt', ['-w', outDir], { stdio: 'inherit' }),
  },
  java: { generated: () => ['src/main/java'] },
};

function generateClient(name) {
  const client = CLIENTS[name];
  const clientDir = join(root, 'clients', name);
  const outDir = mkdtempSync(join(tmpdir(), `docent-client-${name}-`));
  try {
    const config = join(clientDir, 'openapi-generator-config.yaml');
    openapiGenerator(['--config', config, '--output', outDir]);
    client.postProcess?.(outDir);
    for (const path of client.generated(readdirSync(clientDir))) {
      rmSync(join(clientDir, path), { recursive: true, force: true });
    }
    for (const path of client.generated(readdirSync(outDir))) {
      cpSync(join(outDir, path), join(clientDir, path), { recursive: true });
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const TARGETS = ['contract', ...Object.keys(CLIENTS)];
const requested = process.argv.slice(2);
const unknown = requested.filter((t) => !TARGETS.includes(t));
if (unknown.length > 0) {
  console.error(`unknown target(s): ${unknown.join(', ')}; choose from ${TARGETS.join(', ')}`);
  process.exit(2);
}
for (const target of requested.length > 0 ? requested : TARGETS) {
  if (target === 'contract') generateContract();
  else generateClient(target);
  console.log(`generated: ${target === 'contract' ? 'packages/contract' : `clients/${target}`}`);
}
