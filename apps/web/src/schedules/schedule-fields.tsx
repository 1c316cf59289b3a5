import { useId } from 'react';

export interface ScheduleFormState {
  enabled: boolean;
  cron: string;
  timezone: string;
}

/** Nightly at 03:00 in the browser's time zone, until the user says otherwise. */
export function defaultSchedule(): ScheduleFormState {
  let timezone = 'UTC';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // An engine without time zone data: UTC.
  }
  return { enabled: false, cron: '0 3 * * *', timezone };
}

/** The `schedule` of `create_ingestion`, or nothing when the box is not ticked. */
export function scheduleOf(state: ScheduleFormState): { cron: string; timezone: string } | null {
  return state.enabled ? { cron: state.cron.trim(), timezone: state.timezone.trim() } : null;
}

interface ScheduleFieldsProps {
  value: ScheduleFormState;
  onChange(value: ScheduleFormState): void;
}

/** "Re-sync on a schedule": a cron expression and the time zone it is read in. */
export function ScheduleFields({ value, onChange }: ScheduleFieldsProps) {
  const id = useId();
  return (
    <fieldset className="schedule-fields">
      <legend>Schedule</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={value.enabled}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
        />{' '}
        Re-sync on a schedule
      </label>
      {value.enabled ? (
        <div className="grid">
          <div className="field">
            <label htmlFor={`${id}-cron`}>Cron</label>
            <input
              id={`${id}-cron`}
              required
              className="mono"
              aria-describedby={`${id}-cron-hint`}
              value={value.cron}
              onChange={(e) => onChange({ ...value, cron: e.target.value })}
            />
            <small id={`${id}-cron-hint`} className="hint">
              Minute, hour, day of month, month, day of week: <code>0 3 * * *</code> is every night
              at 03:00, <code>0 * * * *</code> every hour (the most often allowed).
            </small>
          </div>
          <div className="field">
            <label htmlFor={`${id}-tz`}>Time zone</label>
            <input
              id={`${id}-tz`}
              required
              value={value.timezone}
              onChange={(e) => onChange({ ...value, timezone: e.target.value })}
            />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
