import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { defineJob, jobHandler, SqliteJobQueue, type SqliteJobQueueOptions } from '../src';
import type { JobRow } from '../src/sqlite/job-table';
import { deferred, pause, untilAborted, waitFor } from './support/async-waits';

const work = defineJob<{ label: string }>('recovery.work', { maxAttempts: 3, backoffMs: 10 });

describe('SqliteJobQueue durability and lease recovery', () => {
  let dir: string;
  let path: string;
  let db: Database.Database;
  const opened: SqliteJobQueue[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docent-job-queue-recovery-'));
    path = join(dir, 'queue.db');
    // The test's own connection, for planting and inspecting rows as another process would.
    db = new Database(path);
  });

  afterEach(async () => {
    for (const queue of opened.splice(0)) await queue.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const openQueue = (options: Partial<SqliteJobQueueOptions> = {}): SqliteJobQueue => {
    const queue = new SqliteJobQueue({ path, jobs: [work], pollIntervalMs: 20, ...options });
    opened.push(queue);
    return queue;
  };

  const row = (jobId: string): JobRow =>
    db.prepare('SELECT * FROM jobs WHERE id = ?').get(jobId) as JobRow;

  /** A row as a worker that has since vanished would have left it. */
  const plantActiveJob = (
    jobId: string,
    fields: {
      lockedBy: string;
      lockedUntil: number;
      attempts?: number;
      crashRecoveries?: number;
      cancelRequested?: 0 | 1;
    },
  ): void => {
    const now = Date.now();
    db.prepare(
      `INSERT INTO jobs (id, name, payload, state, attempts, max_attempts, backoff_ms, run_at,
         locked_by, locked_until, cancel_requested, crash_recoveries, created_at, updated_at)
       VALUES (?, ?, ?, 'active', ?, 3, 10, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      jobId,
      work.name,
      JSON.stringify({ label: jobId }),
      fields.attempts ?? 1,
      now,
      fields.lockedBy,
      fields.lockedUntil,
      fields.cancelRequested ?? 0,
      fields.crashRecoveries ?? 0,
      now,
      now,
    );
  };

  const recordAttempts = (queue: SqliteJobQueue, attempts: number[]): Promise<void> =>
    queue.start([jobHandler(work, async (_payload, { attempt }) => void attempts.push(attempt))]);

  it('keeps waiting jobs across close and reopen', async () => {
    const first = openQueue();
    await first.enqueue(work, { label: 'persisted' }, { jobId: 'keep-1' });
    await first.close();

    const labels: string[] = [];
    const second = openQueue();
    await second.start([jobHandler(work, async ({ label }) => void labels.push(label))]);
    await second.whenIdle(5_000);
    expect(labels).toEqual(['persisted']);
    expect(await second.getJob('keep-1')).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('recovers a run whose lease expired, giving back the attempt and counting the crash', async () => {
    const queue = openQueue();
    plantActiveJob('expired-1', {
      lockedBy: 'another-host:4242:abcd',
      lockedUntil: Date.now() - 1,
      attempts: 2,
    });
    const attempts: number[] = [];
    await recordAttempts(queue, attempts);
    await queue.whenIdle(5_000);
    expect(attempts).toEqual([2]);
    expect(row('expired-1')).toMatchObject({
      state: 'completed',
      attempts: 2,
      crash_recoveries: 1,
    });
  });

  it('leaves alone a job whose lease is still held by a worker on another host', async () => {
    const queue = openQueue();
    const lockedUntil = Date.now() + 60_000;
    plantActiveJob('held-1', { lockedBy: 'another-host:4242:abcd', lockedUntil });
    const attempts: number[] = [];
    await recordAttempts(queue, attempts);
    await pause(100);
    expect(attempts).toEqual([]);
    expect(row('held-1')).toMatchObject({
      state: 'active',
      locked_by: 'another-host:4242:abcd',
      locked_until: lockedUntil,
    });
  });

  it('reclaims at once the job of a dead worker process on this host', async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const queue = openQueue();
    plantActiveJob('orphan-1', {
      lockedBy: `${hostname()}:${deadPid}:abcd`,
      lockedUntil: Date.now() + 60_000,
    });
    const attempts: number[] = [];
    await recordAttempts(queue, attempts);
    await queue.whenIdle(5_000);
    expect(attempts).toEqual([1]);
    expect(row('orphan-1')).toMatchObject({ state: 'completed', crash_recoveries: 1 });
  });

  it('does not take a job from a live worker process on this host', async () => {
    const queue = openQueue();
    const liveOwner = `${hostname()}:${process.ppid}:abcd`;
    plantActiveJob('alive-1', { lockedBy: liveOwner, lockedUntil: Date.now() + 60_000 });
    const attempts: number[] = [];
    await recordAttempts(queue, attempts);
    await pause(100);
    expect(attempts).toEqual([]);
    expect(row('alive-1')).toMatchObject({ state: 'active', locked_by: liveOwner });
  });

  it('fails a job whose runs were lost more than maxCrashRecoveries times', async () => {
    const queue = openQueue({ maxCrashRecoveries: 5 });
    plantActiveJob('poison-1', {
      lockedBy: 'another-host:4242:abcd',
      lockedUntil: Date.now() - 1,
      crashRecoveries: 5,
    });
    const attempts: number[] = [];
    await recordAttempts(queue, attempts);
    await queue.whenIdle(5_000);
    expect(attempts).toEqual([]);
    expect(await queue.getJob('poison-1')).toMatchObject({
      state: 'failed',
      lastError: expect.stringMatching(/lost 6 times/),
    });
  });

  it('ends canceled a lost run whose cancel had been requested', async () => {
    const queue = openQueue();
    plantActiveJob('lost-cancel-1', {
      lockedBy: 'another-host:4242:abcd',
      lockedUntil: Date.now() - 1,
      cancelRequested: 1,
    });
    const attempts: number[] = [];
    await recordAttempts(queue, attempts);
    await queue.whenIdle(5_000);
    expect(attempts).toEqual([]);
    expect(row('lost-cancel-1').state).toBe('canceled');
  });

  it('renews the lease while a handler outlives it, so no other worker takes the job', async () => {
    const leaseMs = 150;
    const owner = openQueue({ leaseMs });
    const rival = openQueue({ leaseMs });
    const attempts: number[] = [];
    const handle = async (_payload: unknown, { attempt }: { attempt: number }): Promise<void> => {
      attempts.push(attempt);
      await pause(leaseMs * 4);
    };
    await owner.start([jobHandler(work, handle)]);
    await owner.enqueue(work, { label: 'slow' }, { jobId: 'slow-1' });
    await waitFor(() => attempts.length === 1);
    const firstLease = row('slow-1').locked_until ?? 0;
    await rival.start([jobHandler(work, handle)]);
    await waitFor(() => (row('slow-1').locked_until ?? 0) > firstLease);
    await owner.whenIdle(5_000);
    expect(attempts).toEqual([1]);
    expect(row('slow-1')).toMatchObject({ state: 'completed', attempts: 1, crash_recoveries: 0 });
  });

  it('lets go of a run whose job another worker took over, without overwriting it', async () => {
    const queue = openQueue({ leaseMs: 90 });
    const started = deferred<void>();
    let aborted = false;
    await queue.start([
      jobHandler(work, async (_payload, { signal }) => {
        started.resolve();
        await untilAborted(signal);
        aborted = true;
      }),
    ]);
    await queue.enqueue(work, { label: 'x' }, { jobId: 'taken-1' });
    await started.promise;
    // The other worker holds a fresh lease: without one, a slow machine lets it lapse before the
    // check below and the recovery sweep rightly takes the job back.
    db.prepare(
      `UPDATE jobs SET locked_by = 'another-host:4242:abcd', locked_until = ? WHERE id = 'taken-1'`,
    ).run(Date.now() + 60_000);
    await waitFor(() => aborted);
    await pause(50);
    expect(row('taken-1')).toMatchObject({
      state: 'active',
      locked_by: 'another-host:4242:abcd',
      attempts: 1,
    });
  });

  it('reports health until closed', async () => {
    const queue = openQueue();
    await expect(queue.health()).resolves.toBeUndefined();
    await queue.close();
    await expect(queue.health()).rejects.toThrow(/closed/);
  });
});
