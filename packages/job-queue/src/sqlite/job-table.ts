import type Database from 'better-sqlite3';
import type { JobState } from '../types';

/** One row of the `jobs` table. Times are epoch milliseconds. */
export interface JobRow {
  id: string;
  name: string;
  payload: string;
  state: JobState;
  /** Attempts used: incremented on claim, given back when a run did not really fail. */
  attempts: number;
  max_attempts: number;
  backoff_ms: number;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  cancel_requested: 0 | 1;
  /** Runs lost with their worker (crash, kill -9, stalled past the lease). */
  crash_recoveries: number;
  last_error: string | null;
  /** Fairness group ('' when none) and the job's round in the claim order (see FairRounds). */
  fair_group: string;
  round: number;
  created_at: number;
  updated_at: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    payload TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'active', 'completed', 'failed', 'canceled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    backoff_ms INTEGER NOT NULL,
    run_at INTEGER NOT NULL,
    locked_by TEXT,
    locked_until INTEGER,
    cancel_requested INTEGER NOT NULL DEFAULT 0,
    crash_recoveries INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS jobs_due ON jobs (state, run_at);
  CREATE INDEX IF NOT EXISTS jobs_lease ON jobs (locked_until) WHERE state = 'active';
  CREATE TABLE IF NOT EXISTS fair_rounds (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    claimed_round INTEGER NOT NULL
  );
  INSERT OR IGNORE INTO fair_rounds (id, claimed_round) VALUES (1, 0);
`;

/**
 * The fair claim order's columns, added to new files and to files written before it alike (the
 * older files' jobs are then in round 0: claimed first, in their old order).
 */
const FAIRNESS_COLUMNS = [
  `ALTER TABLE jobs ADD COLUMN fair_group TEXT NOT NULL DEFAULT ''`,
  `ALTER TABLE jobs ADD COLUMN round INTEGER NOT NULL DEFAULT 0`,
];
const FAIRNESS_INDEXES = `
  CREATE INDEX IF NOT EXISTS jobs_claim_order ON jobs (state, round, run_at);
  CREATE INDEX IF NOT EXISTS jobs_group_round ON jobs (fair_group, round);
`;

/** How a run that lost its worker is put back; `failed` once it was lost too often. */
const RECOVER_LOST_RUNS = `
  UPDATE jobs SET
    state = CASE
      WHEN cancel_requested = 1 THEN 'canceled'
      WHEN crash_recoveries >= @maxCrashRecoveries THEN 'failed'
      ELSE 'waiting' END,
    last_error = CASE
      WHEN cancel_requested = 0 AND crash_recoveries >= @maxCrashRecoveries THEN @crashLoopError
      ELSE last_error END,
    attempts = attempts - 1,
    crash_recoveries = crash_recoveries + 1,
    run_at = @now,
    locked_by = NULL,
    locked_until = NULL,
    cancel_requested = 0,
    updated_at = @now
  WHERE state = 'active'
    AND (locked_until <= @now OR locked_by IN (SELECT value FROM json_each(@deadOwners)))
`;

export interface NewJob {
  id: string;
  name: string;
  payload: string;
  maxAttempts: number;
  backoffMs: number;
  runAt: number;
  group: string;
}

/** The next state of a run's job, written only if the run still owns it. */
export interface RunEnding {
  state: Exclude<JobState, 'active'>;
  /** 1 gives back the attempt the run consumed. */
  refund: 0 | 1;
  /** Replaces `last_error` when not null. */
  error: string | null;
  runAt: number;
  /** 1 puts the job in a new round, behind its group's waiting jobs (see FairRounds). */
  rejoin: 0 | 1;
}

/** All SQL of the durable queue; every method is one statement or one transaction. */
export class JobTable {
  private readonly insertJob: Database.Statement<[Record<string, unknown>]>;
  private readonly recoverLost: Database.Statement<[Record<string, unknown>]>;
  private readonly claimNext: Database.Statement<[Record<string, unknown>], JobRow>;
  private readonly noteClaimedRound: Database.Statement<[Record<string, unknown>]>;
  private readonly anythingToClaim: Database.Statement<[Record<string, unknown>], { found: 0 | 1 }>;
  private readonly endRun: Database.Statement<[Record<string, unknown>]>;
  private readonly renew: Database.Statement<
    [Record<string, unknown>],
    { id: string; cancel_requested: 0 | 1 }
  >;
  private readonly cancelRequested: Database.Statement<[Record<string, unknown>], { id: string }>;
  private readonly cancelWaiting: Database.Statement<[Record<string, unknown>]>;
  private readonly requestCancel: Database.Statement<[Record<string, unknown>]>;
  private readonly selectRun: Database.Statement<[Record<string, unknown>], JobRow>;
  private readonly selectJob: Database.Statement<[string], JobRow>;
  private readonly countStates: Database.Statement<[], { state: JobState; n: number }>;
  private readonly countBusy: Database.Statement<[Record<string, unknown>], { n: number }>;
  private readonly nextRunAt: Database.Statement<[Record<string, unknown>], { at: number | null }>;
  private readonly activeOwners: Database.Statement<[], { locked_by: string }>;

  constructor(private readonly db: Database.Database) {
    db.transaction(() => {
      db.exec(SCHEMA);
      const columns = new Set(
        (db.prepare(`PRAGMA table_info(jobs)`).all() as { name: string }[]).map((c) => c.name),
      );
      if (!columns.has('round')) for (const statement of FAIRNESS_COLUMNS) db.exec(statement);
      db.exec(FAIRNESS_INDEXES);
    }).immediate();
    // One statement, so two producers never give a group the same round.
    this.insertJob = db.prepare(`
      INSERT INTO jobs (id, name, payload, state, max_attempts, backoff_ms, run_at, fair_group,
        round, created_at, updated_at)
      VALUES (@id, @name, @payload, 'waiting', @maxAttempts, @backoffMs, @runAt, @group,
        MAX(
          (SELECT claimed_round FROM fair_rounds WHERE id = 1),
          COALESCE((SELECT MAX(round) FROM jobs WHERE fair_group = @group), 0)
        ) + 1,
        @now, @now)
      ON CONFLICT (id) DO NOTHING`);
    this.recoverLost = db.prepare(RECOVER_LOST_RUNS);
    // The claim itself is this one statement: picking and locking cannot be split by another worker.
    this.claimNext = db.prepare(`
      UPDATE jobs SET
        state = 'active', attempts = attempts + 1, locked_by = @owner,
        locked_until = @lockedUntil, cancel_requested = 0, updated_at = @now
      WHERE id = (
          SELECT id FROM jobs
          WHERE state = 'waiting' AND run_at <= @now
            AND name IN (SELECT value FROM json_each(@names))
          ORDER BY round, run_at, rowid LIMIT 1)
        AND state = 'waiting'
      RETURNING *`);
    this.noteClaimedRound = db.prepare(`
      UPDATE fair_rounds SET claimed_round = MAX(claimed_round, @round) WHERE id = 1`);
    this.anythingToClaim = db.prepare(`
      SELECT EXISTS (
        SELECT 1 FROM jobs WHERE state = 'waiting' AND run_at <= @now
          AND name IN (SELECT value FROM json_each(@names))
      ) OR EXISTS (
        SELECT 1 FROM jobs WHERE state = 'active'
          AND (locked_until <= @now OR locked_by IN (SELECT value FROM json_each(@deadOwners)))
      ) AS found`);
    this.endRun = db.prepare(`
      UPDATE jobs SET
        state = @state, attempts = attempts - @refund, last_error = COALESCE(@error, last_error),
        run_at = @runAt, locked_by = NULL, locked_until = NULL, cancel_requested = 0,
        round = CASE WHEN @rejoin = 1 THEN MAX(
          (SELECT claimed_round FROM fair_rounds WHERE id = 1),
          (SELECT MAX(peer.round) FROM jobs AS peer WHERE peer.fair_group = jobs.fair_group)
        ) + 1 ELSE round END,
        updated_at = @now
      WHERE id = @id AND locked_by = @owner AND state = 'active'`);
    this.renew = db.prepare(`
      UPDATE jobs SET locked_until = @lockedUntil
      WHERE locked_by = @owner AND state = 'active' AND id IN (SELECT value FROM json_each(@ids))
      RETURNING id, cancel_requested`);
    this.cancelRequested = db.prepare(`
      SELECT id FROM jobs
      WHERE locked_by = @owner AND state = 'active' AND cancel_requested = 1
        AND id IN (SELECT value FROM json_each(@ids))`);
    this.cancelWaiting = db.prepare(`
      UPDATE jobs SET state = 'canceled', updated_at = @now WHERE id = @id AND state = 'waiting'`);
    this.requestCancel = db.prepare(`
      UPDATE jobs SET cancel_requested = 1, updated_at = @now WHERE id = @id AND state = 'active'`);
    this.selectRun = db.prepare(
      `SELECT * FROM jobs WHERE id = @id AND locked_by = @owner AND state = 'active'`,
    );
    this.selectJob = db.prepare(`SELECT * FROM jobs WHERE id = ?`);
    this.countStates = db.prepare(`SELECT state, COUNT(*) AS n FROM jobs GROUP BY state`);
    this.countBusy = db.prepare(`
      SELECT COUNT(*) AS n FROM jobs
      WHERE state = 'active' OR (state = 'waiting' AND run_at <= @now)`);
    this.nextRunAt = db.prepare(`
      SELECT MIN(run_at) AS at FROM jobs
      WHERE state = 'waiting' AND name IN (SELECT value FROM json_each(@names))`);
    this.activeOwners = db.prepare(
      `SELECT DISTINCT locked_by FROM jobs WHERE state = 'active' AND locked_by IS NOT NULL`,
    );
  }

  /** False when a job with this id already exists, whatever its state. */
  insert(job: NewJob, now: number): boolean {
    return this.insertJob.run({ ...job, now }).changes === 1;
  }

  /**
   * Puts back the runs whose worker is gone (lease expired or owner known dead), then claims up
   * to `limit` due jobs in fair order (lowest round, then first due), all under one write lock
   * (`BEGIN IMMEDIATE`).
   */
  claim(request: {
    owner: string;
    names: string[];
    deadOwners: string[];
    limit: number;
    now: number;
    leaseMs: number;
    maxCrashRecoveries: number;
  }): JobRow[] {
    const { owner, now, limit } = request;
    const names = JSON.stringify(request.names);
    const deadOwners = JSON.stringify(request.deadOwners);
    // A read first, so idle polls never take the write lock.
    if (this.anythingToClaim.get({ now, names, deadOwners })?.found !== 1) return [];
    const claimAll = this.db.transaction((): JobRow[] => {
      this.recoverLost.run({
        now,
        deadOwners,
        maxCrashRecoveries: request.maxCrashRecoveries,
        crashLoopError: `The worker running this job was lost ${request.maxCrashRecoveries + 1} times (crash or stall); giving up`,
      });
      const claimed: JobRow[] = [];
      while (claimed.length < limit) {
        const row = this.claimNext.get({ owner, names, now, lockedUntil: now + request.leaseMs });
        if (!row) break;
        this.noteClaimedRound.run({ round: row.round });
        claimed.push(row);
      }
      return claimed;
    });
    return claimAll.immediate();
  }

  /**
   * Ends a run unless it lost its lease to another worker (then nothing is written and false is
   * returned). `decide` sees the row, including a cancel requested by another process.
   */
  endRunIfOwned(
    id: string,
    owner: string,
    now: number,
    decide: (row: JobRow) => RunEnding,
  ): boolean {
    const end = this.db.transaction((): boolean => {
      const row = this.selectRun.get({ id, owner });
      if (!row) return false;
      const ending = decide(row);
      this.endRun.run({ ...ending, id, owner, now });
      return true;
    });
    return end.immediate();
  }

  /** Extends the leases of `ids`; returns those still owned, with their cancel flag. */
  renewLeases(
    owner: string,
    ids: string[],
    lockedUntil: number,
  ): { id: string; cancel_requested: 0 | 1 }[] {
    return this.renew.all({ owner, ids: JSON.stringify(ids), lockedUntil });
  }

  /** Ids among `ids` whose cancel another process requested. */
  cancelRequestedAmong(owner: string, ids: string[]): string[] {
    return this.cancelRequested.all({ owner, ids: JSON.stringify(ids) }).map((row) => row.id);
  }

  /** Cancels a waiting job at once, or flags an active one for its owner. */
  cancel(id: string, now: number): 'canceled' | 'requested' | 'none' {
    const cancel = this.db.transaction((): 'canceled' | 'requested' | 'none' => {
      if (this.cancelWaiting.run({ id, now }).changes === 1) return 'canceled';
      if (this.requestCancel.run({ id, now }).changes === 1) return 'requested';
      return 'none';
    });
    return cancel.immediate();
  }

  get(id: string): JobRow | undefined {
    return this.selectJob.get(id);
  }

  counts(): Record<JobState, number> {
    const counts: Record<JobState, number> = {
      waiting: 0,
      active: 0,
      completed: 0,
      failed: 0,
      canceled: 0,
    };
    for (const { state, n } of this.countStates.all()) counts[state] = n;
    return counts;
  }

  /** Jobs active, or waiting and due. */
  busyCount(now: number): number {
    return this.countBusy.get({ now })?.n ?? 0;
  }

  /** When the next waiting job among `names` is due, or null when none waits. */
  nextDueAt(names: string[]): number | null {
    return this.nextRunAt.get({ names: JSON.stringify(names) })?.at ?? null;
  }

  /** Distinct owners of active jobs, for spotting dead workers on this host. */
  ownersOfActiveJobs(): string[] {
    return this.activeOwners.all().map((row) => row.locked_by);
  }
}
