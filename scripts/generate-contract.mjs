#!/usr/bin/env node
// Regenerates everything derived from openapi/openapi.yaml. CI runs it and fails on a diff.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const specPath = join(root, 'openapi/openapi.yaml');
const document = parse(readFileSync(specPath, 'utf8'));

// The served contract (GET /openapi.json) and the validators load this JSON copy.
const contractDir = join(root, 'packages/contract');
writeFileSync(join(contractDir, 'openapi.json'), JSON.stringify(document, null, 2) + '\n');

function generate(generator, outDir, properties) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  execFileSync(
    join(root, 'node_modules/.bin/openapi-generator-cli'),
    [
      'generate',
      '--generator-name',
      generator,
      '--input-spec',
      specPath,
      '--output',
      outDir,
      '--additional-properties',
      Object.entries(properties)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
      '--global-property',
      'apiDocs=false,modelDocs=false,apiTests=false,modelTests=false',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // The generator's own bookkeeping is noise in diffs.
  rmSync(join(outDir, '.openapi-generator-ignore'), { force: true });
}

generate('typescript-fetch', join(contractDir, 'src/generated'), {
  supportsES6: true,
  modelPropertyNaming: 'original',
  paramNaming: 'original',
  withInterfaces: true,
});

const only = process.argv.slice(2);
void only;
console.log('generated: packages/contract');
