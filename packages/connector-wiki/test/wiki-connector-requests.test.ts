import nock from 'nock';
import { withNockOnly } from '@docent/connector-sdk/testing';
import { SourceError } from '@docent/connector-sdk';
import { checkpoints, collect, documentIds, openWikiSession, rejection } from './connector-harness';

const SITE = 'https://acme.atlassian.net';
const DC = 'https://wiki.corp.example';
const EMAIL = 'ada@acme.com';
const TOKEN = 'super-secret-token';
const BASIC = `Basic ${Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')}`;

const cloudSpec = { url: `${SITE}/wiki/`, space: 'ENG', username: EMAIL, token: TOKEN };
const dcSpec = { url: `${DC}/confluence`, space: 'ENG', token: TOKEN };

function v2Page(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    status: 'current',
    title: `Page ${id}`,
    spaceId: '98',
    version: { number: 3, createdAt: '2024-05-01T10:00:00.000Z' },
    body: { storage: { representation: 'storage', value: `<p>text of ${id}</p>` } },
    _links: { webui: `/spaces/ENG/pages/${id}/Page+${id}` },
    ...extra,
  };
}

function v1Page(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    type: 'page',
    status: 'current',
    title: `Page ${id}`,
    version: { number: 2, when: '2024-05-01T12:00:00.000+02:00' },
    body: { storage: { value: `<h1>H ${id}</h1>`, representation: 'storage' } },
    _links: { webui: `/display/ENG/Page+${id}` },
    ...extra,
  };
}

/** Cloud answers the v2 probe with JSON. */
function cloudProbe(scope = nock(SITE)) {
  return scope
    .get('/wiki/api/v2/spaces')
    .query({ limit: '1' })
    .reply(200, { results: [], _links: {} });
}

function cloudSpace(scope = nock(SITE)) {
  return scope
    .get('/wiki/api/v2/spaces')
    .query({ keys: 'ENG' })
    .reply(200, {
      results: [{ id: '98', key: 'ENG', name: 'Engineering' }],
      _links: { base: `${SITE}/wiki` },
    });
}

/** Data Center has no v2: its server answers the probe (under the URL given) with an HTML 404. */
function dcProbe() {
  return nock(DC)
    .get('/confluence/wiki/api/v2/spaces')
    .query({ limit: '1' })
    .reply(404, '<html>Not found</html>', {
      'content-type': 'text/html',
    });
}

withNockOnly(nock);

describe('deployment probe and credentials', () => {
  it('detects Cloud by probing v2 and sends Basic email:token', async () => {
    const scope = nock(SITE, { reqheaders: { authorization: BASIC, accept: 'application/json' } });
    cloudProbe(scope);
    cloudSpace(scope);
    const { session } = await openWikiSession(cloudSpec);
    await session.check();
    scope.done();
  });

  it('falls back to Data Center at {url}/rest/api and sends a Bearer PAT', async () => {
    dcProbe();
    const scope = nock(DC, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
      .get('/confluence/rest/api/space/ENG')
      .reply(200, { id: 1, key: 'ENG', name: 'Engineering' });
    const { session } = await openWikiSession(dcSpec);
    await session.check();
    scope.done();
  });

  it('treats a 200 that is not a JSON list (a login page) as Data Center', async () => {
    nock(DC)
      .get('/confluence/wiki/api/v2/spaces')
      .query(true)
      .reply(200, '<html>login</html>', { 'content-type': 'text/html' });
    const scope = nock(DC).get('/confluence/rest/api/space/ENG').reply(200, { key: 'ENG' });
    const { session } = await openWikiSession(dcSpec);
    await session.check();
    scope.done();
  });

  it.each([401, 403])(
    'fails with source_auth_failed on a %i probe, without trying Data Center',
    async (status) => {
      nock(SITE).get('/wiki/api/v2/spaces').query(true).reply(status, 'Unauthorized');
      const { session } = await openWikiSession(cloudSpec);
      const error = await rejection(session.check());
      expect(error).toBeInstanceOf(SourceError);
      expect(error).toMatchObject({ code: 'source_auth_failed' });
      expect(error.message).toContain(`HTTP ${status}`);
      expect(error.message).toContain('acme.atlassian.net');
      expect(error.message).not.toContain(TOKEN);
      expect(nock.pendingMocks()).toEqual([]);
    },
  );

  it('finds the OAuth site by URL among accessible resources and calls the gateway', async () => {
    const gateway = 'https://gateway.example.com';
    const auth = { reqheaders: { authorization: 'Bearer oauth-access' } };
    const scope = nock(gateway, auth)
      .get('/oauth/token/accessible-resources')
      .reply(200, [
        { id: 'other-id', name: 'other', url: 'https://other.atlassian.net', scopes: [] },
        { id: 'acme-id', name: 'acme', url: 'https://ACME.atlassian.net/', scopes: [] },
      ])
      .get('/ex/confluence/acme-id/wiki/api/v2/spaces')
      .query({ keys: 'ENG' })
      .reply(200, { results: [{ id: '98', key: 'ENG' }] });
    const { session } = await openWikiSession(
      { url: SITE, space: 'ENG' },
      {
        credentials: { mode: 'oauth', accessToken: () => Promise.resolve('oauth-access') },
        endpoints: { wikiOAuthApiUrl: gateway },
      },
    );
    await session.check();
    scope.done();
  });

  it('fails with source_auth_failed when the OAuth grant does not cover the site', async () => {
    nock('https://api.atlassian.com')
      .get('/oauth/token/accessible-resources')
      .reply(200, [{ id: 'other-id', url: 'https://other.atlassian.net' }]);
    const { session } = await openWikiSession(
      { url: SITE, space: 'ENG' },
      { credentials: { mode: 'oauth', accessToken: () => Promise.resolve('at') } },
    );
    expect(await rejection(session.check())).toMatchObject({ code: 'source_auth_failed' });
  });
});

describe('selection checks', () => {
  it('reports a missing Cloud space as source_not_found', async () => {
    cloudProbe();
    nock(SITE)
      .get('/wiki/api/v2/spaces')
      .query({ keys: 'ENG' })
      .reply(200, { results: [], _links: {} });
    const { session } = await openWikiSession(cloudSpec);
    const error = await rejection(session.check());
    expect(error).toMatchObject({
      code: 'source_not_found',
      message: 'space ENG not found or not visible to these credentials',
    });
  });

  it('reports a Data Center 404 space as source_not_found', async () => {
    dcProbe();
    nock(DC)
      .get('/confluence/rest/api/space/ENG')
      .reply(404, { statusCode: 404, message: 'No space with key : ENG' });
    const { session } = await openWikiSession(dcSpec);
    expect(await rejection(session.check())).toMatchObject({ code: 'source_not_found' });
  });

  it("checks CQL by running it and reports Confluence's 400 message", async () => {
    cloudProbe();
    nock(SITE)
      .get('/wiki/rest/api/content/search')
      .query({ cql: 'type = page and (space = = ENG)', limit: '1' })
      .reply(400, {
        statusCode: 400,
        message: 'Could not parse cql : space = = ENG',
        reason: 'Bad Request',
      });
    const { session } = await openWikiSession({ ...cloudSpec, space: null, cql: 'space = = ENG' });
    const error = await rejection(session.check());
    expect(error).toMatchObject({
      code: 'source_not_found',
      message: 'CQL query rejected: Could not parse cql : space = = ENG',
    });
  });
});

describe('Cloud listing', () => {
  it('lists current pages through v2, following _links.next from the site origin', async () => {
    cloudProbe();
    cloudSpace();
    const next =
      '/wiki/api/v2/spaces/98/pages?status=current&body-format=storage&limit=250&cursor=c2';
    const first = nock(SITE)
      .get('/wiki/api/v2/spaces/98/pages')
      .query({ status: 'current', 'body-format': 'storage', limit: '250' })
      // Far fewer than the limit, yet not the end: the server capped it.
      .reply(200, { results: [v2Page('1'), v2Page('2')], _links: { next, base: `${SITE}/wiki` } });
    const second = nock(SITE)
      .get('/wiki/api/v2/spaces/98/pages')
      .query({ status: 'current', 'body-format': 'storage', limit: '250', cursor: 'c2' })
      .reply(200, { results: [v2Page('3')], _links: { base: `${SITE}/wiki` } });
    const { session } = await openWikiSession(cloudSpec);
    const items = await collect(session.discover(null));
    first.done();
    second.done();
    expect(documentIds(items)).toEqual(['1', '2', '3']);
    expect(items[0]).toEqual({
      type: 'document',
      ref: {
        sourceId: '1',
        version: '3',
        title: 'Page 1',
        url: `${SITE}/wiki/spaces/ENG/pages/1/Page+1`,
        updatedAt: '2024-05-01T10:00:00.000Z',
        content: {
          kind: 'parsed',
          document: { pages: [{ pageNum: 1, blocks: [{ kind: 'paragraph', text: 'text of 1' }] }] },
        },
      },
    });
    expect(items.map((item) => item.type)).toEqual([
      'document',
      'document',
      'checkpoint',
      'document',
      'checkpoint',
    ]);
  });

  it('falls back to the Link header for the next page', async () => {
    cloudProbe();
    cloudSpace();
    nock(SITE)
      .get('/wiki/api/v2/spaces/98/pages')
      .query(true)
      .reply(
        200,
        { results: [v2Page('1')], _links: { base: `${SITE}/wiki` } },
        {
          link: '</wiki/api/v2/spaces/98/pages?limit=250&cursor=fromheader>; rel="next", <https://acme.atlassian.net/wiki>; rel="base"',
        },
      )
      .get('/wiki/api/v2/spaces/98/pages')
      .query({ limit: '250', cursor: 'fromheader' })
      .reply(200, { results: [v2Page('2')], _links: {} });
    const { session } = await openWikiSession(cloudSpec);
    expect(documentIds(await collect(session.discover(null)))).toEqual(['1', '2']);
  });

  it('selects by CQL through v1 search, wrapped to pages, following next relative to _links.base', async () => {
    cloudProbe();
    const cql = 'type = page and (label = "runbook" or space = OPS) order by lastmodified desc';
    nock(SITE)
      .get('/wiki/rest/api/content/search')
      .query({ cql, expand: 'body.storage,version', limit: '50' })
      .reply(200, {
        results: [v1Page('10'), v1Page('11', { type: 'blogpost' })],
        start: 0,
        limit: 50,
        size: 2,
        _links: {
          base: `${SITE}/wiki`,
          context: '/wiki',
          next: `/rest/api/content/search?cql=x&limit=50&cursor=n2`,
        },
      })
      .get('/wiki/rest/api/content/search')
      .query({ cql: 'x', limit: '50', cursor: 'n2' })
      .reply(200, {
        results: [v1Page('12')],
        start: 0,
        limit: 50,
        size: 1,
        _links: { base: `${SITE}/wiki` },
      });
    const { session } = await openWikiSession({
      ...cloudSpec,
      space: undefined,
      cql: 'label = "runbook" or space = OPS order by lastmodified desc',
    });
    const items = await collect(session.discover(null));
    expect(documentIds(items)).toEqual(['10', '12']);
    expect(items[0]).toMatchObject({
      ref: {
        version: '2',
        updatedAt: '2024-05-01T10:00:00.000Z',
        url: `${SITE}/wiki/display/ENG/Page+10`,
      },
    });
  });

  it('retries a 429 as its Retry-After says and goes on', async () => {
    cloudProbe();
    nock(SITE)
      .get('/wiki/api/v2/spaces')
      .query({ keys: 'ENG' })
      .reply(429, { errors: [{ status: 429 }] }, { 'Retry-After': '2' });
    cloudSpace();
    nock(SITE)
      .get('/wiki/api/v2/spaces/98/pages')
      .query(true)
      .reply(200, { results: [v2Page('1')], _links: {} });
    const { session, sleeps } = await openWikiSession(cloudSpec);
    expect(documentIds(await collect(session.discover(null)))).toEqual(['1']);
    expect(sleeps).toEqual([2000]);
  });

  it('fails with source_rate_limited when 429s outlast the retries', async () => {
    cloudProbe();
    nock(SITE)
      .get('/wiki/api/v2/spaces')
      .query({ keys: 'ENG' })
      .times(2)
      .reply(429, '', { 'Retry-After': '1' });
    const { session } = await openWikiSession(cloudSpec, { retry: { maxAttempts: 2 } });
    expect(await rejection(collect(session.discover(null)))).toMatchObject({
      code: 'source_rate_limited',
    });
  });

  it('fails with source_unreachable on 5xx after retries and on network errors, naming the host', async () => {
    nock(SITE).get('/wiki/api/v2/spaces').query(true).times(2).reply(503, 'down');
    const down = await openWikiSession(cloudSpec, { retry: { maxAttempts: 2 } });
    const error = await rejection(down.session.check());
    expect(error).toMatchObject({ code: 'source_unreachable' });
    expect(error.message).toContain('acme.atlassian.net');

    const refusedError: NodeJS.ErrnoException = new Error('connect ECONNREFUSED 203.0.113.7:443');
    refusedError.code = 'ECONNREFUSED';
    nock(SITE).get('/wiki/api/v2/spaces').query(true).times(2).replyWithError(refusedError);
    const refused = await openWikiSession(cloudSpec, { retry: { maxAttempts: 2 } });
    const refusal = await rejection(refused.session.check());
    expect(refusal).toMatchObject({ code: 'source_unreachable' });
    expect(refusal.message).toBe(
      'Confluence at acme.atlassian.net could not be reached (ECONNREFUSED) after 2 attempt(s)',
    );
  });

  it('fails with internal on unexpected JSON', async () => {
    cloudProbe();
    cloudSpace();
    nock(SITE).get('/wiki/api/v2/spaces/98/pages').query(true).reply(200, { pages: [] });
    const { session } = await openWikiSession(cloudSpec);
    expect(await rejection(collect(session.discover(null)))).toMatchObject({ code: 'internal' });
  });

  it('fetches one page by id with its storage body', async () => {
    cloudProbe();
    nock(SITE)
      .get('/wiki/api/v2/pages/77')
      .query({ 'body-format': 'storage' })
      .reply(200, v2Page('77'))
      .get('/wiki/api/v2/pages/78')
      .query(true)
      .reply(404, { errors: [{ status: 404, title: 'Not Found' }] });
    const { session } = await openWikiSession(cloudSpec);
    expect(await session.fetch({ sourceId: '77', version: '3', title: 'x' })).toEqual({
      kind: 'parsed',
      document: { pages: [{ pageNum: 1, blocks: [{ kind: 'paragraph', text: 'text of 77' }] }] },
    });
    expect(
      await rejection(session.fetch({ sourceId: '78', version: '1', title: 'y' })),
    ).toMatchObject({
      code: 'source_not_found',
    });
  });

  it('reports a body that cannot be converted as a failure and goes on', async () => {
    cloudProbe();
    cloudSpace();
    const deep = `${'<div>'.repeat(1_000)}x`;
    nock(SITE)
      .get('/wiki/api/v2/spaces/98/pages')
      .query(true)
      .reply(200, {
        results: [v2Page('1', { body: { storage: { value: deep } } }), v2Page('2')],
        _links: {},
      });
    const { session } = await openWikiSession(cloudSpec);
    const items = await collect(session.discover(null));
    expect(items[0]).toMatchObject({
      type: 'failure',
      sourceId: '1',
      title: 'Page 1',
      message: 'could not convert the page body: elements are nested more than 400 levels deep',
    });
    expect(documentIds(items)).toEqual(['2']);
  });
});

describe('Data Center listing', () => {
  it('recomputes start from what was received instead of trusting next', async () => {
    dcProbe();
    const query = {
      spaceKey: 'ENG',
      type: 'page',
      status: 'current',
      expand: 'body.storage,version',
      limit: '50',
    };
    nock(DC)
      .get('/confluence/rest/api/space/ENG')
      .reply(200, { key: 'ENG' })
      .get('/confluence/rest/api/content')
      .query({ ...query, start: '0' })
      .reply(200, {
        results: [v1Page('1'), v1Page('2'), v1Page('3')],
        start: 0,
        limit: 50,
        size: 3,
        // Wrong offset (CONFSERVER-95272): following it would skip pages 4 to 10.
        _links: {
          base: `${DC}/confluence`,
          next: '/rest/api/content?spaceKey=ENG&start=10&limit=50',
        },
      })
      .get('/confluence/rest/api/content')
      .query({ ...query, start: '3' })
      .reply(200, {
        results: [v1Page('4')],
        start: 3,
        limit: 50,
        size: 1,
        _links: { base: `${DC}/confluence` },
      });
    const { session } = await openWikiSession(dcSpec);
    const items = await collect(session.discover(null));
    expect(documentIds(items)).toEqual(['1', '2', '3', '4']);
    expect(items[0]).toMatchObject({
      ref: { url: `${DC}/confluence/display/ENG/Page+1`, version: '2' },
    });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('selects by CQL with start/limit paging', async () => {
    dcProbe();
    nock(DC)
      .get('/confluence/rest/api/content/search')
      .query({
        cql: 'type = page and (label = ops)',
        expand: 'body.storage,version',
        start: '0',
        limit: '50',
      })
      .reply(200, {
        results: [v1Page('5')],
        start: 0,
        limit: 50,
        size: 1,
        _links: { base: `${DC}/confluence` },
      });
    const { session } = await openWikiSession({ ...dcSpec, space: null, cql: 'label = ops' });
    expect(documentIds(await collect(session.discover(null)))).toEqual(['5']);
  });

  it('resumes from a checkpoint at the recorded start', async () => {
    dcProbe();
    nock(DC)
      .get('/confluence/rest/api/content')
      .query((q) => q.start === '0')
      .reply(200, { results: [v1Page('1')], _links: { next: '/x?start=1' } });
    const first = await openWikiSession(dcSpec);
    // The space check happens only on a fresh listing.
    nock(DC).get('/confluence/rest/api/space/ENG').reply(200, { key: 'ENG' });
    const partial = await collect(first.session.discover(null), 1);
    expect(checkpoints(partial)).toHaveLength(1);

    dcProbe();
    nock(DC)
      .get('/confluence/rest/api/content')
      .query((q) => q.start === '1')
      .reply(200, { results: [v1Page('2')], _links: {} });
    const second = await openWikiSession(dcSpec);
    expect(documentIds(await collect(second.session.discover(checkpoints(partial)[0]!)))).toEqual([
      '2',
    ]);
  });
});

describe('checkpoints', () => {
  it('ignores a checkpoint pointing at another host or another source', async () => {
    const forged = JSON.stringify({
      v: 1,
      source: 'confluence:https://acme.atlassian.net#space=ENG',
      position: { url: 'https://evil.example.com/wiki/api/v2/spaces/98/pages?cursor=x' },
    });
    cloudProbe();
    cloudSpace();
    nock(SITE)
      .get('/wiki/api/v2/spaces/98/pages')
      .query(true)
      .reply(200, { results: [v2Page('1')], _links: {} });
    const { session, warnings } = await openWikiSession(cloudSpec);
    expect(documentIds(await collect(session.discover(forged)))).toEqual(['1']);
    expect(warnings).toHaveLength(1);
  });

  it('yields nothing for a checkpoint taken after the last batch', async () => {
    cloudProbe();
    const done = JSON.stringify({
      v: 1,
      source: 'confluence:https://acme.atlassian.net#space=ENG',
      position: 'done',
    });
    const { session } = await openWikiSession(cloudSpec);
    expect(await collect(session.discover(done))).toEqual([]);
  });
});
