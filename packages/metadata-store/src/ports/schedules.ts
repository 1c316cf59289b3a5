import type { Page } from './catalog';
import type { IngestionErrorCode, IngestionStatus, NewIngestion } from './ingestions';

/** Schedules of re-syncs and the role that keeps them (ScheduleService, Scheduler). */

/** `paused` by the user; `stopped` by Docent, with a reason (e.g. credentials revoked). */
export type ScheduleStatus = 'active' | 'paused' | 'stopped';

export type ScheduleStopCode =
  /** A run was refused by the source (401/403): the stored credentials no longer work. */
  | 'source_auth_failed'
  /** The schedule runs on the account's OAuth connection, and it was deleted. */
  | 'source_not_connected'
  /** The sealed credentials no longer open (the secret key changed). */
  | 'credentials_unavailable';

/** The last run a schedule started: the ingestion's status as it is now. */
export interface ScheduleRunRecord {
  ingestionId: string;
  status: IngestionStatus;
  /** When the run was created (fired). */
  createdAt: Date;
  finishedAt: Date | null;
  errorCode: IngestionErrorCode | null;
  errorMessage: string | null;
}

export interface ScheduleRecord {
  id: string;
  accountId: string;
  collectionId: string;
  namespaceName: string;
  collectionName: string;
  type: string;
  /** The spec as given, secrets replaced by `***`. */
  spec: Record<string, unknown>;
  /** The spec's secret fields, sealed; kept for as long as the schedule exists. */
  secrets: string | null;
  sourceKey: string;
  /** Runs take the account's OAuth connection (the spec has no token). */
  usesConnection: boolean;
  cron: string;
  timezone: string;
  status: ScheduleStatus;
  stopCode: ScheduleStopCode | null;
  stopMessage: string | null;
  /** When the next run is due; null unless active. */
  nextRunAt: Date | null;
  lastRun: ScheduleRunRecord | null;
  createdAt: Date;
  updatedAt: Date;
  /** Bumped by every change: a run is claimed at the version it was found at, so only once. */
  version: number;
}

/** A schedule as `create_ingestion` gives it: created, or replacing the source's schedule. */
export interface ScheduleInput {
  /** Used only when the collection has no schedule for this source yet. */
  id: string;
  accountId: string;
  collectionId: string;
  type: string;
  spec: Record<string, unknown>;
  secrets: string | null;
  sourceKey: string;
  usesConnection: boolean;
  cron: string;
  timezone: string;
  nextRunAt: Date;
  /** The ingestion started with the schedule: its first run. */
  lastRunIngestionId: string;
  at: Date;
}

export interface ScheduleQuery {
  namespaceId: string;
  collectionId?: string;
  status?: ScheduleStatus;
  /** Opaque position from a previous page. */
  after?: string;
  limit: number;
}

/** What claiming a due run did. */
export type ScheduleClaim =
  /** This caller won the run: the ingestion was recorded, enqueue it. */
  | 'started'
  /** The previous run of the source is still queued or running: this one is skipped. */
  | 'skipped'
  /** Another process claimed it first, or the schedule changed (paused, deleted, replaced). */
  | 'lost';

export interface ScheduleStore {
  /**
   * Creates the collection's schedule for the source, or replaces its cron, spec and
   * credentials (keeping its id), active again, with this run as its last.
   */
  saveSchedule(input: ScheduleInput): Promise<ScheduleRecord>;
  getSchedule(id: string): Promise<ScheduleRecord | null>;
  /** Newest first. */
  listSchedules(query: ScheduleQuery): Promise<Page<ScheduleRecord>>;
  /** Pause, resume or stop: false when the schedule changed since `expectedVersion`. */
  updateScheduleState(
    id: string,
    expectedVersion: number,
    patch: {
      status: ScheduleStatus;
      stop: { code: ScheduleStopCode; message: string } | null;
      nextRunAt: Date | null;
      at: Date;
    },
  ): Promise<boolean>;
  /**
   * A new cron and time zone, and the next run they give (null: the schedule is not active);
   * false when the schedule changed since `expectedVersion`.
   */
  updateScheduleRule(
    id: string,
    expectedVersion: number,
    patch: { cron: string; timezone: string; nextRunAt: Date | null; at: Date },
  ): Promise<boolean>;
  /** Deletes the schedule with its sealed credentials. */
  deleteSchedule(id: string): Promise<boolean>;
  /** Active schedules due at `now`, the most overdue first. */
  listDueSchedules(now: Date, limit: number): Promise<ScheduleRecord[]>;
  /**
   * Atomically: takes the run of a due schedule still at `version` (moving it on to
   * `nextRunAt`) and, unless an ingestion of the same source into the collection is still
   * queued or running, records `run` as a queued ingestion and the schedule's last run.
   */
  claimRun(claim: {
    scheduleId: string;
    version: number;
    nextRunAt: Date;
    run: NewIngestion;
    at: Date;
  }): Promise<ScheduleClaim>;
  /** Schedules whose last run ended since they last looked at it. */
  listSchedulesWithEndedRuns(limit: number): Promise<ScheduleRecord[]>;
  /**
   * Notes that the schedule saw how `ingestionId` ended (once: false when already noted or
   * when the schedule moved on) and, with `stop`, stops the schedule.
   */
  settleRun(
    scheduleId: string,
    ingestionId: string,
    stop: { code: ScheduleStopCode; message: string } | null,
    at: Date,
  ): Promise<boolean>;
  /** Stops the active and paused schedules running on the account's connection of `type`. */
  stopSchedulesOnConnection(
    accountId: string,
    type: string,
    stop: { code: ScheduleStopCode; message: string },
    at: Date,
  ): Promise<number>;
}
