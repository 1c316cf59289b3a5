import nock from 'nock';
import { onePage, withNockOnly } from '@docent/connector-sdk/testing';
import { NOTION_VERSION } from '../src';
import {
  checkpoints,
  collect,
  documents,
  failures,
  openPagesSession,
  rejection,
  SimulatedTime,
  textOf,
} from './pages-harness';

const API = 'https://notion.example.com';
const TOKEN = 'ntn_super_secret_token_value';
const HEADERS = { authorization: `Bearer ${TOKEN}`, 'notion-version': NOTION_VERSION };

const PAGE = '11111111-2222-4333-8444-555555555555';
const CHILD = '22222222-3333-4444-8555-666666666666';
const DATABASE = '33333333-4444-4555-8666-777777777777';
const SOURCE = '44444444-5555-4666-8777-888888888888';
const ROW = '55555555-6666-4777-8888-999999999999';
const TOGGLE = '66666666-7777-4888-8999-aaaaaaaaaaaa';

function page(id: string, title: string, extra: Record<string, unknown> = {}) {
  return {
    object: 'page',
    id,
    last_edited_time: '2024-05-01T10:00:00.000Z',
    in_trash: false,
    archived: false,
    url: `https://www.notion.so/${id.replace(/-/g, '')}`,
    parent: { type: 'workspace', workspace: true },
    properties: { title: { id: 'title', type: 'title', title: [{ plain_text: title }] } },
    ...extra,
  };
}

function block(id: string, type: string, payload: Record<string, unknown>, hasChildren = false) {
  return { object: 'block', id, type, [type]: payload, has_children: hasChildren };
}

const text = (content: string) => ({ rich_text: [{ plain_text: content }] });

function list(results: unknown[], nextCursor: string | null = null) {
  return { object: 'list', results, next_cursor: nextCursor, has_more: nextCursor !== null };
}

const notion = () => nock(API, { reqheaders: HEADERS });

const open = (spec: Record<string, unknown>, clock = new SimulatedTime()) =>
  openPagesSession({ token: TOKEN, ...spec }, { apiUrl: API, clock });

withNockOnly(nock);

describe('credentials and version', () => {
  it('checks the token with GET /v1/users/me, sending Bearer and the pinned Notion-Version', async () => {
    const scope = notion().get('/v1/users/me').reply(200, { object: 'user', type: 'bot' });
    const { session } = await open({});
    await session.check();
    expect(NOTION_VERSION).toBe('2025-09-03');
    scope.done();
  });

  it('maps 401 to source_auth_failed without quoting the token', async () => {
    notion().get('/v1/users/me').reply(401, {
      object: 'error',
      status: 401,
      code: 'unauthorized',
      message: 'API token is invalid.',
    });
    const { session } = await open({});
    const error = await rejection(session.check());
    expect(error.code).toBe('source_auth_failed');
    expect(error.message).toContain('unauthorized');
    expect(error.message).not.toContain(TOKEN);
  });

  it('uses the OAuth access token of the moment on every request', async () => {
    const tokens = ['first-access-token', 'second-access-token'];
    const seen: string[] = [];
    nock(API)
      .get('/v1/users/me')
      .times(2)
      .reply(function () {
        seen.push(String(this.req.headers.authorization));
        return [200, { object: 'user' }];
      });
    const { session } = await openPagesSession(
      {},
      {
        apiUrl: API,
        credentials: { mode: 'oauth', accessToken: async () => tokens.shift()! },
      },
    );
    await session.check();
    await session.check();
    expect(seen).toEqual(['Bearer first-access-token', 'Bearer second-access-token']);
  });
});

describe('reading pages', () => {
  it('pages block children with page_size and start_cursor in the query, nested children too', async () => {
    const scope = notion();
    scope.get(`/v1/pages/${PAGE}`).reply(200, page(PAGE, 'Runbook'));
    scope
      .get(`/v1/blocks/${PAGE}/children`)
      .query({ page_size: '100' })
      .reply(200, list([block('b1', 'heading_1', text('Intro'))], 'cursor-2'));
    scope
      .get(`/v1/blocks/${PAGE}/children`)
      .query({ page_size: '100', start_cursor: 'cursor-2' })
      .reply(200, list([block(TOGGLE, 'toggle', text('Details'), true)]));
    scope
      .get(`/v1/blocks/${TOGGLE}/children`)
      .query({ page_size: '100' })
      .reply(200, list([block('b3', 'paragraph', text('Hidden inside'))]));

    const { session } = await open({ page_ids: [PAGE] });
    const items = await collect(session.discover(null));
    scope.done();
    expect(documents(items)).toEqual([
      {
        sourceId: PAGE,
        version: '2024-05-01T10:00:00.000Z',
        title: 'Runbook',
        url: `https://www.notion.so/${PAGE.replace(/-/g, '')}`,
        updatedAt: '2024-05-01T10:00:00.000Z',
        content: onePage([
          { kind: 'heading', level: 1, text: 'Intro' },
          { kind: 'list_item', text: 'Details', depth: 0 },
          { kind: 'paragraph', text: 'Hidden inside' },
        ]),
      },
    ]);
    expect(checkpoints(items)).toHaveLength(1);
  });

  it('accepts every id form: URLs, undashed and upper-case ids all reach the dashed id', async () => {
    const scope = notion();
    scope.get(`/v1/pages/${PAGE}`).reply(200, page(PAGE, 'One'));
    scope.get(`/v1/blocks/${PAGE}/children`).query(true).reply(200, list([]));
    const { session } = await open({
      page_ids: [
        `https://www.notion.so/acme/Runbook-${PAGE.replace(/-/g, '')}?pvs=4#${'a'.repeat(32)}`,
        PAGE.replace(/-/g, '').toUpperCase(),
        PAGE,
      ],
    });
    expect(documents(await collect(session.discover(null))).map((r) => r.sourceId)).toEqual([PAGE]);
    scope.done();
  });

  it('queries a child database through its data sources, page_size and start_cursor in the body', async () => {
    const scope = notion();
    scope.get(`/v1/pages/${PAGE}`).reply(200, page(PAGE, 'Home'));
    scope
      .get(`/v1/blocks/${PAGE}/children`)
      .query(true)
      .reply(200, list([block(DATABASE, 'child_database', { title: 'Tasks' })]));
    scope.get(`/v1/databases/${DATABASE}`).reply(200, {
      object: 'database',
      id: DATABASE,
      data_sources: [{ id: SOURCE, name: 'Tasks' }],
    });
    scope
      .post(`/v1/data_sources/${SOURCE}/query`, { page_size: 100 })
      .reply(200, list([page(ROW, 'Row one'), page(CHILD, 'Gone', { in_trash: true })], 'rows-2'));
    scope
      .post(`/v1/data_sources/${SOURCE}/query`, { page_size: 100, start_cursor: 'rows-2' })
      .reply(200, list([]));
    scope.get(`/v1/blocks/${ROW}/children`).query(true).reply(200, list([]));

    const { session } = await open({ page_ids: [PAGE] });
    const refs = documents(await collect(session.discover(null)));
    scope.done();
    expect(refs.map((ref) => ref.title)).toEqual(['Home', 'Row one']);
    expect(textOf(refs[0]!)).toBe('Tasks');
  });

  it('skips a block whose children Notion refuses (400), keeping the page', async () => {
    const scope = notion();
    scope.get(`/v1/pages/${PAGE}`).reply(200, page(PAGE, 'Mixed'));
    scope
      .get(`/v1/blocks/${PAGE}/children`)
      .query(true)
      .reply(
        200,
        list([
          block(TOGGLE, 'unsupported', { block_type: 'external_object_instance_page' }, true),
          block('b2', 'paragraph', text('Still here')),
        ]),
      );
    scope.get(`/v1/blocks/${TOGGLE}/children`).query(true).reply(400, {
      object: 'error',
      status: 400,
      code: 'validation_error',
      message: 'Block type external_object_instance_page is not supported via the API.',
    });
    const { session, warnings } = await open({ page_ids: [PAGE] });
    const refs = documents(await collect(session.discover(null)));
    expect(textOf(refs[0]!)).toBe('Still here');
    expect(warnings).toEqual([
      expect.objectContaining({
        message: 'notion refused the children of a block; skipping them',
        fields: expect.objectContaining({ status: 400, code: 'validation_error' }),
      }),
    ]);
  });
});

describe('selection', () => {
  it('searches every page with the filter in the body until has_more is false, even past empty pages', async () => {
    const scope = notion();
    const searchBody = {
      filter: { property: 'object', value: 'page' },
      sort: { timestamp: 'last_edited_time', direction: 'ascending' },
      page_size: 100,
    };
    scope.post('/v1/search', searchBody).reply(200, list([page(PAGE, 'First')], 's2'));
    scope.post('/v1/search', { ...searchBody, start_cursor: 's2' }).reply(200, list([], 's3'));
    scope
      .post('/v1/search', { ...searchBody, start_cursor: 's3' })
      .reply(200, list([page(CHILD, 'Second'), page(ROW, 'Binned', { archived: true })]));
    scope.get(`/v1/blocks/${PAGE}/children`).query(true).reply(200, list([]));
    scope.get(`/v1/blocks/${CHILD}/children`).query(true).reply(200, list([]));

    const { session } = await open({});
    const refs = documents(await collect(session.discover(null)));
    scope.done();
    expect(refs.map((ref) => ref.title)).toEqual(['First', 'Second']);
  });

  it('reports a missing page id as a failure and carries on with the others', async () => {
    const scope = notion();
    const notFound = {
      object: 'error',
      status: 404,
      code: 'object_not_found',
      message: `Could not find page with ID: ${CHILD}.`,
    };
    scope.get(`/v1/pages/${CHILD}`).reply(404, notFound);
    scope.get(`/v1/databases/${CHILD}`).reply(404, notFound);
    scope.get(`/v1/pages/${PAGE}`).reply(200, page(PAGE, 'Here'));
    scope.get(`/v1/blocks/${PAGE}/children`).query(true).reply(200, list([]));
    const { session } = await open({ page_ids: [CHILD, PAGE] });
    const items = await collect(session.discover(null));
    scope.done();
    expect(failures(items)).toEqual([
      {
        type: 'failure',
        sourceId: CHILD,
        message: `Notion page ${CHILD} was not found: it does not exist or is not shared with the integration`,
      },
    ]);
    expect(documents(items).map((r) => r.title)).toEqual(['Here']);
  });

  it('fails with source_not_found when every page id is missing', async () => {
    const scope = notion();
    for (const id of [PAGE, CHILD]) {
      scope.get(`/v1/pages/${id}`).reply(404, { object: 'error', code: 'object_not_found' });
      scope.get(`/v1/databases/${id}`).reply(404, { object: 'error', code: 'object_not_found' });
    }
    const { session } = await open({ page_ids: [PAGE, CHILD] });
    const error = await rejection(collect(session.discover(null)));
    expect(error.code).toBe('source_not_found');
    scope.done();
  });
});

describe('throttling', () => {
  it('holds every request back for Retry-After after a 429, then lets the client retry', async () => {
    const clock = new SimulatedTime();
    const scope = notion();
    scope
      .get('/v1/users/me')
      .reply(429, { object: 'error', code: 'rate_limited' }, { 'retry-after': '2' });
    scope
      .get('/v1/users/me')
      .reply(429, { object: 'error', code: 'rate_limited' }, { 'retry-after': '3' });
    scope.get('/v1/users/me').reply(200, { object: 'user' });
    const { session, retryWaits } = await open({}, clock);
    const startedAt = clock.now();
    await session.check();
    scope.done();
    // First the pacer waits the 2 s for the whole token, then the client honours the next 3 s.
    expect(clock.sleeps).toContain(2000);
    expect(retryWaits).toEqual([3000]);
    expect(clock.now() - startedAt).toBe(5000);
  });

  it('retries 529 service_overload and POST 500s, which the client alone would not', async () => {
    const scope = notion();
    scope.post('/v1/search').reply(529, { object: 'error', code: 'service_overload' });
    scope.post('/v1/search').reply(500, { object: 'error', code: 'internal_server_error' });
    scope.post('/v1/search').reply(200, list([]));
    const { session, retryWaits } = await open({});
    expect(documents(await collect(session.discover(null)))).toEqual([]);
    scope.done();
    expect(retryWaits).toHaveLength(1);
  });

  it('gives up with source_rate_limited when Notion keeps answering 429', async () => {
    notion()
      .get('/v1/users/me')
      .times(20)
      .reply(429, { object: 'error', code: 'rate_limited' }, { 'retry-after': '30' });
    const { session } = await open({});
    const error = await rejection(session.check());
    expect(error.code).toBe('source_rate_limited');
  });
});
