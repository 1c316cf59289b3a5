#!/usr/bin/env node
// Breaking changes of the contract against the last released one (oasdiff), less the reviewed
// ones in openapi/approved-changes.yaml. Exits 1 on any unapproved error or warning.
//   node scripts/contract-breaking.mjs [revision]     (default openapi/openapi.yaml)
// The oasdiff binary comes from $OASDIFF (scripts/contract-lint.sh installs a pinned one).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const approvals = parse(readFileSync(join(root, 'openapi/approved-changes.yaml'), 'utf8'));
const revision = process.argv[2] ?? 'openapi/openapi.yaml';
const LEVELS = { 1: 'info', 2: 'warning', 3: 'error' };

const changes = JSON.parse(
  execFileSync(
    process.env.OASDIFF ?? 'oasdiff',
    ['breaking', approvals.baseline, revision, '--format', 'json'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  ),
);

const approved = approvals.approved ?? [];
const used = new Set();
function approvalOf(change) {
  const operation = `${change.operation} ${change.path}`;
  const index = approved.findIndex(
    (a) =>
      a.id === change.id &&
      (a.operation === operation || a.operation === '*') &&
      change.text.includes(a.text ?? ''),
  );
  if (index >= 0) used.add(index);
  return approved[index];
}

let unapproved = 0;
for (const change of changes) {
  const level = LEVELS[change.level] ?? String(change.level);
  const approval = approvalOf(change);
  const blocking = change.level >= 2 && !approval;
  if (blocking) unapproved++;
  const mark = approval ? 'approved' : blocking ? 'NOT APPROVED' : 'ok';
  console.log(
    `${mark.padEnd(12)} ${level.padEnd(7)} [${change.id}] ${change.operation} ${change.path}: ${change.text}`,
  );
  if (approval) console.log(`${''.padEnd(21)}reason: ${approval.reason}`);
}
approved.forEach((a, i) => {
  if (!used.has(i))
    console.log(`stale approval (matches no change; remove it): ${a.id} ${a.operation}`);
});
console.log(
  `breaking changes since ${approvals.baseline}: ${changes.length} found, ${unapproved} not approved`,
);
if (unapproved > 0) {
  console.log('Review them: revert, or add entries to openapi/approved-changes.yaml.');
  process.exit(1);
}
