import { useEffect, useState } from 'react';
import { listConnections } from '../api/list-connections';
import { listConnectors } from '../api/list-connectors';
import type { Connection, Connector } from '../api/wire-types';
import { ConfirmButton } from '../components/confirm-button';
import { formatTime } from '../components/format';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { hashParam } from '../routing/hash-query';
import { useSession } from '../session/session';
import { PageHeading } from './page-heading';

/** `#/connections?connected=WIKI` (where the OAuth callback sends the browser) → `WIKI`. */
export function connectedOfHash(hash: string): string | null {
  const type = hashParam(hash, 'connected');
  // A type name as connectors declare them; anything else is not worth repeating on the page.
  return type !== null && /^[A-Z][A-Z0-9_]{0,63}$/.test(type) ? type : null;
}

/**
 * The account's OAuth connections, one card per connector that can connect (from
 * `GET /connectors`): connect (a full-page trip to the provider) or disconnect.
 */
export function ConnectionsPage() {
  const { api } = useSession();
  // Back from the provider's consent: say so once, and drop the parameter from the address.
  const [justConnected] = useState(() => connectedOfHash(window.location.hash));
  useEffect(() => {
    if (justConnected) window.history.replaceState(null, '', '#/connections');
  }, [justConnected]);
  const connectors = useLoaded(() => listConnectors(api), 'connectors');
  const connections = useLoaded(() => listConnections(api), 'connections');
  const connect = useAction();
  const disconnect = useAction();

  async function startConnect(type: string): Promise<void> {
    const result = await connect.run(() =>
      api.post<{ authorize_url: string }>('/connections/authorize', { type }),
    );
    // Same tab: the provider sends the browser back to /oauth/callback, which redirects here.
    if (result) window.location.assign(result.authorize_url);
  }

  async function remove(type: string): Promise<void> {
    await disconnect.run(() => api.post('/connections/delete', { type }));
    await connections.reload();
  }

  const connectable = (connectors.data ?? []).filter((c) => c.auth_modes.includes('oauth'));
  const byType = new Map((connections.data ?? []).map((c) => [c.type, c]));
  const notice = justConnected
    ? (connectable.find((c) => c.type === justConnected)?.title ?? null)
    : null;
  return (
    <section>
      <PageHeading>Connections</PageHeading>
      <p className="hint">
        Connect a source once; ingestions of that type then need no token. Tokens are stored
        encrypted and deleted when you disconnect.
      </p>
      {justConnected && connectors.data ? (
        <p className="hint" role="status" data-testid="connected-notice">
          {notice ?? justConnected} ({justConnected}) is connected.
        </p>
      ) : null}
      <ProblemMessage
        problem={connectors.problem ?? connections.problem ?? connect.problem ?? disconnect.problem}
      />
      {connectors.data === null ? <p>{connectors.loading ? 'Loading…' : ''}</p> : null}
      <ul className="connection-cards">
        {connectable.map((connector) => (
          <ConnectionCard
            key={connector.type}
            connector={connector}
            connection={byType.get(connector.type)}
            loaded={connections.data !== null}
            pending={connect.pending || disconnect.pending}
            onConnect={() => void startConnect(connector.type)}
            onDisconnect={() => void remove(connector.type)}
          />
        ))}
      </ul>
    </section>
  );
}

interface ConnectionCardProps {
  connector: Connector;
  connection: Connection | undefined;
  /** The account's connections are known (not loading, not failed). */
  loaded: boolean;
  pending: boolean;
  onConnect(): void;
  onDisconnect(): void;
}

function ConnectionCard({
  connector,
  connection,
  loaded,
  pending,
  onConnect,
  onDisconnect,
}: ConnectionCardProps) {
  const { type, title } = connector;
  const titleId = `conn-${type}`;
  return (
    <li className="card connection-card" aria-labelledby={titleId}>
      <div className="connection-name">
        <h2 id={titleId}>
          {title} <span className="muted">({type})</span>
        </h2>
        <p className="muted small">{connector.description}</p>
      </div>
      {!loaded ? (
        <p className="connection-state">—</p>
      ) : connection ? (
        <dl className="facts connection-state" data-testid={`connection-${type}`}>
          <dt>Status</dt>
          <dd>
            <span className="badge ok">Connected</span>
            {connection.account_label ? (
              <>
                {' as '}
                <bdi className="account-label">{connection.account_label}</bdi>
              </>
            ) : null}
          </dd>
          <dt>Since</dt>
          <dd>
            <span className="when">{formatTime(connection.connected_at)}</span>
          </dd>
          <dt>Token expires</dt>
          <dd>
            {connection.expires_at ? (
              <>
                <span className="when">{formatTime(connection.expires_at)}</span> (renewed
                automatically)
              </>
            ) : (
              'never'
            )}
          </dd>
        </dl>
      ) : (
        <p className="connection-state" data-testid={`connection-${type}`}>
          <span className="badge">Not connected</span>
          {connector.oauth_configured ? null : (
            <span className="hint">
              {' '}
              This deployment has no OAuth app for {title}: give a token in the ingestion form.
            </span>
          )}
        </p>
      )}
      <div className="actions">
        {connector.oauth_configured ? (
          <button
            type="button"
            className={connection ? 'secondary' : undefined}
            disabled={pending}
            onClick={onConnect}
          >
            {connection ? `Reconnect ${title}` : `Connect ${title}`}
          </button>
        ) : null}
        {connection ? (
          <ConfirmButton
            label={`Disconnect ${title}`}
            confirmLabel={`Yes, disconnect ${title}`}
            disabled={pending}
            onConfirm={onDisconnect}
          />
        ) : null}
      </div>
    </li>
  );
}
