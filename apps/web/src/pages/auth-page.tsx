import { useId, useState, type FormEvent } from 'react';
import type { ApiClient } from '../api/api-client';
import { ApiProblem } from '../api/api-problem';
import type { SessionResponse, SignUpAccepted } from '../api/wire-types';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { PageHeading } from './page-heading';

export const MIN_PASSWORD_LENGTH = 10;

interface AuthPageProps {
  mode: 'login' | 'signup';
  api: ApiClient;
  onSignedIn(session: SessionResponse, mode: 'login' | 'signup'): void;
}

/**
 * Sign up or log in. A sign-up answers the same whether or not the email had an account (so
 * it tells nobody which emails are registered), then the page logs in, which answers with the
 * account and the session's CSRF token.
 */
export function AuthPage({ mode, api, onSignedIn }: AuthPageProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction();
  const id = useId();
  const signingUp = mode === 'signup';

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const session = await action.run(async () => {
      if (!signingUp) return api.post<SessionResponse>('/account/login', { email, password });
      await api.post<SignUpAccepted>('/account/signup', { email, password });
      try {
        return await api.post<SessionResponse>('/account/login', { email, password });
      } catch (error) {
        if (!(error instanceof ApiProblem) || error.status !== 401) throw error;
        throw new ApiProblem(
          401,
          'unauthorized',
          'Could not log in with this email and password. If the email already has an account, log in with its password.',
        );
      }
    });
    if (session) onSignedIn(session, mode);
  }

  return (
    <section className="auth">
      <PageHeading>{signingUp ? 'Create your account' : 'Log in'}</PageHeading>
      <form onSubmit={(e) => void submit(e)} aria-describedby={`${id}-about`}>
        <p id={`${id}-about`} className="hint">
          {signingUp
            ? 'Your account owns your API keys, your source connections and your collections.'
            : 'Welcome back.'}
        </p>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            required
            minLength={signingUp ? MIN_PASSWORD_LENGTH : undefined}
            aria-describedby={signingUp ? `${id}-password-hint` : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {signingUp ? (
            <small id={`${id}-password-hint`} className="hint">
              At least {MIN_PASSWORD_LENGTH} characters, and not a common password.
            </small>
          ) : null}
        </div>
        <ProblemMessage problem={action.problem} />
        <button type="submit" disabled={action.pending}>
          {signingUp ? 'Sign up' : 'Log in'}
        </button>
        <p>
          {signingUp ? (
            <>
              Already have an account? <a href="#/login">Log in</a>
            </>
          ) : (
            <>
              New here? <a href="#/signup">Create an account</a>
            </>
          )}
        </p>
      </form>
    </section>
  );
}
