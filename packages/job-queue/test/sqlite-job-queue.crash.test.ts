import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { jobHandler, SqliteJobQueue } from '../src';
import type { JobRow } from '../src/sqlite/job-table';
import { FIXTURE_JOBS, longJob, quickJob } from './fixtures/fixture-jobs';
import { WorkerProcess } from './fixtures/worker-process';
import { waitFor } from './support/async-waits';

// Long enough that only the dead-owner fast path can explain a recovery within the test.
const LEASE_MS = 120_000;
// Child processes compile the sources with swc on start-up: allow for a slow machine.
const CHILD_START_TIMEOUT_MS = 20_000;

jest.setTimeout(60_000);

describe('SqliteJobQueue across processes', () => {
  let dir: string;
  let dbPath: string;
  let logFile: string;
  const toClose: { close(): Promise<void> | void }[] = [];
  const children: WorkerProcess[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docent-job-queue-crash-'));
    dbPath = join(dir, 'queue.db');
    logFile = join(dir, 'progress.log');
  });

  afterEach(async () => {
    for (const child of children.splice(0)) await child.kill('SIGKILL');
    for (const resource of toClose.splice(0)) await resource.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const openQueue = (): SqliteJobQueue => {
    const queue = new SqliteJobQueue({
      path: dbPath,
      jobs: FIXTURE_JOBS,
      pollIntervalMs: 20,
      leaseMs: LEASE_MS,
    });
    toClose.push(queue);
    return queue;
  };

  const readRow = (jobId: string): JobRow => {
    const db = new Database(dbPath, { readonly: true });
    try {
      const row = db.prepare('SELECT * FROM jobs WHERE id = ?').get(jobId) as JobRow | undefined;
      if (!row) throw new Error(`no row for ${jobId}`);
      return row;
    } finally {
      db.close();
    }
  };

  const spawnWorker = (): WorkerProcess => {
    const child = WorkerProcess.spawn(dbPath, logFile, LEASE_MS);
    children.push(child);
    return child;
  };

  it('resumes a job whose worker was killed with SIGKILL, at once and exactly once more', async () => {
    const producer = openQueue();
    await producer.enqueue(longJob, { label: 'big' }, { jobId: 'long-1' });

    const child = spawnWorker();
    await waitFor(
      () => child.lines().filter((line) => line.startsWith('progress long-1')).length >= 3,
      CHILD_START_TIMEOUT_MS,
      () => `progress from the child (stderr: ${child.errorOutput})`,
    );
    const claimed = readRow('long-1');
    expect(claimed).toMatchObject({ state: 'active', attempts: 1 });
    expect(claimed.locked_by).toContain(`:${child.pid}:`);
    const leaseEnd = claimed.locked_until ?? 0;
    expect(leaseEnd).toBeGreaterThan(Date.now() + LEASE_MS / 2);

    expect(await child.kill('SIGKILL')).toBe('SIGKILL');
    const linesAtKill = child.lines().length;
    expect(readRow('long-1').state).toBe('active');

    const resumedAttempts: number[] = [];
    const worker = openQueue();
    await worker.start([
      jobHandler(longJob, async (_payload, { attempt }) => void resumedAttempts.push(attempt)),
      jobHandler(quickJob, async () => undefined),
    ]);
    await worker.whenIdle(10_000);

    const finished = readRow('long-1');
    expect(finished).toMatchObject({
      state: 'completed',
      // The killed run does not count as an attempt; it is counted as a crash recovery.
      attempts: 1,
      crash_recoveries: 1,
      locked_by: null,
    });
    expect(resumedAttempts).toEqual([1]);
    expect(child.lines().filter((line) => line.startsWith('start long-1'))).toHaveLength(1);
    expect(child.lines()).toHaveLength(linesAtKill);
    // Recovered while the dead worker's lease was still running: no waiting for it to expire.
    expect(finished.updated_at).toBeLessThan(leaseEnd);
  });

  it('never gives one job to two worker processes', async () => {
    const producer = openQueue();
    const first = spawnWorker();
    const second = spawnWorker();
    await waitFor(
      () =>
        first.lines().includes(`ready pid=${first.pid}`) &&
        second.lines().includes(`ready pid=${second.pid}`),
      CHILD_START_TIMEOUT_MS,
      () => `both workers ready (stderr: ${first.errorOutput} ${second.errorOutput})`,
    );
    const jobIds = Array.from({ length: 60 }, (_, i) => `quick-${i}`);
    for (const jobId of jobIds) await producer.enqueue(quickJob, { holdMs: 5 }, { jobId });
    await waitFor(async () => (await producer.counts()).completed === jobIds.length, 20_000);

    const runs = [...first.lines(), ...second.lines()].filter((line) => line.startsWith('ran '));
    const runIds = runs.map((line) => line.split(' ')[1]).sort();
    expect(runIds).toEqual([...jobIds].sort());
    // Both processes took part, so the claims really competed.
    expect(first.lines().some((line) => line.startsWith('ran '))).toBe(true);
    expect(second.lines().some((line) => line.startsWith('ran '))).toBe(true);
  });
});
