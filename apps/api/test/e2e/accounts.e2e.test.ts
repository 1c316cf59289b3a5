import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openMetadataStore } from '@docent/metadata-store';
import { BrowserSession } from './support/browser-session';
import { DocentClient } from './support/docent-client';
import { freePort, startDocent, TEST_KEYS, type InProcessDocent } from './support/docent-server';
import { captureOutput } from './support/output-capture';

jest.setTimeout(180_000);

const PASSWORD = 'correct horse battery staple';
const OPS_KEY = 'ops-bootstrap-key-0003';
let address = 0;
/** A client address of its own per browser (the server trusts the loopback proxy). */
const nextAddress = () => `198.51.100.${++address}`;

/**
 * Issues 6 and 21 over HTTP: sign-up, log-in, sessions with CSRF and their cookie, the attempt
 * limits (concurrent, per address behind a trusted proxy, per email), API keys, and the headers
 * every answer carries.
 */
describe('accounts, sessions and API keys (embedded mode)', () => {
  let docent: InProcessDocent;
  let metricsPort: number;
  let output: ReturnType<typeof captureOutput>;
  const secrets: string[] = [PASSWORD, OPS_KEY];

  beforeAll(async () => {
    output = captureOutput();
    metricsPort = await freePort();
    // Every log line, not only warnings, is checked for secrets.
    docent = await startDocent({
      DOCENT_LOG_LEVEL: 'debug',
      DOCENT_TRUSTED_PROXIES: '127.0.0.1',
      DOCENT_METRICS_PORT: String(metricsPort),
      // The bootstrap account's ingestion below points nowhere: fail it at once.
      DOCENT_SOURCE_RETRY_BUDGET_MS: '0',
      DOCENT_BOOTSTRAP_API_KEYS: `acme:${TEST_KEYS.acme},beta:${TEST_KEYS.beta},ops@example.com:${OPS_KEY}`,
    });
  });

  afterAll(async () => {
    await docent?.close();
    output?.restore();
    // Nothing secret was ever written to the logs.
    const logs = output?.text() ?? '';
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });

  const browser = (forwardedFor = nextAddress()) =>
    new BrowserSession(docent.client.baseUrl, { forwardedFor });

  it('signs up without a session, then logs in with an HttpOnly, SameSite=Lax cookie', async () => {
    const ann = browser();
    const signed = await ann.post('/account/signup', {
      email: 'Ann@Example.com',
      password: PASSWORD,
    });
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({ accepted: true, email: 'ann@example.com' });
    expect(signed.headers.get('set-cookie')).toBeNull();
    const login = await ann.logIn('ann@example.com', PASSWORD);
    expect(login.body).toEqual({
      account: { email: 'ann@example.com', created_at: expect.any(String) },
      csrf_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    // Plain-http public URL: the fallback name (browsers refuse __Host- without Secure). The
    // cookie lives as long as the session can: 30 days.
    expect(login.headers.get('set-cookie')).toMatch(
      /^docent_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/,
    );
    secrets.push(ann.cookie!.split('=')[1]!);
    const me = await ann.post('/account/me', {});
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      account: { email: 'ann@example.com' },
      csrf_token: login.body.csrf_token,
    });
    // Nothing the client sent is set back.
    expect(me.headers.get('set-cookie')).toBeNull();
  });

  it('marks the cookie Secure behind TLS', async () => {
    await browser().post('/account/signup', { email: 'tls@example.com', password: PASSWORD });
    const response = await fetch(`${docent.client.baseUrl}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: 'tls@example.com', password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
  });

  it('refuses a request with two session cookies, and clears them', async () => {
    const victim = browser();
    await victim.signUp('victim@example.com', PASSWORD);
    const attacker = browser();
    await attacker.signUp('attacker@example.com', PASSWORD);
    // A page on another port of this host planted the attacker's cookie for /account: the
    // browser sends both, the narrower path first.
    const response = await fetch(`${docent.client.baseUrl}/account/me`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${attacker.cookie}; ${victim.cookie}`,
      },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { detail: string }).detail).toContain('two session cookies');
    const cleared = response.headers.getSetCookie();
    for (const path of ['/', '/account', '/account/me']) {
      expect(cleared).toContainEqual(
        expect.stringMatching(new RegExp(`^docent_session=; Path=${path}(;|$)`)),
      );
    }
    // Each cookie alone still works: the refusal ended neither session.
    expect((await victim.post('/account/me', {})).status).toBe(200);
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

  it('validates sign-ups: email, password length, common passwords', async () => {
    const response = await browser().post('/account/signup', {
      email: 'not-an-email',
      password: 'short',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'invalid_request',
      errors: [
        { field: 'email', message: 'is not an email address' },
        { field: 'password', message: 'must be 10 to 1024 characters' },
      ],
    });
    const common = await browser().post('/account/signup', {
      email: 'carol@example.com',
      password: 'password12',
    });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({
      errors: [{ field: 'password', message: expect.stringContaining('too common') }],
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

  it('answers a sign-up of a registered email as any other: no enumeration, no takeover', async () => {
    const first = browser();
    await first.signUp('dora@example.com', PASSWORD);
    const signUp = (email: string) =>
      browser().post('/account/signup', { email, password: 'another long passphrase' });
    const fresh = await signUp('fresh@example.com');
    const taken = await signUp('DORA@example.com');
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual({ accepted: true, email: 'dora@example.com' });
    expect(Object.keys(taken.body)).toEqual(Object.keys(fresh.body));
    // That both paths hash the password (the same time) is checked by the service's unit test.
    // The registered email kept its password.
    expect((await browser().logIn('dora@example.com', 'another long passphrase')).status).toBe(401);
    expect((await browser().logIn('dora@example.com', PASSWORD)).status).toBe(200);
  });

  it('limits sign-ups to 10 an hour per address', async () => {
    const from = nextAddress();
    for (let i = 0; i < 10; i += 1) {
      const signed = await browser(from).post('/account/signup', {
        email: `bulk${i}@example.com`,
        password: PASSWORD,
      });
      expect(signed.status).toBe(200);
    }
    const refused = await browser(from).post('/account/signup', {
      email: 'bulk10@example.com',
      password: PASSWORD,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(
      (await browser().post('/account/signup', { email: 'bulk10@example.com', password: PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('keeps a bootstrap account and the user of the same email apart', async () => {
    const ops = docent.client.withKey(OPS_KEY);
    const created = await ops.post('/docs/create_ingestion', {
      namespace_name: 'opsns',
      collection_name: 'private',
      type: 'WIKI',
      spec: { url: 'http://127.0.0.1:1/wiki', space: 'X', token: 'not-a-real-token' },
    });
    expect(created.status).toBe(200);
    const user = browser();
    expect((await user.signUp('ops@example.com', PASSWORD)).status).toBe(200);
    // The user sees none of the operator's collections, and the operator's key none of hers.
    expect((await user.post('/collections/list', { namespace_name: 'opsns' })).status).toBe(404);
    const keys = await ops.post<{
      api_keys: Array<{ prefix: string; label: string; scope: string }>;
    }>('/account/api_keys/list', {});
    expect(keys.body.api_keys).toEqual([
      expect.objectContaining({ prefix: '', label: 'bootstrap', scope: 'admin' }),
    ]);
    expect(
      (await user.post<{ api_keys: unknown[] }>('/account/api_keys/list', {})).body.api_keys,
    ).toEqual([]);
  });

  it('stores bootstrap keys with scrypt and none of their characters', async () => {
    const store = await openMetadataStore(docent.deployment.metadata);
    try {
      const rows = await store.accounts.listBootstrapKeys();
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.keyHash).toMatch(/^scrypt\$32768\$8\$1\$/);
        expect(row.prefix).toBe('');
      }
      const dump = JSON.stringify(rows);
      for (const key of [TEST_KEYS.acme, TEST_KEYS.beta, OPS_KEY]) {
        expect(dump).not.toContain(key.slice(0, 8));
      }
    } finally {
      await store.close();
    }
  });

  it('logs in and out; a closed session no longer works', async () => {
    await browser().signUp('dave@example.com', PASSWORD);
    const dave = browser();
    const login = await dave.logIn('dave@example.com', PASSWORD);
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

  it('answers a wrong password and an unknown email alike, then backs off', async () => {
    await browser().signUp('erin@example.com', PASSWORD);
    const attempt = (email: string, password: string) =>
      browser().post<{ detail: string; code: string }>('/account/login', { email, password });
    const wrong = await attempt('erin@example.com', 'not the password');
    const unknown = await attempt('nobody@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe('email or password is wrong');
    expect(unknown.body.detail).toBe(wrong.body.detail);
    for (let i = 0; i < 4; i += 1)
      expect((await attempt('erin@example.com', 'nope nope nope')).status).toBe(401);
    // The 5th failure of the email set a 1 s wait: even the right password waits it out.
    const limited = await attempt('erin@example.com', PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await attempt('erin@example.com', PASSWORD)).status).toBe(200);
  });

  /**
   * 5 free attempts, then the back-off opens one more slot after 1 s, 3 s, 7 s… (each wait twice
   * the last): a burst that takes `seconds` to arrive can check no more than this.
   */
  const mostChecked = (seconds: number) => 5 + Math.floor(Math.log2(seconds + 1));

  it('holds the limit under concurrency: of 40 wrong passwords at once, about 5 are checked', async () => {
    await browser().signUp('fay@example.com', PASSWORD);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        browser().post('/account/login', { email: 'fay@example.com', password: 'a wrong guess' }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const statuses = results.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(mostChecked(seconds));
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - checked);
  });

  it('lets 50 concurrent guesses, the right one among them, check about 5 passwords', async () => {
    await browser().signUp('gia@example.com', PASSWORD);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        browser().post('/account/login', {
          email: 'gia@example.com',
          password: i === 25 ? PASSWORD : `guess number ${i}`,
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(mostChecked(seconds));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
  });

  it('counts failures per client address: strangers elsewhere do not lock the owner out', async () => {
    await browser().signUp('hal@example.com', PASSWORD);
    const stranger = nextAddress();
    // 10 failures from one address (on other emails) close that address for 15 minutes…
    for (let i = 0; i < 10; i += 1) {
      expect((await browser(stranger).logIn(`ghost${i}@example.com`, 'a wrong guess')).status).toBe(
        401,
      );
    }
    const blocked = await browser(stranger).logIn('hal@example.com', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    // …and nobody else: the owner, from her own address, logs straight in.
    expect((await browser().logIn('hal@example.com', PASSWORD)).status).toBe(200);
    // A client cannot choose its address: only what the trusted proxy (127.0.0.1) appended
    // counts, not what the client put before it.
    const spoofed = new BrowserSession(docent.client.baseUrl, {
      forwardedFor: `203.0.113.250, ${stranger}`,
    });
    expect((await spoofed.logIn('hal@example.com', PASSWORD)).status).toBe(429);
  });

  it('throttles wrong API keys per address, then refuses even a right one from there', async () => {
    const from = nextAddress();
    const withKey = (key: string) =>
      fetch(`${docent.client.baseUrl}/collections/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-key': key, 'x-forwarded-for': from },
        body: JSON.stringify({ namespace_name: 'acme' }),
      });
    for (let i = 0; i < 30; i += 1)
      expect((await withKey(`wrong-key-${i}-xxxxxxxx`)).status).toBe(401);
    const limited = await withKey('wrong-key-31-xxxxxxxx');
    expect(limited.status).toBe(429);
    expect((await withKey(TEST_KEYS.acme)).status).toBe(429);
    // Another address is not affected.
    expect((await docent.client.post('/collections/list', { namespace_name: 'nope' })).status).toBe(
      404,
    );
  });

  it('creates API keys shown once, lists them without the key, revokes them', async () => {
    const frank = browser();
    await frank.signUp('frank@example.com', PASSWORD);
    const created = await frank.post<{
      key: string;
      api_key: { id: string; prefix: string; scope: string };
    }>('/account/api_keys/create', { label: 'laptop' });
    expect(created.status).toBe(200);
    const { key, api_key: record } = created.body;
    secrets.push(key);
    expect(key.startsWith(record.prefix)).toBe(true);
    expect(record.scope).toBe('standard');

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
        scope: 'standard',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    // A standard key mints no keys and revokes none.
    const minted = await client.post('/account/api_keys/create', { label: 'more' });
    expect(minted.status).toBe(401);
    expect(minted.body).toMatchObject({ detail: expect.stringContaining('admin scope') });
    expect((await client.post('/account/api_keys/revoke', { id: record.id })).status).toBe(401);

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

  it('lets an admin key make keys, up to 20 active per account', async () => {
    const ivy = browser();
    await ivy.signUp('ivy@example.com', PASSWORD);
    const admin = await ivy.post<{ key: string }>('/account/api_keys/create', {
      label: 'ops',
      scope: 'admin',
    });
    secrets.push(admin.body.key);
    const viaAdmin = docent.client.withKey(admin.body.key);
    const made = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        viaAdmin.post('/account/api_keys/create', { label: `k${i}` }),
      ),
    );
    expect(made.filter((m) => m.status === 200)).toHaveLength(19);
    expect(made.find((m) => m.status === 400)?.body).toMatchObject({
      code: 'invalid_request',
      detail: expect.stringContaining('revoke one first'),
    });
  });

  it('lists sessions, changes the password (ending the others) and logs out everywhere', async () => {
    await browser().signUp('jo@example.com', PASSWORD);
    const laptop = browser();
    const phone = browser();
    const tablet = browser();
    for (const b of [laptop, phone, tablet]) await b.logIn('jo@example.com', PASSWORD);
    const list = await laptop.post<{ sessions: Array<Record<string, unknown>> }>(
      '/account/sessions/list',
      {},
    );
    expect(list.body.sessions).toHaveLength(4);
    expect(list.body.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(list.body.sessions[0]).toEqual({
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      expires_at: expect.any(String),
      user_agent: expect.any(String),
      client_address: tablet.options.forwardedFor,
      current: false,
    });
    // An API key has no session to list.
    expect((await docent.client.post('/account/sessions/list', {})).status).toBe(401);

    const wrong = await laptop.post('/account/change_password', {
      current_password: 'not my password',
      new_password: 'a brand new passphrase',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errors: [{ field: 'current_password' }] });
    const changed = await laptop.post('/account/change_password', {
      current_password: PASSWORD,
      new_password: 'a brand new passphrase',
    });
    expect(changed.body).toEqual({ changed: true, sessions_ended: 3 });
    expect((await phone.post('/account/me', {})).status).toBe(401);
    expect((await laptop.post('/account/me', {})).status).toBe(200);
    expect((await browser().logIn('jo@example.com', PASSWORD)).status).toBe(401);

    const elsewhere = browser();
    await elsewhere.logIn('jo@example.com', 'a brand new passphrase');
    const ended = await laptop.post('/account/sessions/end_all', {});
    expect(ended.body).toEqual({ logged_out: true, sessions_ended: 2 });
    expect(ended.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await elsewhere.post('/account/me', {})).status).toBe(401);
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

  it('sends nosniff and no-store with JSON, and no HSTS on a plain-http public URL', async () => {
    const created = await docent.client.post('/collections/list', { namespace_name: 'none' });
    const problem = await docent.client.withKey(undefined).post('/collections/list', {});
    for (const response of [created, problem, await docent.client.get('/healthz')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('serves /metrics on the operator port only', async () => {
    expect((await docent.client.withKey(undefined).get('/metrics')).status).toBe(404);
    const scraped = await new DocentClient(`http://127.0.0.1:${metricsPort}`).get<string>(
      '/metrics',
    );
    expect(scraped.status).toBe(200);
    expect(scraped.body).toContain('docent_http_requests_total');
    expect(scraped.body).toContain('route="/account/login",status="429"');
  });

  it('keeps the data folder 0700 and its files 0600', () => {
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(docent.dataDir)).toBe('700');
    // Embedded mode keeps all of them here; scaled mode only what stays local.
    const files = [
      'docent.sqlite',
      'docent.sqlite-wal',
      'queue.sqlite',
      'index.sqlite',
      'secret.key',
    ];
    const present = files.filter((file) => existsSync(join(docent.dataDir, file)));
    if (docent.deployment.metadata.kind === 'sqlite') expect(present).toEqual(files);
    for (const file of present)
      expect([file, mode(join(docent.dataDir, file))]).toEqual([file, '600']);
  });
});

/** Behind an https public URL: the __Host- cookie and HSTS. */
describe('accounts behind an https public URL', () => {
  let docent: InProcessDocent;

  beforeAll(async () => {
    docent = await startDocent({ DOCENT_PUBLIC_URL: 'https://docent.example' });
  });
  afterAll(async () => {
    await docent?.close();
  });

  it('sets a __Host- cookie, ignores a plain one a sibling could plant, and sends HSTS', async () => {
    const ann = new BrowserSession(docent.client.baseUrl);
    await ann.signUp('ann@example.com', PASSWORD);
    const login = await ann.logIn('ann@example.com', PASSWORD);
    expect(login.headers.get('set-cookie')).toMatch(
      /^__Host-docent_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/,
    );
    expect(login.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const token = ann.cookie!.split('=')[1]!;
    const me = (cookie: string) =>
      fetch(`${docent.client.baseUrl}/account/me`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: '{}',
      });
    expect((await me(`__Host-docent_session=${token}`)).status).toBe(200);
    // The name without the prefix is not the session cookie here.
    expect((await me(`docent_session=${token}`)).status).toBe(401);
  });
});
