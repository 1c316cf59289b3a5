import { createHash, randomBytes } from 'node:crypto';
import { SecretBox } from '@docent/credentials-vault';
import { openMetadataStore, type MetadataStore } from '@docent/metadata-store';
import {
  startFakeConfluence,
  startFakeDrive,
  startFakeNotion,
  type FakeConfluence,
  type FakeDrive,
  type FakeNotion,
} from '@docent/source-fakes';
import { driveDescriptor } from '@docent/connector-drive';
import { pagesDescriptor } from '@docent/connector-pages';
import { wikiDescriptor } from '@docent/connector-wiki';
import {
  OAuthCallbackError,
  OAuthConnectionService,
  type OAuthClientConfig,
  type OAuthProviders,
} from '../src';

/** The built-in connectors' providers, as the runtime reads them from their descriptors. */
const PROVIDERS: OAuthProviders = Object.fromEntries(
  [wikiDescriptor, driveDescriptor, pagesDescriptor].map((d) => [d.type, d.oauth!]),
);

const PUBLIC_URL = 'http://docent.test';
const CLIENT = { clientId: 'docent-app', clientSecret: 'app-secret-123' };
/** The stored id of the browser session of the account's user. */
const SESSION = 'session-ann';

/** Follows the consent screen's 302 and returns the callback's query. */
async function consent(authorizeUrl: string): Promise<URLSearchParams> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/oauth/callback`);
  return location.searchParams;
}

describe('OAuthConnectionService against the fake providers', () => {
  let store: MetadataStore;
  let now: Date;
  let confluence: FakeConfluence;
  let drive: FakeDrive;
  let notion: FakeNotion;
  let service: OAuthConnectionService;
  let accountId: string;
  const secrets = new SecretBox(randomBytes(32));

  beforeAll(async () => {
    const clock = () => now;
    confluence = await startFakeConfluence({
      mode: 'cloud',
      now: clock,
      oauth: { cloudId: 'cloud-1', clients: [CLIENT], accessTokenTtlSeconds: 3600 },
    });
    drive = await startFakeDrive({
      now: clock,
      oauth: { clients: [CLIENT], refreshTokens: [], accessTokenTtlSeconds: 3599 },
      user: { displayName: 'Ann', emailAddress: 'ann@example.com' },
    });
    notion = await startFakeNotion({
      now: clock,
      oauth: { clients: [CLIENT], workspaceName: 'Acme Notion', accessTokenTtlSeconds: 3600 },
    });
  });
  afterAll(async () => {
    await Promise.all([confluence.close(), drive.close(), notion.close()]);
  });

  beforeEach(async () => {
    now = new Date('2026-05-01T08:00:00Z');
    store = await openMetadataStore({ kind: 'sqlite', path: ':memory:' });
    accountId = (await store.accounts.ensureAccount('ann@example.com')).id;
    service = new OAuthConnectionService({
      store: store.oauth,
      secrets,
      providers: PROVIDERS,
      clients: oauthClients(),
      publicUrl: PUBLIC_URL,
      endpoints: { driveApiUrl: drive.url, wikiOAuthApiUrl: confluence.origin },
      now: () => now,
    });
  });
  afterEach(() => store.close());

  /** The three apps, pointed at the fake providers. */
  function oauthClients(): Record<string, OAuthClientConfig> {
    return {
      WIKI: {
        ...CLIENT,
        authorizeUrl: `${confluence.origin}/authorize`,
        tokenUrl: `${confluence.origin}/oauth/token`,
      },
      DRIVE: {
        ...CLIENT,
        authorizeUrl: `${drive.url}/o/oauth2/v2/auth`,
        tokenUrl: `${drive.url}/token`,
      },
      PAGES: {
        ...CLIENT,
        authorizeUrl: `${notion.url}/v1/oauth/authorize`,
        tokenUrl: `${notion.url}/v1/oauth/token`,
      },
    };
  }

  async function connect(type: string, sessionId = SESSION) {
    const query = await consent(await service.authorize(accountId, type, sessionId));
    return service.complete({
      state: query.get('state') ?? undefined,
      code: query.get('code') ?? undefined,
      error: undefined,
      sessionId,
    });
  }

  it('connects WIKI, DRIVE and PAGES with their labels and seals the tokens', async () => {
    expect((await connect('WIKI')).accountLabel).toBe('fake-site');
    expect((await connect('DRIVE')).accountLabel).toBe('ann@example.com');
    expect((await connect('PAGES')).accountLabel).toBe('Acme Notion');
    const list = await service.list(accountId);
    expect(list.map((c) => [c.type, c.expiresAt?.getTime()])).toEqual([
      ['DRIVE', now.getTime() + 3599_000],
      ['PAGES', now.getTime() + 3600_000],
      ['WIKI', now.getTime() + 3600_000],
    ]);
    const stored = await store.oauth.getConnection(accountId, 'PAGES');
    const token = await service.accessToken(accountId, 'PAGES');
    expect(stored?.tokens).not.toContain(token);
    expect(stored?.details).toMatchObject({ workspace_id: expect.any(String) });
  });

  it('sends PKCE to Google only, and asks each provider for offline access', async () => {
    const wiki = new URL(await service.authorize(accountId, 'WIKI', SESSION));
    const google = new URL(await service.authorize(accountId, 'DRIVE', SESSION));
    const pages = new URL(await service.authorize(accountId, 'PAGES', SESSION));
    expect(google.searchParams.get('code_challenge_method')).toBe('S256');
    expect(google.searchParams.get('access_type')).toBe('offline');
    expect(wiki.searchParams.get('code_challenge')).toBeNull();
    expect(wiki.searchParams.get('scope')).toContain('offline_access');
    expect(wiki.searchParams.get('audience')).toBe('api.atlassian.com');
    expect(pages.searchParams.get('owner')).toBe('user');
    expect(pages.searchParams.get('code_challenge')).toBeNull();
    for (const url of [wiki, google, pages]) {
      expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/oauth/callback`);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    }
  });

  it('refreshes before expiry, once for concurrent callers, keeping rotated refresh tokens', async () => {
    for (const type of ['WIKI', 'DRIVE', 'PAGES']) await connect(type);
    const before = await Promise.all(
      ['WIKI', 'DRIVE', 'PAGES'].map((t) => service.accessToken(accountId, t)),
    );
    // Without the per-connection lock both callers would refresh and still agree on a token
    // (the version check or the spent refresh token sends the loser to the winner's), so the
    // token endpoint's POSTs are what shows that only one refresh happened.
    const tokenEndpoints: Record<string, [Array<{ method: string; path: string }>, string]> = {
      WIKI: [confluence.requests, '/oauth/token'],
      DRIVE: [drive.requests, '/token'],
      PAGES: [notion.requests, '/v1/oauth/token'],
    };
    const tokenPosts = (type: string) => {
      const [requests, path] = tokenEndpoints[type]!;
      return requests.filter((r) => r.method === 'POST' && r.path === path).length;
    };
    now = new Date(now.getTime() + 56 * 60_000);
    for (const [i, type] of ['WIKI', 'DRIVE', 'PAGES'].entries()) {
      const postsBefore = tokenPosts(type);
      const tokens = await Promise.all([
        service.accessToken(accountId, type),
        service.accessToken(accountId, type),
      ]);
      expect(tokenPosts(type)).toBe(postsBefore + 1);
      expect(tokens[0]).toBe(tokens[1]);
      expect(tokens[0]).not.toBe(before[i]);
      expect((await store.oauth.getConnection(accountId, type))?.version).toBe(2);
    }
    // Rotated refresh tokens were stored: a second refresh works too.
    now = new Date(now.getTime() + 56 * 60_000);
    for (const type of ['WIKI', 'DRIVE', 'PAGES']) {
      await expect(service.accessToken(accountId, type)).resolves.toMatch(/\w/);
    }
    const wiki = (await store.oauth.getConnection(accountId, 'WIKI'))!;
    const { refreshToken } = secrets.openJson<{ refreshToken: string }>(
      wiki.tokens,
      `connection:${accountId}:WIKI`,
    );
    expect(confluence.validRefreshTokens()).toContain(refreshToken);
  });

  it('lets a second process use the tokens another process just refreshed (rotation race)', async () => {
    await connect('WIKI');
    // Two api/worker processes: one store, one mutex each.
    const other = new OAuthConnectionService({
      store: store.oauth,
      secrets,
      providers: PROVIDERS,
      clients: oauthClients(),
      publicUrl: PUBLIC_URL,
      endpoints: { driveApiUrl: drive.url, wikiOAuthApiUrl: confluence.origin },
      now: () => now,
    });
    now = new Date(now.getTime() + 56 * 60_000);
    const stale = (await store.oauth.getConnection(accountId, 'WIKI'))!;
    // The other process refreshes first and rotates the refresh token…
    const fresh = await other.accessToken(accountId, 'WIKI');
    // …then this one, having read the connection before that, tries the spent refresh token.
    const raced = await (
      service as unknown as { refresh(c: typeof stale): Promise<string> }
    ).refresh(stale);
    expect(raced).toBe(fresh);
    expect((await store.oauth.getConnection(accountId, 'WIKI'))?.version).toBe(2);
  });

  it('fails source_auth_failed when the provider refuses the refresh grant', async () => {
    await connect('WIKI');
    const connection = (await store.oauth.getConnection(accountId, 'WIKI'))!;
    // Someone else spent the refresh token (rotation): ours is now refused.
    const sealed = secrets.openJson<{ refreshToken: string }>(
      connection.tokens,
      `connection:${accountId}:WIKI`,
    );
    await fetch(`${confluence.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'refresh_token',
        ...toSnake(CLIENT),
        refresh_token: sealed.refreshToken,
      }),
    });
    now = new Date(now.getTime() + 3600_000);
    const credentials = await service.credentials(accountId, 'WIKI');
    expect(credentials?.mode).toBe('oauth');
    const failure = credentials?.mode === 'oauth' ? credentials.accessToken() : null;
    await expect(failure).rejects.toMatchObject({
      code: 'source_auth_failed',
      message: expect.stringContaining('reconnect WIKI'),
    });
  });

  it('uses a state once, within 10 minutes, from the session that started it', async () => {
    const exchanges = () => notion.requests.filter((r) => r.path === '/v1/oauth/token').length;
    const exchangesBefore = exchanges();
    const query = await consent(await service.authorize(accountId, 'PAGES', 'session-a'));
    const callback = { state: query.get('state')!, code: query.get('code')!, error: undefined };
    await expect(service.complete({ ...callback, sessionId: 'session-b' })).rejects.toThrow(
      /another browser session/,
    );
    // The refused attempt spent the state: a replay fails and no code is exchanged.
    await expect(service.complete({ ...callback, sessionId: 'session-a' })).rejects.toThrow(
      /unknown or was already used/,
    );
    expect(exchanges()).toBe(exchangesBefore);

    const late = await consent(await service.authorize(accountId, 'PAGES', SESSION));
    now = new Date(now.getTime() + 10 * 60_000 + 1);
    await expect(
      service.complete({
        state: late.get('state')!,
        code: late.get('code')!,
        error: undefined,
        sessionId: SESSION,
      }),
    ).rejects.toThrow(/expired/);
    await expect(
      service.complete({ state: 'forged', code: 'x', error: undefined, sessionId: null }),
    ).rejects.toBeInstanceOf(OAuthCallbackError);
    expect(await service.list(accountId)).toEqual([]);
  });

  it.each(['WIKI', 'DRIVE', 'PAGES'])(
    'gives an API client a %s connect link that only a browser of the account can complete',
    async (type) => {
      const exchanges = () => {
        const fake = { WIKI: confluence, DRIVE: drive, PAGES: notion }[type]!;
        return fake.requests.filter((r) => r.route === 'oauth.token').length;
      };
      const link = new URL(await service.authorize(accountId, type, null));
      // A link on Docent, not the provider's consent page.
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/oauth/start`);
      const token = link.searchParams.get('link')!;
      expect(await service.pendingLink(token)).toMatchObject({ accountId, type });
      const mallory = (await store.accounts.ensureAccount('mallory')).id;
      await expect(
        service.openLink(token, { sessionId: 'session-mallory', accountId: mallory }),
      ).rejects.toThrow(/another Docent account/);

      // The link is still there for its own account; in a browser signed in to it, it becomes
      // an authorization bound to that session.
      const authorizeUrl = await service.openLink(token, { sessionId: SESSION, accountId });
      expect(await service.pendingLink(token)).toBeNull();
      await expect(service.openLink(token, { sessionId: SESSION, accountId })).rejects.toThrow(
        /unknown, was already used, or expired/,
      );
      const before = exchanges();
      const query = await consent(authorizeUrl);
      const callback = { state: query.get('state')!, code: query.get('code')!, error: undefined };
      // Whoever consented: a browser without a session, or with another one, connects nothing.
      await expect(service.complete({ ...callback, sessionId: null })).rejects.toThrow(
        /not logged in to Docent, so nothing was connected/,
      );
      expect(exchanges()).toBe(before);
      expect(await service.has(accountId, type)).toBe(false);

      const again = await consent(
        await service.openLink(
          new URL(await service.authorize(accountId, type, null)).searchParams.get('link')!,
          { sessionId: SESSION, accountId },
        ),
      );
      const retry = { state: again.get('state')!, code: again.get('code')!, error: undefined };
      await expect(service.complete({ ...retry, sessionId: 'session-mallory' })).rejects.toThrow(
        /another browser session/,
      );
      expect(await service.has(accountId, type)).toBe(false);
      expect(await service.has(mallory, type)).toBe(false);

      expect(await connect(type)).toMatchObject({ type, accountId });
      expect(exchanges()).toBe(before + 1);
    },
  );

  it('lets a connect link expire after an hour', async () => {
    const token = new URL(await service.authorize(accountId, 'PAGES', null)).searchParams.get(
      'link',
    )!;
    now = new Date(now.getTime() + 60 * 60_000 + 1);
    expect(await service.pendingLink(token)).toBeNull();
    await expect(service.openLink(token, { sessionId: SESSION, accountId })).rejects.toThrow(
      /expired/,
    );
  });

  it('drops authorizations that expired when a new one starts', async () => {
    const abandoned = new URL(await service.authorize(accountId, 'WIKI', SESSION)).searchParams;
    now = new Date(now.getTime() + 10 * 60_000 + 1);
    await service.authorize(accountId, 'WIKI', SESSION);
    const stale = await store.oauth.takeOAuthState(
      createHash('sha256').update(abandoned.get('state')!).digest('hex'),
    );
    expect(stale).toBeNull();
  });

  it('reports a denied consent and a refused code without connecting', async () => {
    const denied = new URL(await service.authorize(accountId, 'DRIVE', SESSION)).searchParams;
    await expect(
      service.complete({
        state: denied.get('state')!,
        code: undefined,
        error: 'access_denied',
        sessionId: SESSION,
      }),
    ).rejects.toThrow(/did not grant access \(access_denied\)/);
    const query = await consent(await service.authorize(accountId, 'DRIVE', SESSION));
    await expect(
      service.complete({
        state: query.get('state')!,
        code: 'not-the-code',
        error: undefined,
        sessionId: SESSION,
      }),
    ).rejects.toThrow(/token endpoint answered 400 \(invalid_grant\)/);
    expect(await service.has(accountId, 'DRIVE')).toBe(false);
  });

  it('disconnects, refuses unknown or unconfigured types', async () => {
    await connect('PAGES');
    expect(await service.disconnect(accountId, 'PAGES')).toBe(true);
    expect(await service.disconnect(accountId, 'PAGES')).toBe(false);
    expect(await service.credentials(accountId, 'PAGES')).toBeNull();
    await expect(service.authorize(accountId, 'SLACK', null)).rejects.toMatchObject({
      errors: [{ field: 'type', message: 'must be one of WIKI, DRIVE, PAGES' }],
    });
    const bare = new OAuthConnectionService({
      store: store.oauth,
      secrets,
      providers: PROVIDERS,
      clients: {},
      publicUrl: PUBLIC_URL,
      endpoints: { driveApiUrl: drive.url, wikiOAuthApiUrl: confluence.origin },
    });
    await expect(bare.authorize(accountId, 'WIKI', null)).rejects.toThrow(
      'WIKI OAuth is not configured.',
    );
  });
});

function toSnake(client: { clientId: string; clientSecret: string }) {
  return { client_id: client.clientId, client_secret: client.clientSecret };
}
