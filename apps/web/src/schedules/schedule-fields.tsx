import { useId, useMemo } from 'react';
import {
  WEEKDAYS,
  cronOf,
  defaultRule,
  supportedTimeZones,
  timeZoneChoices,
  type Repeat,
  type ScheduleRule,
} from './schedule-rule';

export interface ScheduleFormState {
  enabled: boolean;
  rule: ScheduleRule;
}

export function defaultSchedule(): ScheduleFormState {
  return { enabled: false, rule: defaultRule() };
}

/** The `schedule` of `create_ingestion`, or nothing when the box is not ticked. */
export function scheduleOf(state: ScheduleFormState): { cron: string; timezone: string } | null {
  return state.enabled ? { cron: cronOf(state.rule), timezone: state.rule.timezone.trim() } : null;
}

const REPEATS: { value: Repeat; label: string }[] = [
  { value: 'hourly', label: 'Every hour' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
  { value: 'custom', label: 'Custom (cron)' },
];

interface ScheduleRuleFieldsProps {
  value: ScheduleRule;
  onChange(value: ScheduleRule): void;
}

/** How often (a preset or a cron expression) and the time zone it is read in. */
export function ScheduleRuleFields({ value, onChange }: ScheduleRuleFieldsProps) {
  const id = useId();
  // Some 420 options, built again only for a zone the engine does not list (kept as a choice),
  // so React skips them when anything else changes.
  const unlisted = supportedTimeZones().includes(value.timezone) ? '' : value.timezone;
  const zoneOptions = useMemo(
    () =>
      timeZoneChoices(unlisted).map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      )),
    [unlisted],
  );
  const set = <K extends keyof ScheduleRule>(key: K, v: ScheduleRule[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <div className="schedule-rule">
      <div className="field">
        <label htmlFor={`${id}-repeat`}>Repeat</label>
        <select
          id={`${id}-repeat`}
          value={value.repeat}
          onChange={(e) => {
            const repeat = e.target.value as Repeat;
            // Custom starts from what the preset stood for, so a person edits from there.
            onChange({
              ...value,
              repeat,
              cron: repeat === 'custom' ? cronOf(value) : value.cron,
            });
          }}
        >
          {REPEATS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </div>
      {value.repeat === 'hourly' ? (
        <div className="field">
          <label htmlFor={`${id}-minute`}>At minute</label>
          <input
            id={`${id}-minute`}
            type="number"
            min={0}
            max={59}
            required
            value={String(value.minute)}
            onChange={(e) => set('minute', Number(e.target.value))}
          />
        </div>
      ) : null}
      {value.repeat === 'weekly' ? (
        <div className="field">
          <label htmlFor={`${id}-weekday`}>On</label>
          <select
            id={`${id}-weekday`}
            value={String(value.weekday)}
            onChange={(e) => set('weekday', Number(e.target.value))}
          >
            {WEEKDAYS.map((day, i) => (
              <option key={day} value={String(i)}>
                {day}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {value.repeat === 'daily' || value.repeat === 'weekly' ? (
        <div className="field">
          <label htmlFor={`${id}-time`}>At</label>
          <input
            id={`${id}-time`}
            type="time"
            required
            value={value.time}
            onChange={(e) => set('time', e.target.value)}
          />
        </div>
      ) : null}
      {value.repeat === 'custom' ? (
        <div className="field schedule-cron">
          <label htmlFor={`${id}-cron`}>Cron</label>
          <input
            id={`${id}-cron`}
            required
            className="mono"
            aria-describedby={`${id}-cron-hint`}
            value={value.cron}
            onChange={(e) => set('cron', e.target.value)}
          />
          <small id={`${id}-cron-hint`} className="hint">
            Minute, hour, day of month, month, day of week: <code>0 3 * * 1-5</code> is 03:00 on
            weekdays. At most once an hour.
          </small>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-tz`}>Time zone</label>
        <select
          id={`${id}-tz`}
          value={value.timezone}
          onChange={(e) => set('timezone', e.target.value)}
        >
          {zoneOptions}
        </select>
      </div>
      {value.repeat !== 'custom' ? (
        <p className="hint schedule-cron-preview">
          Cron <code data-testid="schedule-cron">{cronOf(value)}</code>
        </p>
      ) : null}
    </div>
  );
}

interface ScheduleFieldsProps {
  value: ScheduleFormState;
  onChange(value: ScheduleFormState): void;
}

/** "Re-sync on a schedule" in the ingestion form: ticked, then when. */
export function ScheduleFields({ value, onChange }: ScheduleFieldsProps) {
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
        <ScheduleRuleFields value={value.rule} onChange={(rule) => onChange({ ...value, rule })} />
      ) : null}
    </fieldset>
  );
}
