import { useEffect, useState } from 'react';
import { listConnections } from '../api/list-connections';
import { SOURCE_TYPES, type SourceType } from '../api/wire-types';
import { ConfirmButton } from '../components/confirm-button';
import { formatTime } from '../components/format';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { useSession } from '../session/session';
import { PageHeading } from './page-heading';

const SOURCE_NAMES: Record<SourceType, string> = {
  WIKI: 'Confluence (WIKI)',
  DRIVE: 'Google Drive (DRIVE)',
  PAGES: 'Notion (PAGES)',
};

/** `#/connections?connected=WIKI` (where the OAuth callback sends the browser) → `WIKI`. */
export function connectedOfHash(hash: string): SourceType | null {
  const query = hash.split('?')[1];
  const type = query ? new URLSearchParams(query).get('connected') : null;
  return SOURCE_TYPES.find((t) => t === type) ?? null;
}

/** The account's OAuth connections: connect (a full-page trip to the provider) or disconnect. */
export function ConnectionsPage() {
  const { api } = useSession();
  // Back from the provider's consent: say so once, and drop the parameter from the address.
  const [justConnected] = useState(() => connectedOfHash(window.location.hash));
  useEffect(() => {
    if (justConnected) window.history.replaceState(null, '', '#/connections');
  }, [justConnected]);
  const connections = useLoaded(() => listConnections(api), 'connections');
  const connect = useAction();
  const disconnect = useAction();

  async function startConnect(type: SourceType): Promise<void> {
    const result = await connect.run(() =>
      api.post<{ authorize_url: string }>('/connections/authorize', { type }),
    );
    // Same tab: the provider sends the browser back to /oauth/callback, which redirects here.
    if (result) window.location.assign(result.authorize_url);
  }

  async function remove(type: SourceType): Promise<void> {
    await disconnect.run(() => api.post('/connections/delete', { type }));
    await connections.reload();
  }

  const byType = new Map((connections.data ?? []).map((c) => [c.type, c]));
  return (
    <section>
      <PageHeading>Connections</PageHeading>
      <p className="hint">
        Connect a source once; ingestions of that type then need no token. Tokens are stored
        encrypted and deleted when you disconnect.
      </p>
      {justConnected ? (
        <p className="hint" role="status" data-testid="connected-notice">
          {SOURCE_NAMES[justConnected]} is connected.
        </p>
      ) : null}
      <ProblemMessage problem={connections.problem ?? connect.problem ?? disconnect.problem} />
      <ul className="cards">
        {SOURCE_TYPES.map((type) => {
          const connection = byType.get(type);
          return (
            <li key={type} className="card" aria-labelledby={`conn-${type}`}>
              <h2 id={`conn-${type}`}>{SOURCE_NAMES[type]}</h2>
              {connections.data === null ? (
                <p>{connections.loading ? 'Loading…' : '—'}</p>
              ) : connection ? (
                <dl className="facts" data-testid={`connection-${type}`}>
                  <dt>Status</dt>
                  <dd>
                    <span className="badge ok">Connected</span>
                    {connection.account_label ? (
                      <>
                        {' as '}
                        <bdi>{connection.account_label}</bdi>
                      </>
                    ) : null}
                  </dd>
                  <dt>Since</dt>
                  <dd>{formatTime(connection.connected_at)}</dd>
                  <dt>Token expires</dt>
                  <dd>
                    {connection.expires_at
                      ? `${formatTime(connection.expires_at)} (renewed automatically)`
                      : 'never'}
                  </dd>
                </dl>
              ) : (
                <p data-testid={`connection-${type}`}>
                  <span className="badge">Not connected</span>
                </p>
              )}
              <div className="actions">
                <button
                  type="button"
                  className={connection ? 'secondary' : undefined}
                  disabled={connect.pending}
                  onClick={() => void startConnect(type)}
                >
                  {connection ? `Reconnect ${type}` : `Connect ${type}`}
                </button>
                {connection ? (
                  <ConfirmButton
                    label={`Disconnect ${type}`}
                    confirmLabel={`Yes, disconnect ${type}`}
                    disabled={disconnect.pending}
                    onConfirm={() => void remove(type)}
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
