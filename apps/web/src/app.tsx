import { useCallback, useEffect, useMemo, useState, type JSX, type MouseEvent } from 'react';
import { ApiClient } from './api/api-client';
import { ApiProblem } from './api/api-problem';
import type { Account, SessionResponse } from './api/wire-types';
import { AccountPage } from './pages/account-page';
import { ApiKeysPage } from './pages/api-keys-page';
import { AskPage } from './pages/ask-page';
import { AuthPage } from './pages/auth-page';
import { CollectionsPage } from './pages/collections-page';
import { ConnectionsPage } from './pages/connections-page';
import { IngestionsPage } from './pages/ingestions-page';
import { SchedulesPage } from './pages/schedules-page';
import { continueTarget, ROUTES, type AppRoute } from './routing/routes';
import { navigate, useHashRoute } from './routing/use-hash-route';
import { csrfTokenStore } from './session/csrf-token-store';
import { SessionContext, type SessionState } from './session/session';

type SessionStatus =
  { kind: 'checking' } | { kind: 'signed-out' } | { kind: 'signed-in'; account: Account };

const PAGES: Record<AppRoute, () => JSX.Element> = {
  ask: AskPage,
  ingestions: IngestionsPage,
  collections: CollectionsPage,
  schedules: SchedulesPage,
  connections: ConnectionsPage,
  keys: ApiKeysPage,
  account: AccountPage,
};

export function App() {
  const [api] = useState(() => {
    const created = new ApiClient();
    created.setCsrfToken(csrfTokenStore.read());
    return created;
  });
  const [status, setStatus] = useState<SessionStatus>({ kind: 'checking' });
  const route = useHashRoute();

  // The client sends the token; the tab's store keeps it across a reload or an OAuth trip.
  const keepCsrfToken = useCallback(
    (token: string | null) => {
      api.setCsrfToken(token);
      csrfTokenStore.write(token);
    },
    [api],
  );

  const signIn = useCallback(
    (session: SessionResponse) => {
      keepCsrfToken(session.csrf_token);
      setStatus({ kind: 'signed-in', account: session.account });
    },
    [keepCsrfToken],
  );

  const signOut = useCallback(() => {
    keepCsrfToken(null);
    setStatus({ kind: 'signed-out' });
  }, [keepCsrfToken]);

  useEffect(() => {
    api.onUnauthorized(signOut);
    api
      .post<SessionResponse>('/account/me')
      .then(signIn)
      .catch((error: unknown) => {
        // 401 is "no session"; anything else also lands on the login page, which reports it.
        if (!(error instanceof ApiProblem) || error.status !== 401) console.warn(error);
        setStatus({ kind: 'signed-out' });
      });
    return () => api.onUnauthorized(null);
  }, [api, signIn, signOut]);

  const session = useMemo<SessionState | null>(
    () =>
      status.kind === 'signed-in'
        ? {
            api,
            account: status.account,
            async logOut() {
              try {
                await api.post('/account/logout');
              } finally {
                signOut();
                navigate('login');
              }
            },
          }
        : null,
    [api, status, signOut],
  );

  if (status.kind === 'checking') {
    return (
      <main id="main" className="loading" aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  }

  if (!session) {
    const mode = route === 'signup' ? 'signup' : 'login';
    return (
      <>
        <Header />
        <main id="main">
          <AuthPage
            mode={mode}
            api={api}
            onSignedIn={(s, how) => {
              // A connect link sent the user to log in first: back to it, now logged in.
              const target = continueTarget(window.location.hash);
              if (target) {
                keepCsrfToken(s.csrf_token);
                window.location.assign(target);
                return;
              }
              signIn(s);
              // A new account starts by connecting sources; a returning user stays where the
              // link pointed (e.g. #/connections after an OAuth trip), else lands on Ask.
              if (how === 'signup') navigate('connections');
              else if (route === null || route === 'login' || route === 'signup') navigate('ask');
            }}
          />
        </main>
      </>
    );
  }

  const current: AppRoute = route && route !== 'login' && route !== 'signup' ? route : 'ask';
  const Page = PAGES[current];
  return (
    <SessionContext.Provider value={session}>
      <Header current={current} session={session} />
      <main id="main">
        <Page key={current} />
      </main>
    </SessionContext.Provider>
  );
}

function Header({ current, session }: { current?: AppRoute; session?: SessionState }) {
  return (
    <header className="top">
      <a className="skip" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <span className="brand">Docent</span>
      {session ? (
        <>
          <nav aria-label="Main">
            <ul>
              {ROUTES.map((r) => (
                <li key={r.path}>
                  <a href={`#/${r.path}`} aria-current={current === r.path ? 'page' : undefined}>
                    {r.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="account">
            <span className="muted" data-testid="account-email">
              {session.account.email}
            </span>
            <button type="button" className="secondary" onClick={() => void session.logOut()}>
              Log out
            </button>
          </div>
        </>
      ) : null}
    </header>
  );
}

// The hash is the router's: move focus to the content without changing it.
function skipToMain(event: MouseEvent): void {
  event.preventDefault();
  const heading = document.querySelector<HTMLElement>('main h1');
  heading?.focus();
}
