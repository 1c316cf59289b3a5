import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app';
import { continueTarget } from '../src/routing/routes';
import { PageHarness, fakeApi, settle, type Handler } from './page-harness';

function type(input: HTMLInputElement, value: string): void {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const noSession: Handler = () => ({ status: 401, body: { code: 'unauthorized', detail: 'no' } });

describe('signing up', () => {
  let harness: PageHarness;
  beforeEach(() => {
    window.sessionStorage.clear();
    harness = new PageHarness();
  });
  afterEach(() => {
    harness.unmount();
    vi.unstubAllGlobals();
    window.location.hash = '';
  });

  async function signUp(login: Handler) {
    window.location.hash = '#/signup';
    const { fetchImpl, requests } = fakeApi({
      '/account/me': noSession,
      '/account/signup': (body) => ({ status: 200, body: { accepted: true, email: body.email } }),
      '/account/login': login,
      '/connections/list': () => ({ status: 200, body: { connections: [] } }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    await harness.render(<App />);
    const inputs = [...harness.container.querySelectorAll('input')];
    type(inputs[0]!, 'ada@example.com');
    type(inputs[1]!, 'correct horse battery staple');
    act(() => harness.button('Sign up')!.click());
    await settle();
    await settle();
    return requests;
  }

  it('signs up, then logs in with the same email and password', async () => {
    const requests = await signUp(() => ({
      status: 200,
      body: {
        account: { email: 'ada@example.com', created_at: '2026-11-21T10:00:00Z' },
        csrf_token: 'token-1',
      },
    }));
    expect(requests.slice(0, 3).map((r) => r.path)).toEqual([
      '/account/me',
      '/account/signup',
      '/account/login',
    ]);
    expect(requests[2]!.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery staple',
    });
    expect(harness.container.querySelector('h1')?.textContent).toBe('Connections');
  });

  it('says what to do when the email already had an account with another password', async () => {
    await signUp(() => ({
      status: 401,
      body: { code: 'unauthorized', detail: 'email or password is wrong' },
    }));
    expect(harness.container.querySelector('[role="alert"]')?.textContent).toContain(
      'If the email already has an account, log in with its password.',
    );
  });
});

describe('continueTarget', () => {
  it('goes back only to a connect link of this origin', () => {
    expect(continueTarget('#/login?continue=%2Foauth%2Fstart%3Flink%3Dabc_-1')).toBe(
      '/oauth/start?link=abc_-1',
    );
    for (const hash of [
      '#/login',
      '#/login?continue=https%3A%2F%2Fevil.example%2F',
      '#/login?continue=%2F%2Fevil.example%2Foauth%2Fstart%3Flink%3Dx',
      '#/login?continue=%2Foauth%2Fstart%3Flink%3Dx%26next%3Dy',
      '#/login?continue=%2Faccount%2Fme',
    ]) {
      expect(continueTarget(hash)).toBeNull();
    }
  });
});
