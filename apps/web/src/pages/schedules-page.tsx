import { listConnectors } from '../api/list-connectors';
import { listSchedules } from '../api/list-schedules';
import type { Schedule } from '../api/wire-types';
import { NameField } from '../components/name-field';
import { isValidName } from '../components/names';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useIntervalWhile } from '../components/use-interval-while';
import { useLoaded } from '../components/use-loaded';
import { isActive } from '../ingestions/ingestion-progress';
import { ScheduleItem } from '../schedules/schedule-item';
import { useSession } from '../session/session';
import { DEFAULT_NAMESPACE, NAMESPACE_KEY, useStoredValue } from '../session/use-stored-value';
import { PageHeading } from './page-heading';

/** The schedules of a namespace; polled every few seconds while a last run is under way. */
export function SchedulesPage() {
  const { api } = useSession();
  const [namespace, setNamespace] = useStoredValue(NAMESPACE_KEY, DEFAULT_NAMESPACE);
  const schedules = useLoaded(
    isValidName(namespace) ? () => listSchedules(api, namespace) : null,
    namespace,
  );
  // For each schedule's source name and field labels; the cards show types until it answers.
  const connectors = useLoaded(() => listConnectors(api), 'connectors');
  const action = useAction();
  const running = (schedules.data ?? []).some((s) => s.last_run && isActive(s.last_run.status));
  useIntervalWhile(running, () => schedules.reload(), 3000);

  async function change(path: string, schedule: Schedule): Promise<void> {
    await action.run(() =>
      api.post(path, {
        namespace_name: schedule.namespace_name,
        collection_name: schedule.collection_name,
        schedule_id: schedule.schedule_id,
      }),
    );
    await schedules.reload();
  }

  return (
    <section>
      <PageHeading>Schedules</PageHeading>
      <p className="hint">
        A schedule re-runs an ingestion on its cron, at most hourly: each run is an incremental sync
        of the same source into the same collection, with the token stored encrypted (or your
        connection). A source that refuses the credentials stops its schedule.
      </p>
      <NameField label="Namespace" value={namespace} onChange={setNamespace} />
      <ProblemMessage problem={schedules.problem ?? action.problem} />
      {schedules.data && schedules.data.length === 0 ? (
        <p data-testid="empty-state">
          No schedules in <strong>{namespace}</strong> yet. To re-sync a source on a schedule,{' '}
          <a href="#/ingestions">start an ingestion</a> with “Re-sync on a schedule” ticked.
        </p>
      ) : null}
      <ul className="ingestions">
        {(schedules.data ?? []).map((s) => (
          <ScheduleItem
            key={s.schedule_id}
            schedule={s}
            connector={connectors.data?.find((c) => c.type === s.type)}
            busy={action.pending}
            onEdited={() => void schedules.reload()}
            onPause={(x) => void change('/schedules/pause', x)}
            onResume={(x) => void change('/schedules/resume', x)}
            onRunNow={(x) => void change('/schedules/run', x)}
            onDelete={(x) => void change('/schedules/delete', x)}
          />
        ))}
      </ul>
    </section>
  );
}
