import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiKey, CreatedApiKey } from '../api/wire-types';
import { ConfirmButton } from '../components/confirm-button';
import { formatTime } from '../components/format';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { useSession } from '../session/session';
import { PageHeading } from './page-heading';

/** Create (the key is shown once), list and revoke the account's API keys. */
export function ApiKeysPage() {
  const { api } = useSession();
  const keys = useLoaded(
    () => api.post<{ api_keys: ApiKey[] }>('/account/api_keys/list').then((r) => r.api_keys),
    'keys',
  );
  const [label, setLabel] = useState('');
  const [scope, setScope] = useState<'standard' | 'admin'>('standard');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useAction();
  const revoke = useAction();
  const id = useId();

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const result = await create.run(() =>
      api.post<CreatedApiKey>('/account/api_keys/create', {
        ...(label.trim() ? { label: label.trim() } : {}),
        scope,
      }),
    );
    if (!result) return;
    setCreated(result);
    setLabel('');
    await keys.reload();
  }

  async function revokeKey(key: ApiKey): Promise<void> {
    await revoke.run(() => api.post('/account/api_keys/revoke', { id: key.id }));
    if (created?.api_key.id === key.id) setCreated(null);
    await keys.reload();
  }

  return (
    <section>
      <PageHeading>API keys</PageHeading>
      <p className="hint">
        Programs call the API with an <code>Api-Key</code> header. A key is shown once, when you
        create it. Only admin keys may create and revoke other keys; an account holds at most 20
        keys.
      </p>
      <form className="inline-form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor={`${id}-label`}>Label (optional)</label>
          <input
            id={`${id}-label`}
            value={label}
            maxLength={200}
            onChange={(e) => setLabel(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-scope`}>Scope</label>
          <select
            id={`${id}-scope`}
            value={scope}
            onChange={(e) => setScope(e.target.value === 'admin' ? 'admin' : 'standard')}
          >
            <option value="standard">Standard</option>
            <option value="admin">Admin (may manage keys)</option>
          </select>
        </div>
        <button type="submit" disabled={create.pending}>
          Create key
        </button>
      </form>
      <ProblemMessage problem={create.problem} />
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}

      <h2>Your keys</h2>
      <ProblemMessage problem={keys.problem ?? revoke.problem} />
      {keys.data && keys.data.length === 0 ? (
        <p data-testid="empty-state">
          No keys yet. Create one above to call the API from your code or a generated client (the
          key goes in the <code>Api-Key</code> header).
        </p>
      ) : null}
      {keys.data && keys.data.length > 0 ? (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Label</th>
                <th scope="col">Scope</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td>{key.prefix ? <code>{key.prefix}…</code> : 'configured key'}</td>
                  <td>{key.label ?? '—'}</td>
                  <td>{key.scope}</td>
                  <td>{formatTime(key.created_at)}</td>
                  <td>{formatTime(key.last_used_at)}</td>
                  <td>
                    <ConfirmButton
                      label="Revoke"
                      confirmLabel={`Revoke ${key.prefix || key.label || 'key'}…`}
                      disabled={revoke.pending}
                      onConfirm={() => void revokeKey(key)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function NewKey({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const [copied, setCopied] = useState<string>('');
  const keyRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('Copied to the clipboard.');
    } catch {
      // No clipboard access (e.g. not a secure context): select it for a manual copy.
      keyRef.current?.select();
      setCopied('Selected: press Ctrl+C (⌘C) to copy.');
    }
  }

  return (
    <div className="new-key" role="region" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your new key</h2>
      <p>Copy it now: it will not be shown again.</p>
      <div className="copy-row">
        <label htmlFor={`${id}-key`} className="visually-hidden">
          New API key
        </label>
        <input
          id={`${id}-key`}
          ref={keyRef}
          readOnly
          value={created.key}
          className="mono"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p aria-live="polite" className="hint">
        {copied}
      </p>
    </div>
  );
}
