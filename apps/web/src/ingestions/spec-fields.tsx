import { useId, type ReactNode } from 'react';
import type { Connection, Connector } from '../api/wire-types';
import {
  choiceKey,
  choiceOf,
  type SpecField,
  type SpecForm,
  type SpecValues,
} from './ingestion-spec';

interface SpecFieldsProps {
  connector: Connector;
  form: SpecForm;
  values: SpecValues;
  chosen: Record<string, string>;
  errors: Record<string, string>;
  /** The account's connection to this source, if any. */
  connection: Connection | null;
  onValue(name: string, value: string | boolean): void;
  onChoose(choice: string[], name: string): void;
}

/**
 * The spec part of the ingestion form, as the connector describes it. A choice (exactly one of)
 * is a group of radio buttons followed by the chosen field. With `oauth` among the auth modes, the
 * credential fields say whether the account's connection is used instead; a connection that
 * knows its sites offers them for the `url` field.
 */
export function SpecFields(props: SpecFieldsProps) {
  const { form, chosen } = props;
  const id = useId();
  const shown = new Set<string>();
  const parts: ReactNode[] = [];
  for (const field of form.fields) {
    if (shown.has(field.name)) continue;
    const choice = choiceOf(form, field.name);
    if (!choice) {
      shown.add(field.name);
      parts.push(<SpecInput key={field.name} {...props} field={field} />);
      continue;
    }
    for (const name of choice) shown.add(name);
    const labelOf = (name: string) => form.fields.find((f) => f.name === name)?.label ?? name;
    const picked = chosen[choiceKey(choice)] ?? choice[0]!;
    const pickedField = form.fields.find((f) => f.name === picked)!;
    const group = `${id}-${choiceKey(choice)}`;
    parts.push(
      <fieldset key={choiceKey(choice)} className="spec-choice" data-testid="spec-choice">
        <legend>{choice.map(labelOf).join(' or ')}</legend>
        <div className="radios">
          {choice.map((name) => (
            <label key={name}>
              <input
                type="radio"
                name={group}
                value={name}
                checked={picked === name}
                onChange={() => props.onChoose(choice, name)}
              />{' '}
              {labelOf(name)}
            </label>
          ))}
        </div>
        <SpecInput {...props} field={pickedField} inChoice />
      </fieldset>,
    );
  }
  return <>{parts}</>;
}

function SpecInput({
  connector,
  field,
  values,
  errors,
  connection,
  onValue,
  inChoice = false,
}: SpecFieldsProps & { field: SpecField; inChoice?: boolean }) {
  const id = useId();
  const value = values[field.name];
  const error = errors[field.name];
  const oauth = connector.auth_modes.includes('oauth');
  const notes: ReactNode[] = [];
  if (field.help) notes.push(field.help);
  const connectionHint = field.secret && oauth ? connectionNote(connector, connection) : null;
  if (connectionHint) notes.push(connectionHint);
  const sites = oauth && field.name === 'url' && connection ? connection.sites : [];
  const describedBy = [
    notes.length > 0 ? `${id}-hint` : null,
    sites.length > 0 ? `${id}-sites` : null,
    error ? `${id}-error` : null,
  ]
    .filter((x) => x !== null)
    .join(' ');
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };

  if (field.kind === 'boolean') {
    return (
      <div className="field spec-check">
        <label>
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onValue(field.name, e.target.checked)}
          />{' '}
          {field.label}
        </label>
        <Notes id={id} notes={notes} error={error} label={field.label} />
      </div>
    );
  }

  const text = typeof value === 'string' ? value : '';
  const optional = !field.required && !inChoice;
  let input: ReactNode;
  if (field.kind === 'enum') {
    input = (
      <select {...common} value={text} onChange={(e) => onValue(field.name, e.target.value)}>
        {optional ? <option value="">—</option> : null}
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'list' || field.kind === 'json') {
    input = (
      <textarea
        {...common}
        rows={field.kind === 'json' ? 4 : 3}
        className={field.kind === 'json' ? 'mono' : undefined}
        placeholder={field.placeholder ?? undefined}
        spellCheck={false}
        value={text}
        onChange={(e) => onValue(field.name, e.target.value)}
      />
    );
  } else {
    const numeric = field.kind === 'integer' || field.kind === 'number';
    input = (
      <input
        {...common}
        type={field.secret ? 'password' : numeric ? 'number' : 'text'}
        inputMode={numeric ? (field.kind === 'integer' ? 'numeric' : 'decimal') : undefined}
        min={field.minimum ?? undefined}
        max={field.maximum ?? undefined}
        step={field.kind === 'integer' ? 1 : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={field.placeholder ?? undefined}
        value={text}
        onChange={(e) => onValue(field.name, e.target.value)}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {optional ? <span className="hint"> (optional)</span> : null}
      </label>
      {input}
      <Notes id={id} notes={notes} error={error} label={field.label} />
      {sites.length > 0 ? (
        // The sites the connection was granted: one click instead of typing.
        <p className="hint connection-sites" id={`${id}-sites`} data-testid="connection-sites">
          Your connection reads{' '}
          {sites.map((site, i) => (
            <span key={site.url}>
              {i > 0 ? ', ' : ''}
              <button
                type="button"
                className="link"
                title={site.url}
                onClick={() => onValue(field.name, site.url)}
              >
                <bdi>{site.name}</bdi>
              </button>
            </span>
          ))}
          .
        </p>
      ) : null}
    </div>
  );
}

function Notes({
  id,
  notes,
  error,
  label,
}: {
  id: string;
  notes: ReactNode[];
  error: string | undefined;
  label: string;
}) {
  return (
    <>
      {notes.length > 0 ? (
        <small id={`${id}-hint`} className="hint">
          {notes.map((note, i) => (
            <span key={i}>
              {i > 0 ? ' ' : ''}
              {note}
            </span>
          ))}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className="field-error" data-testid="field-error">
          {label} {error}.
        </small>
      ) : null}
    </>
  );
}

/** Whether an empty credential means the account's connection, and what to do if there is none. */
function connectionNote(connector: Connector, connection: Connection | null): ReactNode {
  if (connection) {
    return `Leave empty to use your ${connector.title} connection${
      connection.account_label ? ` (${connection.account_label})` : ''
    }.`;
  }
  if (!connector.oauth_configured) return null;
  return (
    <>
      {connector.title} is not connected: give a token, or{' '}
      <a href="#/connections">connect it on the Connections page</a>.
    </>
  );
}
