import {
  buildNotionWorkspace,
  type FakeNotion,
  type FakeNotionOptions,
  startFakeNotion,
} from '../src';

const VERSION = '2025-09-03';

interface Answer {
  status: number;
  headers: Headers;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- API bodies of many shapes
  text: string;
}

/** The fields these tests read on pages and blocks. */
interface ApiObject {
  id: string;
  object: string;
  type: string;
}

interface CallOptions {
  token?: string | null;
  version?: string | null;
  body?: unknown;
  authorization?: string;
}

/** A movable clock shared with the fake. */
function movableClock(startIso = '2025-03-01T12:00:10Z') {
  let current = Date.parse(startIso);
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

describe('fake Notion', () => {
  const workspace = buildNotionWorkspace();
  const { ids, token } = workspace;
  let fake: FakeNotion;
  let clock: ReturnType<typeof movableClock>;

  async function start(options: Partial<FakeNotionOptions> = {}) {
    clock = movableClock();
    fake = await startFakeNotion({ ...workspace.options, now: clock.now, ...options });
  }

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    const bearer = options.token === undefined ? token : options.token;
    if (options.authorization) headers.authorization = options.authorization;
    else if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    const version = options.version === undefined ? VERSION : options.version;
    if (version !== null) headers['notion-version'] = version;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${fake.url}${path}`, {
      method,
      headers,
      redirect: 'manual',
      ...(options.body === undefined
        ? {}
        : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  const children = (id: string, query = '', options: CallOptions = {}) =>
    call('GET', `/v1/blocks/${id}/children${query}`, options);

  afterEach(() => fake.close());

  describe('headers and ids', () => {
    beforeEach(() => start());

    it('refuses a missing or unknown Notion-Version and a bad token with Notion error bodies', async () => {
      const missing = await call('GET', '/v1/users/me', { version: null });
      expect(missing.status).toBe(400);
      expect(missing.json).toMatchObject({ object: 'error', status: 400, code: 'missing_version' });

      const unknown = await call('GET', '/v1/users/me', { version: '2021-01-01' });
      expect(unknown.status).toBe(400);
      expect(unknown.json.code).toBe('validation_error');

      for (const options of [{ token: null }, { token: 'ntn_wrong' }] as CallOptions[]) {
        const refused = await call('GET', '/v1/users/me', options);
        expect(refused.status).toBe(401);
        expect(refused.json).toMatchObject({
          object: 'error',
          code: 'unauthorized',
          message: 'API token is invalid.',
        });
      }

      const me = await call('GET', '/v1/users/me');
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ object: 'user', type: 'bot' });
      expect(me.json.bot.workspace_name).toBe('Acme');
    });

    it('accepts undashed ids, answers dashed ones, and rejects malformed ids', async () => {
      const page = await call('GET', `/v1/pages/${ids.root.replace(/-/g, '').toUpperCase()}`);
      expect(page.status).toBe(200);
      expect(page.json.id).toBe(ids.root);
      expect(page.json.properties.title).toMatchObject({ type: 'title' });
      expect(page.json.properties.title.title[0].plain_text).toBe('Acme Handbook');
      expect(page.json.last_edited_time).toMatch(/T\d{2}:\d{2}:00\.000Z$/);

      const bad = await call('GET', '/v1/pages/not-an-id');
      expect(bad.status).toBe(400);
      expect(bad.json.code).toBe('validation_error');
      expect(bad.json.message).toContain('path.page_id should be a valid uuid');

      const unknownPath = await call('GET', '/v1/nothing-here');
      expect(unknownPath.status).toBe(400);
      expect(unknownPath.json.code).toBe('invalid_request_url');
    });

    it('answers a database id given to the page endpoint with 400, and a page id given to the database endpoint too', async () => {
      const asPage = await call('GET', `/v1/pages/${ids.runbooks}`);
      expect(asPage.status).toBe(400);
      expect(asPage.json.message).toContain('is a database, not a page');
      const asDatabase = await call('GET', `/v1/databases/${ids.root}`);
      expect(asDatabase.status).toBe(400);
      expect(asDatabase.json.message).toContain('is a page, not a database');
    });
  });

  describe('pagination', () => {
    beforeEach(() => start());

    it('pages block children with opaque cursors and refuses page_size above 100', async () => {
      const tooBig = await children(ids.changelog, '?page_size=101');
      expect(tooBig.status).toBe(400);
      expect(tooBig.json.code).toBe('validation_error');

      const first = await children(ids.changelog);
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({ object: 'list', type: 'block', has_more: true });
      expect(first.json.results).toHaveLength(100);
      expect(typeof first.json.next_cursor).toBe('string');

      const second = await children(
        ids.changelog,
        `?start_cursor=${encodeURIComponent(first.json.next_cursor)}&page_size=100`,
      );
      expect(second.json.results).toHaveLength(20);
      expect(second.json).toMatchObject({ has_more: false, next_cursor: null });
      expect(second.json.results[14].paragraph.rich_text[0].plain_text).toBe(
        'Release 1.0.115 introduced the dark mode toggle.',
      );

      const foreign = await children(
        ids.root,
        `?start_cursor=${encodeURIComponent(first.json.next_cursor)}`,
      );
      expect(foreign.status).toBe(400);
      expect(foreign.json.code).toBe('validation_error');

      for (const json of ['null', '[]', '{nope']) {
        const cursor = Buffer.from(json).toString('base64url');
        const garbled = await children(ids.changelog, `?start_cursor=${cursor}`);
        expect(garbled.status).toBe(400);
        expect(garbled.json.code).toBe('validation_error');
      }
    });

    it('takes POST paging in the body and caps pages below page_size when configured', async () => {
      await fake.close();
      await start({ pageSizeCap: 7 });
      const titles: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const answer = await call('POST', '/v1/search', {
          body: {
            filter: { property: 'object', value: 'page' },
            page_size: 100,
            ...(cursor ? { start_cursor: cursor } : {}),
          },
        });
        expect(answer.status).toBe(200);
        expect(answer.json.results.length).toBeLessThanOrEqual(7);
        titles.push(...answer.json.results.map(titleOf));
        cursor = answer.json.next_cursor ?? undefined;
        pages += 1;
      } while (cursor);
      expect(pages).toBeGreaterThan(5);
      // Search misses the page flagged hiddenFromSearch; trashed pages and unshared ones never show.
      const expected = workspace.expectedTitles.filter((t) => t !== 'Incident template');
      expect(titles.sort()).toEqual([...expected].sort());

      const tooBig = await call('POST', '/v1/search', { body: { page_size: 500 } });
      expect(tooBig.status).toBe(400);
      const unknownField = await call('POST', '/v1/search', { body: { limit: 5 } });
      expect(unknownField.status).toBe(400);
      expect(unknownField.json.message).toContain('body.limit should be not present');
      const badJson = await call('POST', '/v1/search', { body: '{nope' });
      expect(badJson.json.code).toBe('invalid_json');
    });
  });

  describe('sharing, trash and versions', () => {
    beforeEach(() => start());

    it('answers 404 for unshared pages and for a synced block whose original is unshared', async () => {
      const privateNotes = await call('GET', `/v1/pages/${ids.privateNotes}`);
      expect(privateNotes.status).toBe(404);
      expect(privateNotes.json.code).toBe('object_not_found');

      const engineering = await children(ids.engineering);
      const copies = engineering.json.results.filter((b: ApiObject) => b.type === 'synced_block');
      expect(copies).toHaveLength(2);
      expect(copies[0].synced_block.synced_from.block_id).toBe(ids.syncedOriginal);
      const shared = await children(copies[0].id);
      expect(shared.json.results[0].paragraph.rich_text[0].plain_text).toContain('Support hours');
      const unreadable = await children(copies[1].id);
      expect(unreadable.status).toBe(404);

      fake.share(ids.privateNotes);
      expect((await call('GET', `/v1/pages/${ids.privateNotes}`)).status).toBe(200);
      expect((await children(copies[1].id)).status).toBe(200);
      fake.unshare(ids.privateNotes);
      expect((await call('GET', `/v1/pages/${ids.privateNotes}`)).status).toBe(404);
    });

    it('hides trashed pages from parents, search and queries but still serves them flagged', async () => {
      const trashed = await call('GET', `/v1/pages/${ids.trashedPage}`);
      expect(trashed.json).toMatchObject({ in_trash: true, archived: true });
      const engineering = await children(ids.engineering);
      expect(engineering.json.results.map((b: ApiObject) => b.id)).not.toContain(ids.trashedPage);

      const database = await call('GET', `/v1/databases/${ids.runbooks}`);
      expect(database.json.data_sources).toHaveLength(1);
      const rows = await call(
        'POST',
        `/v1/data_sources/${database.json.data_sources[0].id}/query`,
        {
          body: { page_size: 100 },
        },
      );
      expect(rows.status).toBe(200);
      expect(rows.json.type).toBe('page_or_data_source');
      expect(rows.json.results).toHaveLength(7);
      expect(rows.json.results[0].parent).toMatchObject({
        type: 'data_source_id',
        database_id: ids.runbooks,
      });
      expect(rows.json.results[0].properties.Name.type).toBe('title');

      fake.trashPage(ids.engineering);
      const below = await call('GET', `/v1/pages/${ids.laptopSetup}`);
      expect(below.json.in_trash).toBe(true);
    });

    it('switches shapes and endpoints on the Notion-Version', async () => {
      const old = '2022-06-28';
      const runbooks = await call('GET', `/v1/databases/${ids.runbooks}`, { version: old });
      expect(runbooks.json.properties.Name).toMatchObject({ type: 'title' });
      expect(runbooks.json.data_sources).toBeUndefined();
      const rows = await call('POST', `/v1/databases/${ids.runbooks}/query`, {
        version: old,
        body: {},
      });
      expect(rows.json.results[0].parent).toEqual({
        type: 'database_id',
        database_id: ids.runbooks,
      });
      // A database with two data sources cannot be read before 2025-09-03.
      const roadmap = await call('GET', `/v1/databases/${ids.roadmap}`, { version: old });
      expect(roadmap.status).toBe(400);
      const search = await call('POST', '/v1/search', {
        version: old,
        body: { filter: { property: 'object', value: 'data_source' } },
      });
      expect(search.status).toBe(400);

      const current = await call('POST', `/v1/databases/${ids.runbooks}/query`, { body: {} });
      expect(current.status).toBe(400);
      const sources = await call('POST', '/v1/search', {
        body: { filter: { property: 'object', value: 'data_source' } },
      });
      expect(sources.json.results.map((s: ApiObject) => s.object)).toEqual([
        'data_source',
        'data_source',
        'data_source',
      ]);

      const newest = await call('GET', `/v1/pages/${ids.root}`, { version: '2026-03-11' });
      expect(newest.json.in_trash).toBe(false);
      expect(newest.json).not.toHaveProperty('archived');
    });

    it('moves last_edited_time to the minute on an edit inside the page, not on its parent', async () => {
      const before = fake.page(ids.vault)!.lastEditedTime;
      const parentBefore = fake.page(ids.root)!.lastEditedTime;
      clock.advance(20_000);
      fake.editBlockText(ids.vaultFactBlock, 'The vault door code is 8520.');
      const after = fake.page(ids.vault)!;
      expect(after.lastEditedTime).not.toBe(before);
      expect(after.lastEditedTime).toBe('2025-03-01T12:00:00.000Z');
      expect(fake.page(ids.root)!.lastEditedTime).toBe(parentBefore);

      // A second edit in the same minute does not move it (Notion rounds to the minute).
      clock.advance(5_000);
      fake.editBlockText(ids.vaultFactBlock, 'The vault door code is 9630.');
      expect(fake.page(ids.vault)!.lastEditedTime).toBe('2025-03-01T12:00:00.000Z');
      const answer = await call('GET', `/v1/blocks/${ids.vaultFactBlock}`);
      expect(answer.json.paragraph.rich_text[0].plain_text).toBe('The vault door code is 9630.');
    });

    it('serves Notion-hosted files until their expiry_time only', async () => {
      const root = await children(ids.root);
      const image = root.json.results.find((b: ApiObject) => b.type === 'image');
      expect(image.image.type).toBe('file');
      expect(Date.parse(image.image.file.expiry_time)).toBe(clock.now().getTime() + 3_600_000);
      expect((await fetch(image.image.file.url)).status).toBe(200);
      clock.advance(3_600_000);
      expect((await fetch(image.image.file.url)).status).toBe(403);
    });
  });

  describe('rate limits, overloads, faults and the request log', () => {
    it('throttles per token with a token bucket and answers 429 with an integer Retry-After', async () => {
      await start({ rateLimit: { requestsPerSecond: 3, burst: 2 } });
      expect((await call('GET', '/v1/users/me')).status).toBe(200);
      expect((await call('GET', '/v1/users/me')).status).toBe(200);
      const limited = await call('GET', '/v1/users/me');
      expect(limited.status).toBe(429);
      expect(limited.json).toMatchObject({ object: 'error', code: 'rate_limited' });
      expect(limited.headers.get('retry-after')).toBe('1');
      clock.advance(340);
      expect((await call('GET', '/v1/users/me')).status).toBe(200);
      expect((await call('GET', '/v1/users/me')).status).toBe(429);

      fake.rateLimit = null;
      expect((await call('GET', '/v1/users/me')).status).toBe(200);
    });

    it('answers 529 every n-th request and injects faults per route', async () => {
      await start({ overloadEvery: 3 });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await call('GET', '/v1/users/me')).status);
      expect(statuses).toEqual([200, 200, 529, 200, 200, 529]);
      fake.overloadEvery = null;

      fake.setFault('pages.retrieve', { status: 503, times: 1 });
      const failed = await call('GET', `/v1/pages/${ids.root}`);
      expect(failed.status).toBe(503);
      expect(failed.json.code).toBe('service_unavailable');
      expect((await call('GET', `/v1/pages/${ids.root}`)).status).toBe(200);

      fake.setFault('search', { status: 429, retryAfterSeconds: 2, times: 1 });
      const limited = await call('POST', '/v1/search', { body: { page_size: 5 } });
      expect(limited.headers.get('retry-after')).toBe('2');

      const last = fake.requests.at(-1)!;
      expect(last).toMatchObject({
        method: 'POST',
        route: 'search',
        notionVersion: VERSION,
        authScheme: 'bearer',
        body: { page_size: 5 },
        status: 429,
        code: 'rate_limited',
      });
      await call('GET', '/v1/users/me?verbose=1');
      expect(fake.requests.at(-1)!.unknownParams).toEqual(['verbose']);
    });
  });

  describe('OAuth', () => {
    const client = { clientId: 'docent-client', clientSecret: 'docent-secret' };
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const redirectUri = 'http://localhost:8080/oauth/callback';

    beforeEach(() =>
      start({
        oauth: {
          clients: [{ ...client, redirectUris: [redirectUri] }],
          consentShares: [ids.engineering],
          accessTokenTtlSeconds: 3600,
        },
      }),
    );

    it('redirects the consent screen back with a code, exchanges it once and rotates refresh tokens', async () => {
      const authorize = await call(
        'GET',
        `/v1/oauth/authorize?client_id=${client.clientId}&response_type=code&owner=user&state=xyz&redirect_uri=${encodeURIComponent(redirectUri)}`,
        { token: null, version: null },
      );
      expect(authorize.status).toBe(302);
      const location = new URL(authorize.headers.get('location')!);
      expect(location.searchParams.get('state')).toBe('xyz');
      const code = location.searchParams.get('code')!;

      const exchange = (body: unknown, secret = client.clientSecret) =>
        call('POST', '/v1/oauth/token', {
          authorization: basic(client.clientId, secret),
          version: null,
          body,
        });

      expect((await exchange({ grant_type: 'authorization_code', code }, 'wrong')).status).toBe(
        401,
      );
      const granted = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      expect(granted.status).toBe(200);
      expect(granted.json).toMatchObject({
        token_type: 'bearer',
        workspace_name: 'Acme',
        expires_in: 3600,
      });
      const replay = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      expect(replay.json.code).toBe('invalid_grant');

      // The token sees what the user shared on the consent screen, nothing else.
      const accessToken = granted.json.access_token as string;
      expect(
        (await call('GET', `/v1/pages/${ids.engineering}`, { token: accessToken })).status,
      ).toBe(200);
      expect((await call('GET', `/v1/pages/${ids.root}`, { token: accessToken })).status).toBe(404);

      const refreshed = await exchange({
        grant_type: 'refresh_token',
        refresh_token: granted.json.refresh_token,
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.json.refresh_token).not.toBe(granted.json.refresh_token);
      expect(fake.validRefreshTokens()).toEqual([refreshed.json.refresh_token]);
      const reused = await exchange({
        grant_type: 'refresh_token',
        refresh_token: granted.json.refresh_token,
      });
      expect(reused.status).toBe(400);
      expect(reused.json.code).toBe('invalid_grant');

      clock.advance(3_600_000);
      const expired = await call('GET', '/v1/users/me', { token: refreshed.json.access_token });
      expect(expired.status).toBe(401);
    });

    it('refuses an unregistered redirect URI on the consent screen', async () => {
      const answer = await call(
        'GET',
        `/v1/oauth/authorize?client_id=${client.clientId}&response_type=code&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
        { token: null, version: null },
      );
      expect(answer.status).toBe(400);
    });
  });
});

describe('the Notion workspace fixture', () => {
  const workspace = buildNotionWorkspace();

  it('builds a workspace of 50+ pages, four levels deep, with facts on known pages', () => {
    expect(workspace.expectedTitles.length).toBeGreaterThanOrEqual(50);
    expect(new Set(workspace.expectedTitles).size).toBe(workspace.expectedTitles.length);
    expect(workspace.excludedTitles).toEqual(
      expect.arrayContaining(['Old deploy guide', 'Decommissioned runbook', 'Private notes']),
    );
    for (const fact of workspace.facts) {
      expect(workspace.expectedTitles).toContain(fact.pageTitle);
    }
    // Same input, same ids: the e2e suite and the tests can refer to pages by id.
    expect(buildNotionWorkspace().ids).toEqual(workspace.ids);
  });

  it('nests pages four levels deep under the shared root', async () => {
    const fake = await startFakeNotion(workspace.options);
    try {
      const chain: string[] = [];
      let id: string | undefined = workspace.ids.laptopSetup;
      while (id !== undefined) {
        const response = await fetch(`${fake.url}/v1/pages/${id}`, {
          headers: { authorization: `Bearer ${workspace.token}`, 'notion-version': '2025-09-03' },
        });
        const page = (await response.json()) as {
          parent: { type: string; page_id?: string };
          properties: { title: { title: Array<{ plain_text: string }> } };
        };
        chain.push(page.properties.title.title[0]!.plain_text);
        id = page.parent.type === 'page_id' ? page.parent.page_id : undefined;
      }
      expect(chain).toEqual(['Laptop setup', 'Onboarding', 'Engineering', 'Acme Handbook']);
    } finally {
      await fake.close();
    }
  });
});

function titleOf(page: {
  properties: Record<string, { type: string; title?: Array<{ plain_text: string }> }>;
}): string {
  const property = Object.values(page.properties).find((p) => p.type === 'title');
  const text = (property?.title ?? []).map((t) => t.plain_text).join('');
  return text === '' ? 'Untitled' : text;
}
