import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describeJobQueueConformance } from './conformance/job-queue.conformance';
import { defineJob, jobHandler, SqliteJobQueue } from '../src';
import { waitFor } from './support/async-waits';

describeJobQueueConformance('SqliteJobQueue', async (jobs) => {
  const dir = mkdtempSync(join(tmpdir(), 'docent-job-queue-'));
  const path = join(dir, 'queue.db');
  const open = (): SqliteJobQueue => new SqliteJobQueue({ path, jobs, pollIntervalMs: 25 });
  const opened = [open()];
  return {
    queue: opened[0]!,
    openAnother: async () => {
      const another = open();
      opened.push(another);
      return another;
    },
    cleanup: async () => {
      for (const queue of opened) await queue.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteJobQueue on a file written before the fair claim order', () => {
  const work = defineJob<{ label: string }>('old.work');
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docent-job-queue-old-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds the columns, and runs the jobs it holds first, in their order', async () => {
    const path = join(dir, 'queue.db');
    const old = new Database(path);
    // The table as the queue created it before fairness groups.
    old.exec(`
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, payload TEXT NOT NULL, state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0, max_attempts INTEGER NOT NULL,
        backoff_ms INTEGER NOT NULL, run_at INTEGER NOT NULL, locked_by TEXT,
        locked_until INTEGER, cancel_requested INTEGER NOT NULL DEFAULT 0,
        crash_recoveries INTEGER NOT NULL DEFAULT 0, last_error TEXT,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
      CREATE INDEX jobs_due ON jobs (state, run_at);`);
    const insert = old.prepare(`
      INSERT INTO jobs (id, name, payload, state, max_attempts, backoff_ms, run_at, created_at, updated_at)
      VALUES (?, 'old.work', ?, 'waiting', 3, 10, ?, 0, 0)`);
    insert.run('old-1', JSON.stringify({ label: 'old-1' }), 1);
    insert.run('old-2', JSON.stringify({ label: 'old-2' }), 2);
    old.close();

    const queues = [0, 1].map(() => new SqliteJobQueue({ path, jobs: [work], pollIntervalMs: 25 }));
    try {
      const [queue, another] = queues as [SqliteJobQueue, SqliteJobQueue];
      await another.enqueue(work, { label: 'new-1' }, { jobId: 'new-1', group: 'A' });
      const ran: string[] = [];
      await queue.start([jobHandler(work, async ({ label }) => void ran.push(label))]);
      await waitFor(() => ran.length === 3);
      expect(ran).toEqual(['old-1', 'old-2', 'new-1']);
    } finally {
      for (const queue of queues) await queue.close();
    }
    const reopened = new Database(path, { readonly: true });
    const columns = (reopened.prepare(`PRAGMA table_info(jobs)`).all() as { name: string }[]).map(
      (column) => column.name,
    );
    reopened.close();
    expect(columns).toEqual(expect.arrayContaining(['fair_group', 'round']));
  });
});
