import { useId, useState, type FormEvent } from 'react';
import { SOURCE_TYPES, type Connection, type SourceType } from '../api/wire-types';
import { NameField } from '../components/name-field';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { ScheduleFields, defaultSchedule, scheduleOf } from '../schedules/schedule-fields';
import { useSession } from '../session/session';
import { EMPTY_FORM, specOf, type IngestionFormState } from './ingestion-spec';

interface IngestionFormProps {
  namespace: string;
  connections: Connection[] | null;
  onStarted(): void;
}

/** Starts an ingestion; the token may stay empty when the account is connected to the source. */
export function IngestionForm({ namespace, connections, onStarted }: IngestionFormProps) {
  const { api } = useSession();
  const [form, setForm] = useState<IngestionFormState>(EMPTY_FORM);
  const [schedule, setSchedule] = useState(defaultSchedule);
  const [started, setStarted] = useState('');
  const action = useAction();
  const id = useId();
  const set = <K extends keyof IngestionFormState>(key: K, value: IngestionFormState[K]): void =>
    setForm((f) => ({ ...f, [key]: value }));
  const connection = connections?.find((c) => c.type === form.type);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    setStarted('');
    const scheduled = scheduleOf(schedule);
    const result = await action.run(() =>
      api.post<{ ingestion_id: string; schedule_id: string | null }>('/docs/create_ingestion', {
        namespace_name: namespace,
        collection_name: form.collection,
        type: form.type,
        spec: specOf(form),
        ...(scheduled ? { schedule: scheduled } : {}),
      }),
    );
    if (!result) return;
    setStarted(
      result.schedule_id
        ? `Ingestion into ${form.collection} started; it re-runs on its schedule (see Schedules).`
        : `Ingestion into ${form.collection} started.`,
    );
    setForm((f) => ({ ...f, token: '' }));
    onStarted();
  }

  return (
    <form
      className="ingestion-form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Start an ingestion</h2>
      <div className="grid">
        <div className="field">
          <label htmlFor={`${id}-type`}>Source</label>
          <select
            id={`${id}-type`}
            value={form.type}
            onChange={(e) => set('type', e.target.value as SourceType)}
          >
            {SOURCE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <NameField
          label="Collection"
          value={form.collection}
          onChange={(v) => set('collection', v)}
        />
      </div>

      {form.type === 'WIKI' ? (
        <fieldset>
          <legend>Confluence site</legend>
          <div className="field">
            <label htmlFor={`${id}-url`}>Site URL</label>
            <input
              id={`${id}-url`}
              type="url"
              required
              placeholder="https://acme.atlassian.net/wiki"
              value={form.wikiUrl}
              onChange={(e) => set('wikiUrl', e.target.value)}
            />
            {connection && connection.sites.length > 0 ? (
              // The sites the Atlassian connection was granted: one click instead of typing.
              <p className="hint" data-testid="connection-sites">
                Your connection reads{' '}
                {connection.sites.map((site, i) => (
                  <span key={site.url}>
                    {i > 0 ? ', ' : ''}
                    <button
                      type="button"
                      className="link"
                      title={site.url}
                      onClick={() => set('wikiUrl', site.url)}
                    >
                      <bdi>{site.name}</bdi>
                    </button>
                  </span>
                ))}
                .
              </p>
            ) : null}
          </div>
          <div className="radios" role="radiogroup" aria-label="Pages to ingest">
            <label>
              <input
                type="radio"
                name={`${id}-selector`}
                checked={form.wikiSelector === 'space'}
                onChange={() => set('wikiSelector', 'space')}
              />{' '}
              A space
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-selector`}
                checked={form.wikiSelector === 'cql'}
                onChange={() => set('wikiSelector', 'cql')}
              />{' '}
              A CQL query
            </label>
          </div>
          {form.wikiSelector === 'space' ? (
            <div className="field">
              <label htmlFor={`${id}-space`}>Space key</label>
              <input
                id={`${id}-space`}
                required
                value={form.wikiSpace}
                onChange={(e) => set('wikiSpace', e.target.value)}
              />
            </div>
          ) : (
            <div className="field">
              <label htmlFor={`${id}-cql`}>CQL</label>
              <input
                id={`${id}-cql`}
                required
                placeholder='label = "runbook"'
                value={form.wikiCql}
                onChange={(e) => set('wikiCql', e.target.value)}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-username`}>Username (optional, with an API token)</label>
            <input
              id={`${id}-username`}
              autoComplete="off"
              value={form.wikiUsername}
              onChange={(e) => set('wikiUsername', e.target.value)}
            />
          </div>
          <label>
            <input
              type="checkbox"
              checked={form.wikiAttachments}
              onChange={(e) => set('wikiAttachments', e.target.checked)}
            />{' '}
            Also ingest attached files (PDF, Office, HTML, Markdown, text)
          </label>
        </fieldset>
      ) : null}

      {form.type === 'DRIVE' ? (
        <div className="field">
          <label htmlFor={`${id}-folder`}>Folder name (optional)</label>
          <input
            id={`${id}-folder`}
            aria-describedby={`${id}-folder-hint`}
            value={form.driveFolderName}
            onChange={(e) => set('driveFolderName', e.target.value)}
          />
          <small id={`${id}-folder-hint`} className="hint">
            Every folder of exactly this name, with all files below it. Empty: the whole drive.
          </small>
        </div>
      ) : null}

      {form.type === 'PAGES' ? (
        <div className="field">
          <label htmlFor={`${id}-pages`}>Page ids or URLs (optional)</label>
          <textarea
            id={`${id}-pages`}
            rows={2}
            aria-describedby={`${id}-pages-hint`}
            value={form.pageIds}
            onChange={(e) => set('pageIds', e.target.value)}
          />
          <small id={`${id}-pages-hint`} className="hint">
            One per line; each with all its child pages. Empty: every page shared with Docent.
          </small>
        </div>
      ) : null}

      <div className="field">
        <label htmlFor={`${id}-token`}>Token (optional)</label>
        <input
          id={`${id}-token`}
          type="password"
          autoComplete="off"
          aria-describedby={`${id}-token-hint`}
          value={form.token}
          onChange={(e) => set('token', e.target.value)}
        />
        <small id={`${id}-token-hint`} className="hint">
          {connection
            ? `Leave empty to use your ${form.type} connection${connection.account_label ? ` (${connection.account_label})` : ''}.`
            : `${form.type} is not connected: give a token, or connect it on the Connections page.`}
        </small>
      </div>
      <ScheduleFields value={schedule} onChange={setSchedule} />
      <ProblemMessage problem={action.problem} />
      {action.problem?.code === 'source_not_connected' ? (
        <p>
          <a href="#/connections">Connect {form.type} on the Connections page</a>, or give a token.
        </p>
      ) : null}
      <button type="submit" disabled={action.pending}>
        Start ingestion
      </button>
      <p className="hint" role="status">
        {started}
      </p>
    </form>
  );
}
