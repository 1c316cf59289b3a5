import { useId, useState, type FormEvent } from 'react';
import type { Schedule } from '../api/wire-types';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useSession } from '../session/session';
import { ScheduleRuleFields } from './schedule-fields';
import { cronOf, ruleOf } from './schedule-rule';

interface ScheduleEditorProps {
  schedule: Schedule;
  onSaved(): void;
  onCancel(): void;
}

/** "Edit" on a schedule: a new rule and zone (`/schedules/update`); the source stays. */
export function ScheduleEditor({ schedule, onSaved, onCancel }: ScheduleEditorProps) {
  const { api } = useSession();
  const [rule, setRule] = useState(() => ruleOf(schedule.cron, schedule.timezone));
  const action = useAction();
  const id = useId();

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault();
    const saved = await action.run(() =>
      api.post<Schedule>('/schedules/update', {
        namespace_name: schedule.namespace_name,
        collection_name: schedule.collection_name,
        schedule_id: schedule.schedule_id,
        cron: cronOf(rule),
        timezone: rule.timezone,
      }),
    );
    if (saved) onSaved();
  }

  return (
    <form
      className="schedule-editor"
      aria-labelledby={`${id}-title`}
      data-testid="schedule-editor"
      onSubmit={(e) => void save(e)}
    >
      <h4 id={`${id}-title`}>When it runs</h4>
      <ScheduleRuleFields value={rule} onChange={setRule} />
      <ProblemMessage problem={action.problem} />
      <div className="actions">
        <button type="submit" disabled={action.pending}>
          Save
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
