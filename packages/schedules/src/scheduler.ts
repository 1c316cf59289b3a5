import type { SecretBox } from '@docent/credentials-vault';
import type { IngestionService, Logger } from '@docent/ingestion';
import type { ScheduleRecord, ScheduleStopCode, ScheduleStore } from '@docent/metadata-store';
import { scheduledRunId } from './schedule-ids';
import { CREDENTIALS_UNAVAILABLE, scheduleSource } from './schedule-source';
import { ScheduleRule } from './schedule-rule';

export interface SchedulerDeps {
  store: ScheduleStore;
  ingestions: Pick<IngestionService, 'newRun' | 'enqueueOrLeaveToReconciler' | 'stillConnected'>;
  secrets: SecretBox;
  logger: Logger;
  /** The schedules' clock (a test may move it). */
  now?: () => Date;
  /** Schedules handled per look, of each kind (due, ended runs). */
  batchSize?: number;
}

/** What one look at the schedules did. */
export interface SchedulerTick {
  /** Runs this process started. */
  started: number;
  /** Due runs skipped: the source's previous run was still queued or running. */
  skipped: number;
  /** Schedules stopped (credentials refused or gone). */
  stopped: number;
  /** Ended runs noted. */
  settled: number;
}

type Stop = { code: ScheduleStopCode; message: string };

/**
 * Fires due schedules and watches how their runs end. Any number of processes may run one on
 * the same database: a run is claimed atomically by the store (once, whoever looks first), a
 * run missed while every process was down fires once (the next run is counted from now), and
 * a run whose source is still being ingested is skipped rather than queued behind it.
 */
export class Scheduler {
  private readonly now: () => Date;
  private readonly batchSize: number;

  constructor(private readonly deps: SchedulerDeps) {
    this.now = deps.now ?? (() => new Date());
    this.batchSize = deps.batchSize ?? 50;
  }

  async tick(): Promise<SchedulerTick> {
    const result: SchedulerTick = { started: 0, skipped: 0, stopped: 0, settled: 0 };
    // Ended runs first: a run refused by the source stops its schedule before it fires again.
    for (const schedule of await this.deps.store.listSchedulesWithEndedRuns(this.batchSize)) {
      await this.settle(schedule, result);
    }
    const now = this.now();
    for (const schedule of await this.deps.store.listDueSchedules(now, this.batchSize)) {
      try {
        await this.fire(schedule, now, result);
      } catch (error) {
        this.deps.logger.error('scheduled run not started', {
          scheduleId: schedule.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return result;
  }

  private async fire(schedule: ScheduleRecord, now: Date, result: SchedulerTick): Promise<void> {
    const { logger, store } = this.deps;
    const source = scheduleSource(schedule, this.deps.secrets);
    if (!source) {
      await this.stop(schedule, result, {
        code: 'credentials_unavailable',
        message: CREDENTIALS_UNAVAILABLE,
      });
      return;
    }
    if (!(await this.deps.ingestions.stillConnected(source))) {
      await this.stop(schedule, result, {
        code: 'source_not_connected',
        message: `The ${schedule.type} connection this schedule runs on was deleted. Connect ${schedule.type} again, then resume the schedule.`,
      });
      return;
    }
    const rule = ScheduleRule.parse({ cron: schedule.cron, timezone: schedule.timezone });
    const run = this.deps.ingestions.newRun(
      source,
      scheduledRunId(schedule.id, schedule.nextRunAt!),
    );
    const claim = await store.claimRun({
      scheduleId: schedule.id,
      version: schedule.version,
      nextRunAt: rule.nextAfter(now),
      run,
      at: now,
    });
    if (claim === 'started') {
      await this.deps.ingestions.enqueueOrLeaveToReconciler(run);
      result.started++;
      logger.info('scheduled run started', { scheduleId: schedule.id, ingestionId: run.id });
    } else if (claim === 'skipped') {
      result.skipped++;
      logger.info('scheduled run skipped: the previous run of the source has not ended', {
        scheduleId: schedule.id,
        previousIngestionId: schedule.lastRun?.ingestionId,
      });
    }
  }

  /** Notes how the last run ended; a source that refused the credentials stops the schedule. */
  private async settle(schedule: ScheduleRecord, result: SchedulerTick): Promise<void> {
    const run = schedule.lastRun!;
    const stop: Stop | null =
      run.errorCode === 'source_auth_failed'
        ? {
            code: 'source_auth_failed',
            message: `The source refused the credentials of run ${run.ingestionId}: ${sentence(run.errorMessage ?? 'access denied')} Give new credentials (create_ingestion with this source and schedule), or reconnect the source and resume the schedule.`,
          }
        : null;
    if (await this.deps.store.settleRun(schedule.id, run.ingestionId, stop, this.now())) {
      result.settled++;
      if (stop && schedule.status !== 'stopped') {
        result.stopped++;
        this.deps.logger.warn('schedule stopped', { scheduleId: schedule.id, reason: stop.code });
      }
    }
  }

  private async stop(schedule: ScheduleRecord, result: SchedulerTick, stop: Stop): Promise<void> {
    const stopped = await this.deps.store.updateScheduleState(schedule.id, schedule.version, {
      status: 'stopped',
      stop,
      nextRunAt: null,
      at: this.now(),
    });
    if (stopped) {
      result.stopped++;
      this.deps.logger.warn('schedule stopped', { scheduleId: schedule.id, reason: stop.code });
    }
  }
}

function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}
