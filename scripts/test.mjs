#!/usr/bin/env node
// The one test command (README, CI): build, static checks, then every jest suite.
import { spawnSync } from 'node:child_process';

const steps = [
  ['build', ['pnpm', 'exec', 'turbo', 'run', 'build', '--output-logs=errors-only']],
  ['typecheck', ['pnpm', 'exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']],
  ['lint', ['pnpm', 'exec', 'eslint', '.', '--max-warnings=0']],
  ['format', ['pnpm', 'exec', 'prettier', '--check', '--log-level=warn', '.']],
  // Within a package (across packages, the workspace graph already refuses a cycle).
  ['import circles (madge)', ['pnpm', 'run', '--silent', 'circles']],
  ['web UI components (vitest)', ['pnpm', '--filter', '@docent/web', 'test']],
  // Every jest project: unit, e2e and browser (the web UI in Chromium, apt-get install chromium).
  ['jest', ['pnpm', 'exec', 'jest', '--ci', '--maxWorkers=2', ...process.argv.slice(2)]],
];

// With a PostgreSQL and a Redis to test against, the end-to-end suites run a second time with
// the service on them (scaled mode), and with an Elasticsearch as well (DOCENT_TEST_ELASTICSEARCH_URL,
// `scripts/elasticsearch.sh start`) a third time on all three; the adapters' conformance suites
// use them in every run.
const e2e = ['pnpm', 'exec', 'jest', '--ci', '--maxWorkers=2', '--selectProjects', 'e2e'];
if (
  process.env.DOCENT_TEST_DATABASE_URL &&
  process.env.DOCENT_TEST_REDIS_URL &&
  process.argv.length <= 2
) {
  steps.push([
    'jest (e2e, scaled mode: PostgreSQL + Redis)',
    ['env', 'DOCENT_TEST_MODE=scaled', 'DOCENT_TEST_SEARCH_INDEX=embedded', ...e2e],
  ]);
  if (process.env.DOCENT_TEST_ELASTICSEARCH_URL) {
    steps.push([
      'jest (e2e, scaled mode: PostgreSQL + Redis + Elasticsearch)',
      ['env', 'DOCENT_TEST_MODE=scaled', 'DOCENT_TEST_SEARCH_INDEX=elasticsearch', ...e2e],
    ]);
    // Where the scaled passes run, so can the fault suite: it starts a PostgreSQL, a Redis and an
    // Elasticsearch node of its own (the same binaries) and stops them under a deployment.
    if (process.env.DOCENT_TEST_FAULTS !== '0') {
      steps.push([
        'jest (fault suite: private PostgreSQL, Redis, Elasticsearch stopped under load)',
        [
          'env',
          'DOCENT_TEST_FAULTS=1',
          'pnpm',
          'exec',
          'jest',
          '--ci',
          '--selectProjects',
          'faults',
        ],
      ]);
    }
  }
}

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', ONNXRUNTIME_NODE_INSTALL: 'skip' };
for (const [name, [command, ...args]] of steps) {
  console.log(`\n== ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  console.log(
    `== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
