import { BrowserSession } from './support/browser-session';
import { startDocent, type InProcessDocent } from './support/docent-server';
import { captureOutput } from './support/output-capture';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery staple';

/** Issue 6: sign-up, log-in, sessions with CSRF, the login limit and API keys, over HTTP. */
describe('accounts, sessions and API keys (embedded mode)', () => {
  let docent: InProcessDocent;
  let output: ReturnType<typeof captureOutput>;
  const secrets: string[] = [PASSWORD];

  beforeAll(async () => {
    output = captureOutput();
    // Every log line, not only warnings, is checked for secrets.
    docent = await startDocent({ DOCENT_LOG_LEVEL: 'debug' });
  });

  afterAll(async () => {
    await docent?.close();
    output?.restore();
    // Nothing secret was ever written to the logs.
    const logs = output?.text() ?? '';
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });

  const browser = () => new BrowserSession(docent.client.baseUrl);

  it('signs up with a session cookie (HttpOnly, SameSite=Lax) and answers me', async () => {
    const ann = browser();
    const signed = await ann.signUp('Ann@Example.com', PASSWORD);
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({
      account: { email: 'ann@example.com', created_at: expect.any(String) },
      csrf_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    const cookie = signed.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      /^docent_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1209600$/,
    );
    secrets.push(ann.cookie!.split('=')[1]!);
    const me = await ann.post('/account/me', {});
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      account: { email: 'ann@example.com' },
      csrf_token: signed.body.csrf_token,
    });
  });

  it('marks the cookie Secure behind TLS', async () => {
    const response = await fetch(`${docent.client.baseUrl}/account/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: 'tls@example.com', password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
  });

  it('refuses a session POST without the CSRF token, or with another one', async () => {
    const bob = browser();
    await bob.signUp('bob@example.com', PASSWORD);
    for (const csrf of [null, 'forged-token']) {
      const refused = await bob.post('/account/api_keys/create', { label: 'x' }, { csrf });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({
        code: 'unauthorized',
        detail: expect.stringContaining('X-CSRF-Token'),
      });
    }
    const other = browser();
    await other.signUp('eve@example.com', PASSWORD);
    const crossed = await bob.post('/account/api_keys/list', {}, { csrf: other.csrfToken! });
    expect(crossed.status).toBe(401);
    expect((await bob.post('/account/api_keys/list', {})).status).toBe(200);
    // A new tab has the cookie but not the token: `me` hands it out without asking for it.
    const me = await bob.post('/account/me', {}, { csrf: null });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ csrf_token: bob.csrfToken });
  });

  it('validates sign-ups: email, password length, already registered', async () => {
    const response = await browser().signUp('not-an-email', 'short');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'invalid_request',
      errors: [
        { field: 'email', message: 'is not an email address' },
        { field: 'password', message: 'must be 10 to 1024 characters' },
      ],
    });
    await browser().signUp('carol@example.com', PASSWORD);
    const again = await browser().signUp('CAROL@example.com', PASSWORD);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      errors: [{ field: 'email', message: 'already registered' }],
    });
    // Unknown fields are refused as everywhere else.
    expect(
      (
        await browser().post('/account/signup', {
          email: 'x@example.com',
          password: PASSWORD,
          admin: true,
        })
      ).status,
    ).toBe(400);
  });

  it('logs in and out; a closed session no longer works', async () => {
    await browser().signUp('dave@example.com', PASSWORD);
    const dave = browser();
    const login = await dave.post('/account/login', {
      email: 'dave@example.com',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const stolenCookie = dave.cookie!;
    const out = await dave.post('/account/logout', {});
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ logged_out: true });
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    const replay = await fetch(`${docent.client.baseUrl}/account/me`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: stolenCookie,
        'x-csrf-token': dave.csrfToken!,
      },
      body: '{}',
    });
    expect(replay.status).toBe(401);
  });

  it('answers a wrong password and an unknown email alike, then rate-limits', async () => {
    await browser().signUp('erin@example.com', PASSWORD);
    const attempt = (email: string, password: string) =>
      browser().post<{ detail: string; code: string }>('/account/login', { email, password });
    const wrong = await attempt('erin@example.com', 'not the password');
    const unknown = await attempt('nobody@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe('email or password is wrong');
    expect(unknown.body.detail).toBe(wrong.body.detail);
    for (let i = 0; i < 3; i += 1)
      expect((await attempt('erin@example.com', 'nope nope nope')).status).toBe(401);
    // The 5th failure was the last one allowed: even the right password waits now.
    const limited = await attempt('erin@example.com', PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('creates API keys shown once, lists them without the key, revokes them', async () => {
    const frank = browser();
    await frank.signUp('frank@example.com', PASSWORD);
    const created = await frank.post<{ key: string; api_key: { id: string; prefix: string } }>(
      '/account/api_keys/create',
      { label: 'laptop' },
    );
    expect(created.status).toBe(200);
    const { key, api_key: record } = created.body;
    secrets.push(key);
    expect(key.startsWith(record.prefix)).toBe(true);

    // The key works as an Api-Key on the account the user owns (namespaces are per account).
    const client = docent.client.withKey(key);
    expect((await client.post('/collections/list', { namespace_name: 'mine' })).status).toBe(404);
    const listed = await client.post<{ api_keys: Array<Record<string, unknown>> }>(
      '/account/api_keys/list',
      {},
    );
    expect(listed.status).toBe(200);
    expect(listed.body.api_keys).toEqual([
      {
        id: record.id,
        prefix: record.prefix,
        label: 'laptop',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key);

    expect((await frank.post('/account/api_keys/revoke', { id: 'no-such-key' })).status).toBe(404);
    // Another account cannot revoke it.
    const grace = browser();
    await grace.signUp('grace@example.com', PASSWORD);
    expect((await grace.post('/account/api_keys/revoke', { id: record.id })).status).toBe(404);
    const revoked = await frank.post('/account/api_keys/revoke', { id: record.id });
    expect(revoked.body).toEqual({ revoked: true });
    const refused = await client.post('/collections/list', { namespace_name: 'mine' });
    expect(refused.status).toBe(401);
    expect(
      (await frank.post<{ api_keys: unknown[] }>('/account/api_keys/list', {})).body.api_keys,
    ).toEqual([]);
  });

  it('keeps me and logout to browser sessions, and everything else behind a credential', async () => {
    const me = await docent.client.post('/account/me', {});
    expect(me.status).toBe(401);
    // A valid Api-Key gets past the guard, but has no session to report on or close.
    for (const path of ['/account/me', '/account/logout']) {
      expect((await docent.client.post(path, {})).body).toMatchObject({
        code: 'unauthorized',
        detail: 'This operation needs a logged-in browser session.',
      });
    }
    const anonymous = docent.client.withKey(undefined);
    for (const path of ['/account/api_keys/list', '/connections/list', '/account/me']) {
      expect((await anonymous.post(path, {})).status).toBe(401);
    }
  });
});
