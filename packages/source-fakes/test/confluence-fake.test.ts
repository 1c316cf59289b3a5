import { type FakeConfluence, type FakePageInput, startFakeConfluence } from '../src';
import { type Answer, get } from './support/http-answer';

const EMAIL = 'ada@example.com';
const API_TOKEN = 'cloud-api-token';
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const CLOUD_AUTH = basic(EMAIL, API_TOKEN);

function pages(
  count: number,
  make: (i: number) => Partial<FakePageInput> = () => ({}),
): FakePageInput[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(1000 + i),
    title: `Page ${i}`,
    body: `<p>body ${i}</p>`,
    ...make(i),
  }));
}

describe('fake Confluence Cloud', () => {
  let fake: FakeConfluence;

  beforeEach(async () => {
    fake = await startFakeConfluence({
      mode: 'cloud',
      users: [{ username: EMAIL, password: API_TOKEN }],
      spaces: [
        {
          key: 'ENG',
          id: '98',
          name: 'Engineering',
          pages: [
            ...pages(23),
            { id: '2000', title: 'Archived', status: 'archived' },
            { id: '2001', title: 'Trashed', status: 'trashed' },
            { id: '2002', title: 'Draft', status: 'draft' },
            { id: '2003', title: 'Blog', type: 'blogpost' },
          ],
        },
        {
          key: 'OPS',
          id: '99',
          pages: pages(3, (i) => ({ id: String(3000 + i), labels: ['ops'] })),
        },
      ],
      limitCaps: { v2: 10, v1Body: 7 },
    });
  });

  afterEach(() => fake.close());

  describe('auth', () => {
    it('accepts Basic email:token on site routes', async () => {
      const answer = await get(`${fake.url}/wiki/api/v2/spaces?limit=1`, CLOUD_AUTH);
      expect(answer.status).toBe(200);
      expect(fake.requests.at(-1)).toMatchObject({
        authScheme: 'basic',
        route: 'v2.spaces',
        status: 200,
      });
    });

    it.each([
      ['no credentials', undefined],
      ['a wrong token', basic(EMAIL, 'nope')],
      ['a Bearer token on the site', `Bearer ${API_TOKEN}`],
    ])('answers 401 to %s', async (_label, authorization) => {
      const v2 = await get(`${fake.url}/wiki/api/v2/spaces`, authorization);
      expect(v2.status).toBe(401);
      expect(v2.json.errors[0]).toMatchObject({ status: 401, title: 'Unauthorized' });
      const v1 = await get(`${fake.url}/wiki/rest/api/space`, authorization);
      expect(v1.status).toBe(401);
      expect(v1.json).toMatchObject({ statusCode: 401, reason: 'Unauthorized' });
    });

    it('can answer 401 as plain text', async () => {
      await fake.close();
      fake = await startFakeConfluence({ mode: 'cloud', unauthorizedBody: 'text' });
      const answer = await get(`${fake.url}/wiki/api/v2/spaces`);
      expect(answer).toMatchObject({ status: 401, text: 'Unauthorized' });
    });
  });

  describe('v2', () => {
    it('maps keys to spaces', async () => {
      const answer = await get(`${fake.url}/wiki/api/v2/spaces?keys=ENG,NOPE`, CLOUD_AUTH);
      expect(answer.json.results).toEqual([
        expect.objectContaining({
          id: '98',
          key: 'ENG',
          name: 'Engineering',
          type: 'global',
          status: 'current',
        }),
      ]);
      expect(answer.json._links).toEqual({ base: `${fake.url}/wiki` });
      const none = await get(`${fake.url}/wiki/api/v2/spaces?keys=NOPE`, CLOUD_AUTH);
      expect(none.json.results).toEqual([]);
    });

    it('pages a space with capped limits, opaque cursors, _links.next from /wiki and a Link header', async () => {
      const seen: string[] = [];
      let next: string | undefined =
        '/wiki/api/v2/spaces/98/pages?body-format=storage&status=current&limit=250';
      let calls = 0;
      while (next) {
        const answer = await get(`${fake.origin}${next}`, CLOUD_AUTH);
        expect(answer.status).toBe(200);
        calls += 1;
        expect(answer.json.results.length).toBeLessThanOrEqual(10);
        seen.push(...answer.json.results.map((p: { id: string }) => p.id));
        next = answer.json._links.next;
        if (next) {
          expect(next).toMatch(/^\/wiki\/api\/v2\/spaces\/98\/pages\?.*limit=250.*&cursor=/);
          expect(answer.headers.get('link')).toBe(
            `<${next}>; rel="next", <${fake.url}/wiki>; rel="base"`,
          );
        } else {
          expect(answer.headers.get('link')).toBeNull();
        }
      }
      expect(calls).toBe(3);
      expect(seen).toEqual(pages(23).map((p) => p.id));
    });

    it('serves the page shape with the storage body only when asked', async () => {
      const withBody = await get(
        `${fake.url}/wiki/api/v2/spaces/98/pages?body-format=storage&limit=1`,
        CLOUD_AUTH,
      );
      expect(withBody.json.results[0]).toMatchObject({
        id: '1000',
        status: 'current',
        title: 'Page 0',
        spaceId: '98',
        version: { number: 1, createdAt: expect.any(String) },
        body: { storage: { representation: 'storage', value: '<p>body 0</p>' } },
        _links: { webui: '/spaces/ENG/pages/1000/Page+0' },
      });
      const without = await get(`${fake.url}/wiki/api/v2/spaces/98/pages?limit=1`, CLOUD_AUTH);
      expect(without.json.results[0].body).toEqual({});
    });

    it('lists current and archived pages by default, never drafts, trash or blog posts', async () => {
      const ids = async (query: string) => {
        const answer = await get(
          `${fake.url}/wiki/api/v2/spaces/98/pages?limit=250&sort=-id${query}`,
          CLOUD_AUTH,
        );
        return answer.json.results.slice(0, 2).map((p: { id: string }) => p.id);
      };
      await fake.close();
      fake = await startFakeConfluence({
        mode: 'cloud',
        users: [{ username: EMAIL, password: API_TOKEN }],
        spaces: [
          {
            key: 'ENG',
            id: '98',
            pages: [
              { id: '1', title: 'current' },
              { id: '2', title: 'archived', status: 'archived' },
              { id: '3', title: 'trashed', status: 'trashed' },
              { id: '4', title: 'draft', status: 'draft' },
              { id: '5', title: 'blog', type: 'blogpost' },
            ],
          },
        ],
      });
      expect(await ids('')).toEqual(['2', '1']);
      expect(await ids('&status=current')).toEqual(['1']);
      expect(await ids('&status=trashed')).toEqual(['3']);
    });

    it('refuses a cursor used with a changed query, and a garbled one', async () => {
      const first = await get(`${fake.url}/wiki/api/v2/spaces/98/pages?limit=5`, CLOUD_AUTH);
      const cursor = new URL(first.json._links.next, fake.origin).searchParams.get('cursor');
      const changed = await get(
        `${fake.url}/wiki/api/v2/spaces/98/pages?limit=6&cursor=${cursor}`,
        CLOUD_AUTH,
      );
      expect(changed.status).toBe(400);
      expect(changed.json.errors[0]).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      const garbled = await get(
        `${fake.url}/wiki/api/v2/spaces/98/pages?limit=5&cursor=xyz`,
        CLOUD_AUTH,
      );
      expect(garbled.status).toBe(400);
      const same = await get(
        `${fake.url}/wiki/api/v2/spaces/98/pages?limit=5&cursor=${cursor}`,
        CLOUD_AUTH,
      );
      expect(same.json.results[0].id).toBe('1005');
    });

    it('answers 404 with the v2 error body for a missing space or page', async () => {
      const space = await get(`${fake.url}/wiki/api/v2/spaces/12345/pages`, CLOUD_AUTH);
      expect(space.status).toBe(404);
      expect(space.json).toEqual({
        errors: [{ status: 404, code: 'NOT_FOUND', title: 'Not Found', detail: null }],
      });
      const page = await get(`${fake.url}/wiki/api/v2/pages/2001`, CLOUD_AUTH);
      expect(page.status).toBe(404);
    });

    it('serves a single page with its body and base link', async () => {
      const answer = await get(
        `${fake.url}/wiki/api/v2/pages/1003?body-format=storage`,
        CLOUD_AUTH,
      );
      expect(answer.json).toMatchObject({
        id: '1003',
        body: { storage: { value: '<p>body 3</p>' } },
        _links: { base: `${fake.url}/wiki` },
      });
    });

    it('refuses a limit below 1', async () => {
      const answer = await get(`${fake.url}/wiki/api/v2/spaces?limit=0`, CLOUD_AUTH);
      expect(answer.status).toBe(400);
    });
  });

  describe('v1', () => {
    it('caps body-expanded content lists and links next relative to _links.base', async () => {
      const answer = await get(
        `${fake.url}/wiki/rest/api/content?spaceKey=ENG&type=page&status=current&expand=body.storage,version&start=0&limit=50`,
        CLOUD_AUTH,
      );
      expect(answer.json).toMatchObject({ start: 0, limit: 7, size: 7 });
      expect(answer.json._links.base).toBe(`${fake.url}/wiki`);
      expect(answer.json._links.context).toBe('/wiki');
      expect(answer.json._links.next).toMatch(/^\/rest\/api\/content\?.*start=7/);
      expect(answer.json.results[0]).toMatchObject({
        id: '1000',
        type: 'page',
        status: 'current',
        title: 'Page 0',
        version: { number: 1, when: expect.any(String) },
        body: { storage: { value: '<p>body 0</p>', representation: 'storage' } },
        _links: { webui: '/spaces/ENG/pages/1000/Page+0' },
      });
      const plain = await get(
        `${fake.url}/wiki/rest/api/content?spaceKey=ENG&limit=50`,
        CLOUD_AUTH,
      );
      expect(plain.json.size).toBe(23);
      expect(plain.json.results[0].body).toBeUndefined();
      expect(plain.json._links.next).toBeUndefined();
    });

    it('searches with CQL, cursor-paged on Cloud', async () => {
      const seen: string[] = [];
      let url: string | undefined =
        `${fake.url}/wiki/rest/api/content/search?cql=${encodeURIComponent('type = page and space = ENG order by id desc')}&expand=body.storage,version&limit=50`;
      while (url) {
        const answer: Answer = await get(url, CLOUD_AUTH);
        expect(answer.status).toBe(200);
        seen.push(...answer.json.results.map((p: { id: string }) => p.id));
        const next: string | undefined = answer.json._links.next;
        if (next) expect(next).toMatch(/^\/rest\/api\/content\/search\?.*cursor=/);
        if (next) expect(next).not.toMatch(/start=/);
        url = next ? `${answer.json._links.base}${next}` : undefined;
      }
      expect(seen).toEqual(
        pages(23)
          .map((p) => p.id)
          .reverse(),
      );
    });

    it('answers 400 with the v1 body to invalid CQL', async () => {
      const answer = await get(
        `${fake.url}/wiki/rest/api/content/search?cql=${encodeURIComponent('space = = ENG')}`,
        CLOUD_AUTH,
      );
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({
        statusCode: 400,
        reason: 'Bad Request',
        message: expect.stringContaining('Could not parse cql : space = = ENG'),
      });
    });

    it('answers 404 for missing content and spaces', async () => {
      const content = await get(`${fake.url}/wiki/rest/api/content/999999`, CLOUD_AUTH);
      expect(content.json).toMatchObject({
        statusCode: 404,
        message: 'No content found with id: 999999',
      });
      const space = await get(`${fake.url}/wiki/rest/api/space/NOPE`, CLOUD_AUTH);
      expect(space.status).toBe(404);
    });
  });

  describe('faults and the request log', () => {
    it('injects 429 with Retry-After a number of times, then serves', async () => {
      fake.setFault('v2.spaces', {
        status: 429,
        retryAfterSeconds: 3,
        times: 2,
        headers: { 'Beta-Retry-After': '9' },
      });
      const first = await get(`${fake.url}/wiki/api/v2/spaces`, CLOUD_AUTH);
      expect(first.status).toBe(429);
      expect(first.headers.get('retry-after')).toBe('3');
      expect(first.headers.get('beta-retry-after')).toBe('9');
      expect(first.json.errors[0].status).toBe(429);
      expect((await get(`${fake.url}/wiki/api/v2/spaces`, CLOUD_AUTH)).status).toBe(429);
      expect((await get(`${fake.url}/wiki/api/v2/spaces`, CLOUD_AUTH)).status).toBe(200);
      // Other routes were never affected.
      fake.setFault('v1.content', { status: 503 });
      expect((await get(`${fake.url}/wiki/api/v2/spaces`, CLOUD_AUTH)).status).toBe(200);
      const v1 = await get(`${fake.url}/wiki/rest/api/content`, CLOUD_AUTH);
      expect(v1.json).toMatchObject({ statusCode: 503, reason: 'Service Unavailable' });
      fake.clearFaults();
      expect((await get(`${fake.url}/wiki/rest/api/content`, CLOUD_AUTH)).status).toBe(200);
    });

    it('applies a wildcard fault to every route and delays on request', async () => {
      fake.setFault('*', { status: 500, times: 1 });
      expect((await get(`${fake.url}/wiki/rest/api/space`, CLOUD_AUTH)).status).toBe(500);
      expect((await get(`${fake.url}/wiki/rest/api/space`, CLOUD_AUTH)).status).toBe(200);
      fake.setFault('v1.space', { delayMs: 30, times: 1 });
      expect((await get(`${fake.url}/wiki/rest/api/space/ENG`, CLOUD_AUTH)).status).toBe(200);
    });

    it('logs method, path, query, auth scheme and unknown parameters, never credentials', async () => {
      await get(
        `${fake.url}/wiki/api/v2/spaces/98/pages?limit=3&status=current&status=archived&bogus=1`,
        CLOUD_AUTH,
      );
      await get(`${fake.url}/nothing/here`);
      expect(fake.requests).toEqual([
        {
          method: 'GET',
          path: '/wiki/api/v2/spaces/98/pages',
          query: { limit: '3', status: 'current,archived', bogus: '1' },
          rawQuery: 'limit=3&status=current&status=archived&bogus=1',
          authScheme: 'basic',
          route: 'v2.spacePages',
          status: 200,
          unknownParams: ['bogus'],
        },
        expect.objectContaining({
          path: '/nothing/here',
          route: null,
          status: 404,
          authScheme: 'none',
        }),
      ]);
      expect(JSON.stringify(fake.requests)).not.toContain(API_TOKEN);
    });
  });

  describe('mutations', () => {
    it('upserts pages with a version bump and deletes them', async () => {
      const updated = fake.upsertPage('ENG', {
        id: '1000',
        title: 'Page 0 v2',
        body: '<p>new</p>',
      });
      expect(updated.version).toBe(2);
      const added = fake.upsertPage('OPS', { title: 'Fresh' });
      expect(added).toMatchObject({ version: 1, spaceKey: 'OPS' });
      expect(fake.deletePage('1001')).toBe(true);
      expect(fake.deletePage('1001')).toBe(false);
      const answer = await get(
        `${fake.url}/wiki/api/v2/pages/1000?body-format=storage`,
        CLOUD_AUTH,
      );
      expect(answer.json).toMatchObject({
        title: 'Page 0 v2',
        version: { number: 2 },
        body: { storage: { value: '<p>new</p>' } },
      });
      expect((await get(`${fake.url}/wiki/api/v2/pages/1001`, CLOUD_AUTH)).status).toBe(404);
      expect((await get(`${fake.url}/wiki/api/v2/pages/${added.id}`, CLOUD_AUTH)).status).toBe(200);
    });
  });
});

describe('fake Confluence Cloud through the OAuth gateway', () => {
  let fake: FakeConfluence;
  let clock = Date.parse('2024-05-01T00:00:00Z');

  beforeEach(async () => {
    clock = Date.parse('2024-05-01T00:00:00Z');
    fake = await startFakeConfluence({
      mode: 'cloud',
      now: () => new Date(clock),
      oauth: {
        cloudId: 'cloud-1',
        accessTokens: ['static-at'],
        otherSites: [{ id: 'cloud-0', name: 'other', url: 'https://other.atlassian.net' }],
        clients: [{ clientId: 'cid', clientSecret: 'secret' }],
        refreshTokens: ['rt-1'],
      },
      spaces: [{ key: 'ENG', id: '98', pages: pages(3) }],
      limitCaps: { v2: 2 },
    });
  });

  afterEach(() => fake.close());

  it('lists accessible resources with the own site last', async () => {
    const answer = await get(`${fake.origin}/oauth/token/accessible-resources`, 'Bearer static-at');
    expect(answer.json.map((site: { id: string; url: string }) => [site.id, site.url])).toEqual([
      ['cloud-0', 'https://other.atlassian.net'],
      ['cloud-1', fake.url],
    ]);
    expect(
      (await get(`${fake.origin}/oauth/token/accessible-resources`, 'Bearer wrong')).status,
    ).toBe(401);
  });

  it('serves the API under /ex/confluence/{cloudId} with site-relative next links', async () => {
    const answer = await get(
      `${fake.origin}/ex/confluence/cloud-1/wiki/api/v2/spaces/98/pages?limit=2`,
      'Bearer static-at',
    );
    expect(answer.status).toBe(200);
    expect(answer.json._links.next).toMatch(/^\/wiki\/api\/v2\/spaces\/98\/pages\?/);
    const followed = await get(
      `${fake.origin}/ex/confluence/cloud-1${answer.json._links.next}`,
      'Bearer static-at',
    );
    expect(followed.json.results.map((p: { id: string }) => p.id)).toEqual(['1002']);
    // The same link joined to the site origin reaches a site route, where Bearer is refused.
    expect((await get(`${fake.origin}${answer.json._links.next}`, 'Bearer static-at')).status).toBe(
      401,
    );
    expect(
      (await get(`${fake.origin}/ex/confluence/cloud-9/wiki/api/v2/spaces`, 'Bearer static-at'))
        .status,
    ).toBe(404);
    expect(
      (await get(`${fake.origin}/ex/confluence/cloud-1/wiki/api/v2/spaces`, CLOUD_AUTH)).status,
    ).toBe(401);
  });

  it('rotates refresh tokens and expires the access tokens it issues', async () => {
    const refresh = (token: string, secret = 'secret') =>
      fetch(`${fake.origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'refresh_token',
          client_id: 'cid',
          client_secret: secret,
          refresh_token: token,
        }),
      });
    expect((await refresh('rt-1', 'wrong')).status).toBe(401);
    const first = await refresh('rt-1');
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
    };
    expect(tokens.expires_in).toBe(3600);
    expect(fake.validRefreshTokens()).toEqual([tokens.refresh_token]);
    const reused = await refresh('rt-1');
    expect(reused.status).toBe(403);
    expect(await reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Unknown or invalid refresh token.',
    });

    const api = `${fake.origin}/ex/confluence/cloud-1/wiki/api/v2/spaces`;
    expect((await get(api, `Bearer ${tokens.access_token}`)).status).toBe(200);
    clock += 3601_000;
    expect((await get(api, `Bearer ${tokens.access_token}`)).status).toBe(401);
  });

  it('redirects the consent screen back with a code that exchanges once, for its redirect only', async () => {
    const redirectUri = 'http://localhost:8080/oauth/callback';
    const consent = (query: string) =>
      fetch(`${fake.origin}/authorize?${query}`, { redirect: 'manual' });
    const approved = await consent(
      `audience=api.atlassian.com&client_id=cid&response_type=code&state=s1&redirect_uri=${encodeURIComponent(redirectUri)}`,
    );
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('s1');
    const code = location.searchParams.get('code')!;
    const refused = await consent(
      `audience=api.atlassian.com&client_id=other&response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/text\/html/);
    expect(await refused.text()).toContain('Unknown client_id.');
    const malformed = await consent(
      'audience=api.atlassian.com&client_id=cid&response_type=code&redirect_uri=http%3A%2F%2F',
    );
    expect(malformed.status).toBe(400);

    const exchange = (uri: string) =>
      fetch(`${fake.origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          client_id: 'cid',
          client_secret: 'secret',
          code,
          redirect_uri: uri,
        }),
      });
    expect((await exchange('http://localhost:9999/elsewhere')).status).toBe(403);
    const granted = await exchange(redirectUri);
    expect(granted.status).toBe(200);
    const tokens = (await granted.json()) as { access_token: string; refresh_token: string };
    expect(fake.validRefreshTokens()).toContain(tokens.refresh_token);
    const api = `${fake.origin}/ex/confluence/cloud-1/wiki/api/v2/spaces`;
    expect((await get(api, `Bearer ${tokens.access_token}`)).status).toBe(200);
    expect((await exchange(redirectUri)).status).toBe(403);
  });
});

describe('fake Confluence Data Center', () => {
  let fake: FakeConfluence;
  const PAT = 'dc-personal-token';

  beforeEach(async () => {
    fake = await startFakeConfluence({
      mode: 'dc',
      contextPath: '/confluence',
      users: [{ username: 'admin', password: 'pw' }],
      personalAccessTokens: [PAT],
      spaces: [{ key: 'ENG', pages: pages(12) }],
      limitCaps: { v1Body: 5 },
    });
  });

  afterEach(() => fake.close());

  it('serves v1 under the context path with PAT or Basic, and no v2', async () => {
    expect(fake.url).toBe(`${fake.origin}/confluence`);
    expect((await get(`${fake.url}/rest/api/space/ENG`, `Bearer ${PAT}`)).status).toBe(200);
    expect((await get(`${fake.url}/rest/api/space/ENG`, basic('admin', 'pw'))).status).toBe(200);
    expect((await get(`${fake.url}/rest/api/space/ENG`, 'Bearer wrong')).status).toBe(401);
    expect((await get(`${fake.url}/rest/api/space/ENG`)).status).toBe(401);
    const v2 = await get(`${fake.origin}/wiki/api/v2/spaces?limit=1`, `Bearer ${PAT}`);
    expect(v2.status).toBe(404);
    expect(v2.headers.get('content-type')).toMatch(/text\/html/);
    expect((await get(`${fake.origin}/rest/api/space/ENG`, `Bearer ${PAT}`)).status).toBe(404);
  });

  it('pages with start/limit and next links relative to the context path', async () => {
    const answer = await get(
      `${fake.url}/rest/api/content?spaceKey=ENG&type=page&expand=body.storage,version&start=0&limit=50`,
      `Bearer ${PAT}`,
    );
    expect(answer.json).toMatchObject({
      start: 0,
      limit: 5,
      size: 5,
      _links: { base: fake.url, context: '/confluence' },
    });
    expect(answer.json._links.next).toBe(
      '/rest/api/content?spaceKey=ENG&type=page&expand=body.storage%2Cversion&start=5&limit=5',
    );
    expect(answer.json.results[0].version.when).toMatch(/\+02:00$/);
    expect(answer.json.results[0]._links.webui).toBe('/display/ENG/Page+0');
  });

  it('can emit a wrong start in next links', async () => {
    fake.dcWrongNextStart = true;
    const answer = await get(
      `${fake.url}/rest/api/content?spaceKey=ENG&expand=body.storage&start=5&limit=5`,
      `Bearer ${PAT}`,
    );
    expect(new URLSearchParams(answer.json._links.next.split('?')[1]).get('start')).toBe('11');
  });

  it('pages CQL search with start', async () => {
    const answer = await get(
      `${fake.url}/rest/api/content/search?cql=${encodeURIComponent('space = ENG')}&expand=body.storage&start=10&limit=50`,
      `Bearer ${PAT}`,
    );
    expect(answer.json).toMatchObject({ start: 10, size: 2 });
    expect(answer.json.results.map((p: { id: string }) => p.id)).toEqual(['1010', '1011']);
    expect(answer.json._links.next).toBeUndefined();
  });
});
