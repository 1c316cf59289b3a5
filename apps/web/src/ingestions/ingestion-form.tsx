import { useId, useMemo, useState, type FormEvent } from 'react';
import { listConnectors } from '../api/list-connectors';
import type { Connection, Connector } from '../api/wire-types';
import { NameField } from '../components/name-field';
import { isValidName } from '../components/names';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { ScheduleFields, defaultSchedule, scheduleOf } from '../schedules/schedule-fields';
import { useSession } from '../session/session';
import { choiceKey, emptyValues, specFormOf, specOf, type SpecValues } from './ingestion-spec';
import { SpecFields } from './spec-fields';

/** An ingestion the form just started: its id and collection (from `create_ingestion`). */
export interface StartedIngestion {
  ingestion_id: string;
  collection_name: string;
  schedule_id: string | null;
}

interface IngestionFormProps {
  namespace: string;
  connections: Connection[] | null;
  /** The page says it started, for as long as the run is queued or running. */
  onStarted(run: StartedIngestion): void;
}

/**
 * Starts an ingestion from any connector the deployment loaded: the source list and each
 * source's fields come from `GET /connectors`.
 */
export function IngestionForm({ namespace, connections, onStarted }: IngestionFormProps) {
  const { api } = useSession();
  const connectors = useLoaded(() => listConnectors(api), 'connectors');
  if (!connectors.data) {
    return (
      <section className="ingestion-form" aria-label="Start an ingestion">
        <h2>Start an ingestion</h2>
        {connectors.problem ? (
          <ProblemMessage problem={connectors.problem} />
        ) : (
          <p className="hint">Loading the sources…</p>
        )}
      </section>
    );
  }
  return (
    <ConnectorForm
      namespace={namespace}
      connectors={connectors.data}
      connections={connections}
      onStarted={onStarted}
    />
  );
}

interface ConnectorFormProps extends IngestionFormProps {
  connectors: Connector[];
}

function ConnectorForm({ namespace, connectors, connections, onStarted }: ConnectorFormProps) {
  const { api } = useSession();
  const [type, setType] = useState(connectors[0]?.type ?? '');
  const connector = connectors.find((c) => c.type === type) ?? connectors[0];
  const form = useMemo(
    () => (connector ? specFormOf(connector) : { fields: [], choices: [] }),
    [connector],
  );
  const [collection, setCollection] = useState('');
  const [entries, setEntries] = useState(() => emptyValues(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [schedule, setSchedule] = useState(defaultSchedule);
  const action = useAction();
  const id = useId();
  const connection = connections?.find((c) => c.type === connector?.type) ?? null;

  if (!connector) {
    return (
      <section className="ingestion-form" aria-label="Start an ingestion">
        <h2>Start an ingestion</h2>
        <p>This deployment loads no connector.</p>
      </section>
    );
  }

  function chooseType(next: string): void {
    const nextConnector = connectors.find((c) => c.type === next);
    setType(next);
    if (nextConnector) setEntries(emptyValues(specFormOf(nextConnector)));
    setErrors({});
    setFormError('');
    action.clear();
  }

  const setValue = (name: string, value: string | boolean): void => {
    setEntries((e) => ({ ...e, values: { ...e.values, [name]: value } }));
    setErrors(({ [name]: _, ...rest }) => rest);
    setFormError('');
  };

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const spec = specOf(form, entries.values, entries.chosen);
    const nameOk = isValidName(collection.trim());
    setErrors(spec.ok ? {} : spec.errors);
    if (!nameOk || !spec.ok) {
      setFormError(
        nameOk
          ? 'Some fields need attention (marked above).'
          : 'Give a collection name: up to 64 letters, digits, “.”, “_” or “-”, starting with a letter or digit.',
      );
      return;
    }
    setFormError('');
    const scheduled = scheduleOf(schedule);
    const name = collection.trim();
    const result = await action.run(() =>
      api.post<{ ingestion_id: string; schedule_id: string | null }>('/docs/create_ingestion', {
        namespace_name: namespace,
        collection_name: name,
        type: connector!.type,
        spec: spec.spec,
        ...(scheduled ? { schedule: scheduled } : {}),
      }),
    );
    if (!result) return;
    // Credentials are not kept in the page once sent.
    const cleared: SpecValues = { ...entries.values };
    for (const f of form.fields) if (f.secret) cleared[f.name] = '';
    setEntries((e) => ({ ...e, values: cleared }));
    onStarted({
      ingestion_id: result.ingestion_id,
      collection_name: name,
      schedule_id: result.schedule_id,
    });
  }

  return (
    <form
      className="ingestion-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Start an ingestion</h2>
      <div className="grid">
        <div className="field">
          <label htmlFor={`${id}-type`}>Source</label>
          <select
            id={`${id}-type`}
            value={connector.type}
            onChange={(e) => chooseType(e.target.value)}
          >
            {connectors.map((c) => (
              <option key={c.type} value={c.type}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <NameField label="Collection" value={collection} onChange={setCollection} />
      </div>
      <fieldset className="spec-fields" data-testid="spec-fields">
        <legend>{connector.title}</legend>
        <p className="hint spec-about">
          {connector.description}
          {connector.ui.help ? ` ${connector.ui.help}` : ''}
        </p>
        <SpecFields
          connector={connector}
          form={form}
          values={entries.values}
          chosen={entries.chosen}
          errors={errors}
          connection={connection}
          onValue={setValue}
          onChoose={(choice, name) => {
            setEntries((e) => ({ ...e, chosen: { ...e.chosen, [choiceKey(choice)]: name } }));
            setErrors({});
          }}
        />
      </fieldset>
      <ScheduleFields value={schedule} onChange={setSchedule} />
      {formError ? (
        <p className="problem" role="alert" data-testid="form-error">
          {formError}
        </p>
      ) : null}
      <ProblemMessage problem={action.problem} />
      {action.problem?.code === 'source_not_connected' ? (
        <p>
          <a href="#/connections">Connect {connector.title} on the Connections page</a>, or give a
          token.
        </p>
      ) : null}
      <button type="submit" disabled={action.pending}>
        Start ingestion
      </button>
    </form>
  );
}
