import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app';
import { PageHarness, fakeApi, settle, type Handler } from './page-harness';

const me: Handler = () => ({
  status: 200,
  body: {
    account: { email: 'ada@example.com', created_at: '2026-11-21T10:00:00Z' },
    csrf_token: 'fresh-token',
  },
});

describe('App', () => {
  let harness: PageHarness;

  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    window.sessionStorage.setItem('docent.csrf', 'stored-token');
    harness = new PageHarness();
  });

  afterEach(() => {
    harness.unmount();
    vi.unstubAllGlobals();
    window.location.hash = '';
  });

  const heading = (): string | null | undefined =>
    harness.container.querySelector('h1')?.textContent;

  it("restores the session with the tab's CSRF token, and ends it on a 401 from a page", async () => {
    window.location.hash = '#/keys';
    const { fetchImpl, requests } = fakeApi({
      '/account/me': me,
      '/account/api_keys/list': () => ({
        status: 401,
        body: { code: 'unauthorized', detail: 'The session has ended.' },
      }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    await harness.render(<App />);
    await settle();

    expect(requests.map((r) => [r.path, r.csrfToken])).toEqual([
      ['/account/me', 'stored-token'],
      ['/account/api_keys/list', 'fresh-token'],
    ]);
    expect(heading()).toBe('Log in');
    expect(window.sessionStorage.getItem('docent.csrf')).toBeNull();
  });

  it('logs out with the session token, forgets it and goes to the login page', async () => {
    window.location.hash = '#/ask';
    const { fetchImpl, requests } = fakeApi({
      '/account/me': me,
      '/collections/list': () => ({ status: 200, body: { collections: [], next_cursor: null } }),
      '/account/logout': () => ({ status: 200, body: { logged_out: true } }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    await harness.render(<App />);
    expect(window.sessionStorage.getItem('docent.csrf')).toBe('fresh-token');
    expect(heading()).toBe('Ask');

    act(() => harness.button('Log out')!.click());
    await settle();

    expect(requests.at(-1)).toMatchObject({ path: '/account/logout', csrfToken: 'fresh-token' });
    expect(heading()).toBe('Log in');
    expect(window.location.hash).toBe('#/login');
    expect(window.sessionStorage.getItem('docent.csrf')).toBeNull();
  });
});
