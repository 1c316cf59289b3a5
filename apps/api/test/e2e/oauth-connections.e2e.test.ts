import { createHash, randomBytes } from 'node:crypto';
import { openMetadataStore } from '@docent/metadata-store';
import {
  docentOAuthEnvironment,
  startFakeConfluence,
  startFakeDrive,
  startFakeNotion,
  type FakeConfluence,
  type FakeDrive,
  type FakeNotion,
} from '@docent/source-fakes';
import { BrowserSession, completeOAuthDance } from './support/browser-session';
import type { DocentClient } from './support/docent-client';
import { freePort, startDocent, type InProcessDocent } from './support/docent-server';
import { captureOutput } from './support/output-capture';
import { waitForIngestion } from './support/wait-for';

jest.setTimeout(300_000);

const CLIENT = { clientId: 'docent-oauth-app', clientSecret: 'oauth-app-secret-7f3a9c' };
const PASSWORD = 'correct horse battery staple';

interface ConnectionWire {
  type: string;
  connected_at: string;
  expires_at: string | null;
  account_label: string | null;
  sites: Array<{ name: string; url: string }>;
}

/**
 * Issue 6: each source connected through the full OAuth dance against its fake authorization
 * server, then ingested without a token; state single-use, expiry and session binding; refresh;
 * disconnect.
 */
describe('OAuth connections for WIKI, DRIVE and PAGES (embedded mode)', () => {
  let wiki: FakeConfluence;
  let drive: FakeDrive;
  let notion: FakeNotion;
  let docent: InProcessDocent;
  let output: ReturnType<typeof captureOutput>;
  let ann: BrowserSession;

  beforeAll(async () => {
    output = captureOutput();
    wiki = await startFakeConfluence({
      mode: 'cloud',
      // Shorter than the 5-minute refresh margin: every use refreshes (and rotates) the token.
      oauth: { cloudId: 'cloud-acme', clients: [CLIENT], accessTokenTtlSeconds: 120 },
      spaces: [
        {
          key: 'ENG',
          name: 'Engineering',
          pages: [
            {
              id: '11',
              title: 'Deploys',
              body: '<p>Production deploys happen on Tuesdays at 10:00.</p>',
            },
            {
              id: '12',
              title: 'On call',
              body: '<p>The on-call rotation changes every Monday.</p>',
            },
          ],
        },
      ],
    });
    drive = await startFakeDrive({
      oauth: { clients: [CLIENT], refreshTokens: [] },
      user: { displayName: 'Ann', emailAddress: 'ann@acme.example' },
      files: [
        {
          name: 'Expenses.txt',
          mimeType: 'text/plain',
          content: 'Expenses above 500 euros are approved by the finance lead.',
        },
      ],
    });
    notion = await startFakeNotion({
      oauth: { clients: [CLIENT], workspaceName: 'Acme Workspace' },
      pages: [
        {
          title: 'Office hours',
          blocks: [
            { type: 'paragraph', text: 'The Lisbon office opens at 8 am and closes at 7 pm.' },
          ],
        },
      ],
    });
    const port = await freePort();
    docent = await startDocent(
      {
        DOCENT_PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Every log line, not only warnings, is checked for secrets.
        DOCENT_LOG_LEVEL: 'debug',
        ...docentOAuthEnvironment(
          { wiki, drive, notion },
          { WIKI: CLIENT, DRIVE: CLIENT, PAGES: CLIENT },
        ),
      },
      { port },
    );
    ann = new BrowserSession(docent.client.baseUrl);
    expect((await ann.signUp('ann@acme.example', PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await docent?.close();
    await Promise.all([wiki?.close(), drive?.close(), notion?.close()]);
    output?.restore();
  });

  async function connect(browser: BrowserSession, type: string) {
    const authorized = await browser.post<{ authorize_url: string }>('/connections/authorize', {
      type,
    });
    expect(authorized.status).toBe(200);
    return completeOAuthDance(browser, authorized.body.authorize_url);
  }

  async function ingestWithoutToken(
    browser: BrowserSession,
    type: string,
    spec: Record<string, unknown>,
  ) {
    const locator = { namespace_name: 'ann', collection_name: type.toLowerCase() };
    const created = await browser.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type,
      spec,
    });
    expect(created.status).toBe(200);
    return {
      locator,
      // Polled as the UI does: with the session cookie.
      ingestion: await waitForIngestion(browser, {
        ...locator,
        ingestion_id: created.body.ingestion_id,
      }),
    };
  }

  it.each([
    [
      'WIKI',
      'fake-site',
      [{ name: 'fake-site', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) }],
    ],
    ['DRIVE', 'ann@acme.example', []],
    ['PAGES', 'Acme Workspace', []],
  ])(
    'connects %s through the OAuth dance, back to the app, and lists it with its label and sites',
    async (type, label, sites) => {
      const page = await connect(ann, type);
      expect(page.callbackUrl.startsWith(`${docent.client.baseUrl}/oauth/callback?`)).toBe(true);
      // Back into the app's Connections page, which says what was connected.
      expect(page.status).toBe(303);
      expect(page.landedAt).toBe(`${docent.client.baseUrl}/#/connections?connected=${type}`);
      const list = await ann.post<{ connections: ConnectionWire[] }>('/connections/list', {});
      expect(list.body.connections).toContainEqual({
        type,
        connected_at: expect.any(String),
        expires_at: type === 'PAGES' ? null : expect.any(String),
        account_label: label,
        sites,
      });
    },
  );

  it('sends PKCE to Google: the exchange carried the verifier the challenge was made of', () => {
    const authorize = drive.requests.find((r) => r.route === 'oauth.authorize')!;
    expect(authorize.query.code_challenge_method).toBe('S256');
    expect(authorize.query.code_challenge).toMatch(/^[\w-]{43}$/);
    // The fake refuses an exchange whose verifier does not match: the connection exists.
    expect(
      drive.requests.filter((r) => r.route === 'oauth.token' && r.status === 200),
    ).toHaveLength(1);
  });

  it('ingests WIKI without a token through the gateway, refreshing the short-lived token', async () => {
    const { ingestion } = await ingestWithoutToken(ann, 'WIKI', { url: wiki.url, space: 'ENG' });
    expect(ingestion.status).toBe('succeeded');
    expect(ingestion.progress.documents_processed).toBe(2);
    expect(ingestion.spec).toEqual({ url: wiki.url, space: 'ENG' });
    // One code exchange, then refreshes with rotated refresh tokens (each one used once).
    expect(wiki.requests.filter((r) => r.route === 'oauth.token').length).toBeGreaterThan(1);
    expect(wiki.requests.filter((r) => r.route === 'oauth.token' && r.status !== 200)).toEqual([]);
    expect(wiki.requests.some((r) => r.path.startsWith('/ex/confluence/cloud-acme/wiki/'))).toBe(
      true,
    );
    const connection = (
      await ann.post<{ connections: ConnectionWire[] }>('/connections/list', {})
    ).body.connections.find((c) => c.type === 'WIKI')!;
    expect(new Date(connection.expires_at!).getTime()).toBeGreaterThan(Date.now());
  });

  it('ingests DRIVE without a token', async () => {
    const { ingestion } = await ingestWithoutToken(ann, 'DRIVE', {});
    expect(ingestion.status).toBe('succeeded');
    expect(ingestion.progress.documents_processed).toBe(1);
  });

  it('ingests PAGES without a token, and the answer comes from the page', async () => {
    const { locator, ingestion } = await ingestWithoutToken(ann, 'PAGES', {});
    expect(ingestion.status).toBe('succeeded');
    expect(ingestion.progress.documents_processed).toBe(1);
    const asked = await ann.post<{ answer: string; refs: Array<{ doc_name: string }> }>(
      '/docs/ask',
      {
        ...locator,
        question: 'When does the Lisbon office open?',
      },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.refs[0]?.doc_name).toBe('Office hours');
    expect(asked.body.answer).toContain('8 am');
  });

  it('refuses a replayed state with a 400 page, without exchanging the code again', async () => {
    const authorized = await ann.post<{ authorize_url: string }>('/connections/authorize', {
      type: 'PAGES',
    });
    const consent = await ann.navigate(authorized.body.authorize_url);
    const callback = consent.headers.get('location')!;
    // Connected: back to the app.
    expect((await ann.navigate(callback)).status).toBe(303);
    const exchanges = notion.requests.filter((r) => r.route === 'oauth.token').length;
    const replay = await ann.navigate(callback);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('unknown or was already used');
    expect(replay.headers.get('content-type')).toContain('text/html');
    expect(replay.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(notion.requests.filter((r) => r.route === 'oauth.token').length).toBe(exchanges);
  });

  it('refuses an expired state, and a forged one', async () => {
    const state = randomBytes(32).toString('base64url');
    const store = await openMetadataStore(docent.deployment.metadata);
    try {
      const accountId = (await store.accounts.findUserByEmail('ann@acme.example'))!.accountId;
      const started = new Date(Date.now() - 11 * 60_000);
      await store.oauth.saveOAuthState({
        id: createHash('sha256').update(state).digest('hex'),
        accountId,
        sessionId: null,
        type: 'PAGES',
        pkceVerifier: null,
        createdAt: started,
        expiresAt: new Date(started.getTime() + 10 * 60_000),
      });
    } finally {
      await store.close();
    }
    const exchanges = notion.requests.filter((r) => r.route === 'oauth.token').length;
    const expired = await ann.navigate(
      `${docent.client.baseUrl}/oauth/callback?code=any&state=${state}`,
    );
    expect(expired.status).toBe(400);
    expect(expired.text).toContain('expired');
    const forged = await ann.navigate(
      `${docent.client.baseUrl}/oauth/callback?code=any&state=forged`,
    );
    expect(forged.status).toBe(400);
    expect(notion.requests.filter((r) => r.route === 'oauth.token').length).toBe(exchanges);
  });

  it("refuses a state started by another account's session", async () => {
    const mallory = new BrowserSession(docent.client.baseUrl);
    await mallory.signUp('mallory@evil.example', PASSWORD);
    const authorized = await ann.post<{ authorize_url: string }>('/connections/authorize', {
      type: 'DRIVE',
    });
    const consent = await ann.navigate(authorized.body.authorize_url);
    // Ann's callback URL lands in Mallory's browser (or the reverse: a login-CSRF attempt).
    const page = await mallory.navigate(consent.headers.get('location')!);
    expect(page.status).toBe(400);
    expect(page.text).toContain('another browser session');
    expect(
      (await mallory.post<{ connections: unknown[] }>('/connections/list', {})).body.connections,
    ).toEqual([]);
  });

  describe('a connection an API key started', () => {
    let dora: BrowserSession;
    let mallory: BrowserSession;
    let doraKey: DocentClient;
    const exchanges = (type: string) =>
      ({ WIKI: wiki, DRIVE: drive, PAGES: notion })[type]!.requests.filter(
        (r) => r.route === 'oauth.token' && r.status === 200,
      ).length;
    const connectedTypes = async (browser: BrowserSession) =>
      (
        await browser.post<{ connections: ConnectionWire[] }>('/connections/list', {})
      ).body.connections.map((c) => c.type);

    beforeAll(async () => {
      dora = new BrowserSession(docent.client.baseUrl);
      await dora.signUp('dora@acme.example', PASSWORD);
      mallory = new BrowserSession(docent.client.baseUrl);
      await mallory.signUp('mallory@other.example', PASSWORD);
      const key = await dora.post<{ key: string }>('/account/api_keys/create', { label: 'bot' });
      doraKey = docent.client.withKey(key.body.key);
    });

    const linkFor = async (type: string) => {
      const authorized = await doraKey.post<{ authorize_url: string }>('/connections/authorize', {
        type,
      });
      expect(authorized.status).toBe(200);
      return authorized.body.authorize_url;
    };

    it.each(['WIKI', 'DRIVE', 'PAGES'])(
      "%s: a browser without a session, or with another account's, connects nothing",
      async (type) => {
        const link = await linkFor(type);
        // A link on Docent, not the provider's consent page: it asks who is logged in first.
        expect(link).toMatch(
          new RegExp(`^${docent.client.baseUrl}/oauth/start\\?link=[\\w-]{43}$`),
        );
        const before = exchanges(type);

        const anonymous = new BrowserSession(docent.client.baseUrl);
        const asked = await anonymous.navigate(link);
        expect(asked.status).toBe(401);
        expect(asked.text).toContain('log in to Docent in this browser first');
        expect(asked.text).toContain(
          `href="/#/login?continue=${encodeURIComponent(`/oauth/start?link=${new URL(link).searchParams.get('link')}`)}"`,
        );

        const refused = await mallory.navigate(link);
        expect(refused.status).toBe(403);
        expect(refused.text).toContain('belongs to another Docent account');
        expect(refused.text).toContain('mallory@other.example');

        // Dora's browser gets on to the provider; if the consent page then reaches another
        // browser (forwarded, or the callback URL replayed), that browser connects nothing.
        const started = await dora.navigate(link);
        expect(started.status).toBe(303);
        const providerUrl = started.headers.get('location')!;
        expect(providerUrl.startsWith(`${docent.client.baseUrl}/`)).toBe(false);
        const cookieless = await completeOAuthDance(anonymous, providerUrl);
        expect(cookieless.callbackUrl.startsWith(`${docent.client.baseUrl}/oauth/callback?`)).toBe(
          true,
        );
        expect(cookieless.status).toBe(400);
        expect(cookieless.text).toContain('not logged in to Docent, so nothing was connected');

        const second = await dora.navigate(await linkFor(type));
        const crossed = await completeOAuthDance(mallory, second.headers.get('location')!);
        expect(crossed.status).toBe(400);
        expect(crossed.text).toContain('another browser session');

        // The link was spent by its first use.
        expect((await dora.navigate(link)).status).toBe(400);
        expect(exchanges(type)).toBe(before);
        expect(await connectedTypes(dora)).not.toContain(type);
        expect(await connectedTypes(mallory)).toEqual([]);
      },
    );

    it.each(['WIKI', 'DRIVE', 'PAGES'])(
      '%s: connects in a browser logged in to the same account, back to its Connections page',
      async (type) => {
        const page = await completeOAuthDance(dora, await linkFor(type));
        expect(page.status).toBe(303);
        expect(page.landedAt).toBe(`${docent.client.baseUrl}/#/connections?connected=${type}`);
        expect(await connectedTypes(dora)).toContain(type);
        expect(
          (
            await doraKey.post<{ connections: ConnectionWire[] }>('/connections/list', {})
          ).body.connections.map((c) => c.type),
        ).toContain(type);
      },
    );

    it('leaves an account without a user (bootstrap keys only) a link no browser can complete', async () => {
      const authorized = await docent.client.post<{ authorize_url: string }>(
        '/connections/authorize',
        { type: 'PAGES' },
      );
      expect(authorized.body.authorize_url).toContain('/oauth/start?link=');
      expect((await dora.navigate(authorized.body.authorize_url)).status).toBe(403);
      expect(
        (await docent.client.post<{ connections: unknown[] }>('/connections/list', {})).body
          .connections,
      ).toEqual([]);
    });
  });

  it('refuses unknown and unconfigured types with 400', async () => {
    const unknown = await ann.post('/connections/authorize', { type: 'SLACK' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'invalid_request', errors: [{ field: 'type' }] });
    expect((await ann.post('/connections/delete', { type: 'SLACK' })).status).toBe(400);
  });

  it('disconnects: the tokens are gone and a token-less ingestion is source_not_connected', async () => {
    const deleted = await ann.post('/connections/delete', { type: 'PAGES' });
    expect(deleted.body).toEqual({ deleted: true });
    expect((await ann.post('/connections/delete', { type: 'PAGES' })).status).toBe(404);
    const list = await ann.post<{ connections: ConnectionWire[] }>('/connections/list', {});
    expect(list.body.connections.map((c) => c.type)).toEqual(['DRIVE', 'WIKI']);
    const created = await ann.post('/docs/create_ingestion', {
      namespace_name: 'ann',
      collection_name: 'pages',
      type: 'PAGES',
      spec: {},
    });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'source_not_connected' });
  });

  it('never shows tokens or client secrets in responses or logs', async () => {
    const list = await ann.post('/connections/list', {});
    const logs = output.text();
    const refreshTokens = wiki.validRefreshTokens();
    expect(refreshTokens.length).toBeGreaterThan(0);
    for (const secret of [CLIENT.clientSecret, PASSWORD, ...refreshTokens]) {
      expect(JSON.stringify(list.body)).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
