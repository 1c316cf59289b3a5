import { useState } from 'react';
import type { Connector, Schedule } from '../api/wire-types';
import { ConfirmButton } from '../components/confirm-button';
import { formatTime } from '../components/format';
import { ScheduleEditor } from './schedule-editor';
import { describeRule, ruleOf } from './schedule-rule';
import { describeSource } from './schedule-source';
import { asSentence } from '../components/sentence';

interface ScheduleItemProps {
  schedule: Schedule;
  /** The schedule's connector, for its name and field labels (unknown while loading). */
  connector: Connector | undefined;
  busy: boolean;
  onEdited(schedule: Schedule): void;
  onPause(schedule: Schedule): void;
  onResume(schedule: Schedule): void;
  onRunNow(schedule: Schedule): void;
  onDelete(schedule: Schedule): void;
}

/**
 * One schedule: when it runs (the next run in the schedule's own time zone, named), how its
 * last run went, why it stopped; run now, edit, pause, resume, delete.
 */
export function ScheduleItem({
  schedule,
  connector,
  busy,
  onEdited,
  onPause,
  onResume,
  onRunNow,
  onDelete,
}: ScheduleItemProps) {
  const titleId = `schedule-${schedule.schedule_id}`;
  const run = schedule.last_run;
  const [editing, setEditing] = useState(false);
  return (
    <li className="ingestion schedule" aria-labelledby={titleId} data-testid="schedule">
      <div className="ingestion-head">
        <h3 id={titleId}>
          {schedule.collection_name}{' '}
          <span className="muted">· {connector?.title ?? schedule.type}</span>
        </h3>
        <span className={`badge status ${schedule.status}`} data-testid="schedule-status">
          {schedule.status}
        </span>
      </div>
      <p className="muted small">{describeSource(schedule.type, connector, schedule.spec)}</p>
      <dl className="facts">
        <dt>When</dt>
        <dd data-testid="schedule-when">
          {describeRule(ruleOf(schedule.cron, schedule.timezone))}, {schedule.timezone}{' '}
          <span className="muted">
            (<code>{schedule.cron}</code>)
          </span>
        </dd>
        <dt>Next run</dt>
        <dd data-testid="schedule-next-run">
          {schedule.next_run_at
            ? formatInZone(schedule.next_run_at, schedule.timezone)
            : `none while ${schedule.status}`}
        </dd>
        <dt>Last run</dt>
        <dd data-testid="schedule-last-run">
          {run ? (
            <>
              <span className={`badge status ${run.status}`}>{run.status}</span> started{' '}
              {formatTime(run.created_at)}
              {run.finished_at ? `, finished ${formatTime(run.finished_at)}` : ''} ·{' '}
              <code>{run.ingestion_id}</code>
            </>
          ) : (
            'none yet'
          )}
        </dd>
      </dl>
      {run?.error ? (
        <p className="problem" data-testid="schedule-run-error" data-code={run.error.code}>
          Last run failed: {asSentence(run.error.message)}
        </p>
      ) : null}
      {schedule.reason ? (
        <p className="problem" data-testid="schedule-reason" data-code={schedule.reason.code}>
          Stopped: {asSentence(schedule.reason.message)}
        </p>
      ) : null}
      {editing ? (
        // While editing, Save and Cancel are the card's only buttons.
        <ScheduleEditor
          schedule={schedule}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onEdited(schedule);
          }}
        />
      ) : (
        <div className="actions">
          {schedule.status === 'active' ? (
            <>
              <button type="button" disabled={busy} onClick={() => onRunNow(schedule)}>
                Run now
              </button>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                onClick={() => onPause(schedule)}
              >
                Pause
              </button>
            </>
          ) : (
            <button type="button" disabled={busy} onClick={() => onResume(schedule)}>
              Resume
            </button>
          )}
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            confirmLabel={`Delete the schedule of ${schedule.collection_name}`}
            disabled={busy}
            onConfirm={() => onDelete(schedule)}
          />
        </div>
      )}
    </li>
  );
}

/** A time as the schedule's zone reads it, the zone named (03:00 Europe/Berlin, not 02:00). */
export function formatInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const local = new Intl.DateTimeFormat(undefined, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(date);
  return `${local} ${timeZone}`;
}
