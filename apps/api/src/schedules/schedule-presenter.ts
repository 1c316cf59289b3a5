import type { Schedule as ScheduleWire } from '@docent/contract';
import type { ScheduleRecord } from '@docent/metadata-store';

/** A schedule as the contract shows it: never its sealed credentials. */
export function presentSchedule(schedule: ScheduleRecord): ScheduleWire {
  const run = schedule.lastRun;
  return {
    schedule_id: schedule.id,
    namespace_name: schedule.namespaceName,
    collection_name: schedule.collectionName,
    type: schedule.type as ScheduleWire['type'],
    spec: schedule.spec,
    cron: schedule.cron,
    timezone: schedule.timezone,
    status: schedule.status,
    reason:
      schedule.status === 'stopped' && schedule.stopCode
        ? { code: schedule.stopCode, message: schedule.stopMessage ?? '' }
        : null,
    next_run_at: schedule.status === 'active' ? schedule.nextRunAt : null,
    last_run: run
      ? {
          ingestion_id: run.ingestionId,
          status: run.status,
          created_at: run.createdAt,
          finished_at: run.finishedAt,
          error:
            run.status === 'failed' && run.errorCode
              ? { code: run.errorCode, message: run.errorMessage ?? '' }
              : null,
        }
      : null,
    created_at: schedule.createdAt,
    updated_at: schedule.updatedAt,
  };
}
