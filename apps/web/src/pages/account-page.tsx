import { useId, useState, type FormEvent } from 'react';
import type { PasswordChanged, SessionList, SessionsEnded } from '../api/wire-types';
import { ConfirmButton } from '../components/confirm-button';
import { formatTime } from '../components/format';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { useSession } from '../session/session';
import { MIN_PASSWORD_LENGTH } from './auth-page';
import { PageHeading } from './page-heading';

/** The user's password and browser sessions: change it, see where you are logged in, end all. */
export function AccountPage() {
  const { api, account, logOut } = useSession();
  const sessions = useLoaded(
    () => api.post<SessionList>('/account/sessions/list').then((r) => r.sessions),
    'sessions',
  );
  const change = useAction();
  const endAll = useAction();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [changed, setChanged] = useState<string>('');
  const id = useId();

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    setChanged('');
    const result = await change.run(() =>
      api.post<PasswordChanged>('/account/change_password', {
        current_password: current,
        new_password: next,
      }),
    );
    if (!result) return;
    setCurrent('');
    setNext('');
    setChanged(
      result.sessions_ended === 1
        ? 'Password changed. 1 other session was logged out.'
        : `Password changed. ${result.sessions_ended} other sessions were logged out.`,
    );
    await sessions.reload();
  }

  async function logOutEverywhere(): Promise<void> {
    const ended = await endAll.run(() => api.post<SessionsEnded>('/account/sessions/end_all'));
    // This session ended too: back to the log-in page.
    if (ended) await logOut().catch(() => undefined);
  }

  return (
    <section>
      <PageHeading>Account</PageHeading>
      <p className="hint">
        Logged in as <strong>{account.email}</strong>.
      </p>

      <h2>Change your password</h2>
      <form className="stacked-form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor={`${id}-current`}>Current password</label>
          <input
            id={`${id}-current`}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-next`}>New password</label>
          <input
            id={`${id}-next`}
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            aria-describedby={`${id}-next-hint`}
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          <small id={`${id}-next-hint`} className="hint">
            At least {MIN_PASSWORD_LENGTH} characters, and not a common password. Your other
            sessions are logged out.
          </small>
        </div>
        <ProblemMessage problem={change.problem} />
        <button type="submit" disabled={change.pending}>
          Change password
        </button>
        <p aria-live="polite" className="hint" data-testid="password-changed">
          {changed}
        </p>
      </form>

      <h2>Where you are logged in</h2>
      <p className="hint">
        A session ends 14 days after its last use, and 30 days after logging in at the latest.
      </p>
      <ProblemMessage problem={sessions.problem ?? endAll.problem} />
      {sessions.data ? (
        <div className="table-scroll">
          <table data-testid="sessions">
            <thead>
              <tr>
                <th scope="col">Browser</th>
                <th scope="col">Address</th>
                <th scope="col">Logged in</th>
                <th scope="col">Last active</th>
                <th scope="col">Ends</th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((s, i) => (
                <tr key={`${s.created_at}-${i}`}>
                  <td>
                    <bdi>{describeBrowser(s.user_agent)}</bdi>
                    {s.current ? <span className="badge ok"> this browser</span> : null}
                  </td>
                  <td>{s.client_address ?? '—'}</td>
                  <td>{formatTime(s.created_at)}</td>
                  <td>{formatTime(s.last_seen_at)}</td>
                  <td>{formatTime(s.expires_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{sessions.loading ? 'Loading…' : ''}</p>
      )}
      <div className="actions">
        <ConfirmButton
          label="Log out everywhere"
          confirmLabel="Yes, log out every session"
          disabled={endAll.pending}
          onConfirm={() => void logOutEverywhere()}
        />
      </div>
    </section>
  );
}

/** "Chrome on Linux" from a User-Agent, else the raw string (cut); never interpreted as HTML. */
function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /iPhone|iPad/.test(userAgent)
          ? 'iOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
