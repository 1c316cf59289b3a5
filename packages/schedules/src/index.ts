export { newScheduleId, scheduledRunId, scheduleSecretContext } from './schedule-ids';
export { DEFAULT_TIMEZONE, ScheduleRule, type ScheduleRuleInput } from './schedule-rule';
export {
  ScheduleService,
  type ScheduleLocator,
  type ScheduleServiceDeps,
} from './schedule-service';
export { Scheduler, type SchedulerDeps, type SchedulerTick } from './scheduler';
export { SchedulerLoop } from './scheduler-loop';
