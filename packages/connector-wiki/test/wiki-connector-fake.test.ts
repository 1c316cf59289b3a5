import { type DiscoveryItem } from '@docent/connector-sdk';
import { onePage } from '@docent/connector-sdk/testing';
import {
  type FakeConfluence,
  type FakePageInput,
  type FakeSpaceInput,
  startFakeConfluence,
} from '@docent/source-fakes';
import { checkpoints, collect, documentIds, openWikiSession, rejection } from './connector-harness';

const EMAIL = 'ada@example.com';
const API_TOKEN = 'cloud-api-token';
const PAT = 'dc-personal-access-token';
const PAGE_COUNT = 70;
const CAP = 10;

const pageBody = (i: number) =>
  `<h2>Section ${i}</h2><p>Page&nbsp;${i} says hello</p>` +
  `<ac:structured-macro ac:name="info"><ac:rich-text-body><p>note ${i}</p></ac:rich-text-body></ac:structured-macro>`;

function currentPages(): FakePageInput[] {
  return Array.from({ length: PAGE_COUNT }, (_, i) => ({
    id: String(5000 + i),
    title: `Page ${i}`,
    body: pageBody(i),
    version: 1 + (i % 4),
    labels: i % 7 === 0 ? ['runbook'] : [],
  }));
}

/** Pages that must never be ingested: archived, trashed, drafts and blog posts. */
const excluded: FakePageInput[] = [
  { id: '9001', title: 'Archived', status: 'archived', labels: ['runbook'] },
  { id: '9002', title: 'Trashed', status: 'trashed', labels: ['runbook'] },
  { id: '9003', title: 'Draft', status: 'draft', labels: ['runbook'] },
  { id: '9004', title: 'Blog', type: 'blogpost', labels: ['runbook'] },
];

function spaces(): FakeSpaceInput[] {
  return [
    { key: 'ENG', id: '98', name: 'Engineering', pages: [...currentPages(), ...excluded] },
    { key: 'OPS', id: '99', pages: [{ id: '7000', title: 'Ops only', labels: ['runbook'] }] },
  ];
}

const expectedIds = currentPages().map((page) => page.id!);

function documents(items: DiscoveryItem[]) {
  return items.flatMap((item) => (item.type === 'document' ? [item.ref] : []));
}

describe('WikiConnector against a fake Confluence Cloud', () => {
  let fake: FakeConfluence;
  const spec = () => ({ url: `${fake.url}/wiki`, space: 'ENG', username: EMAIL, token: API_TOKEN });

  beforeEach(async () => {
    fake = await startFakeConfluence({
      mode: 'cloud',
      users: [{ username: EMAIL, password: API_TOKEN }],
      spaces: spaces(),
      limitCaps: { v2: CAP, v1Body: CAP },
    });
  });

  afterEach(() => fake.close());

  it('lists every current page of a space across capped pages, excluding the rest', async () => {
    const { session } = await openWikiSession(spec());
    await session.check();
    const items = await collect(session.discover(null));

    expect(documentIds(items)).toEqual(expectedIds);
    expect(items.filter((item) => item.type === 'failure')).toEqual([]);
    expect(checkpoints(items)).toHaveLength(PAGE_COUNT / CAP);
    const third = documents(items)[3]!;
    expect(third).toEqual({
      sourceId: '5003',
      version: '4',
      title: 'Page 3',
      url: `${fake.url}/wiki/spaces/ENG/pages/5003/Page+3`,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      content: onePage([
        { kind: 'heading', level: 2, text: 'Section 3' },
        { kind: 'paragraph', text: 'Page 3 says hello' },
        { kind: 'callout', label: 'Info', text: 'note 3' },
      ]),
    });

    const listing = fake.requests.filter((r) => r.route === 'v2.spacePages');
    expect(listing).toHaveLength(PAGE_COUNT / CAP);
    expect(listing[0]!.query).toEqual({
      status: 'current',
      'body-format': 'storage',
      limit: '250',
    });
    expect(
      listing.slice(1).every((r) => r.query.cursor !== undefined && r.query.limit === '250'),
    ).toBe(true);
    expect(
      fake.requests.every((r) => r.authScheme === 'basic' && r.unknownParams.length === 0),
    ).toBe(true);
  });

  it('resumes from a checkpoint with the remaining pages only', async () => {
    const first = await openWikiSession(spec());
    const partial = await collect(first.session.discover(null), 3);
    expect(documentIds(partial)).toEqual(expectedIds.slice(0, 3 * CAP));

    const second = await openWikiSession(spec());
    const rest = await collect(second.session.discover(checkpoints(partial).at(-1)!));
    expect(documentIds(rest)).toEqual(expectedIds.slice(3 * CAP));
  });

  it('selects pages by CQL, blog posts and other statuses excluded, order kept', async () => {
    const { session } = await openWikiSession({
      ...spec(),
      space: undefined,
      cql: 'label = "runbook" order by title desc',
    });
    await session.check();
    const items = await collect(session.discover(null));
    const runbooks = currentPages().filter((page) => page.labels?.includes('runbook'));
    const expected = [...runbooks, { id: '7000', title: 'Ops only' }]
      .sort((a, b) => b.title.localeCompare(a.title))
      .map((page) => page.id);
    expect(documentIds(items)).toEqual(expected);
    const search = fake.requests.filter((r) => r.route === 'v1.contentSearch');
    expect(search.at(-1)!.query.cql).toBe(
      'type = page and (label = "runbook") order by title desc',
    );
    expect(search.at(-1)!.query.expand).toBe('body.storage,version');
  });

  it('pages a CQL selection larger than the cap with cursors', async () => {
    const { session } = await openWikiSession({ ...spec(), space: undefined, cql: 'space = ENG' });
    const items = await collect(session.discover(null));
    expect(documentIds(items)).toEqual(expectedIds);
    const search = fake.requests.filter((r) => r.route === 'v1.contentSearch');
    expect(search).toHaveLength(PAGE_COUNT / CAP);
    expect(search.slice(1).every((r) => r.query.cursor !== undefined)).toBe(true);
  });

  it('survives injected 429s, waiting as Retry-After says', async () => {
    fake.setFault('v2.spacePages', { status: 429, retryAfterSeconds: 2, times: 3 });
    const { session, sleeps } = await openWikiSession(spec());
    const items = await collect(session.discover(null));
    expect(documentIds(items)).toEqual(expectedIds);
    expect(sleeps).toEqual([2000, 2000, 2000]);
    expect(fake.requests.filter((r) => r.status === 429)).toHaveLength(3);
  });

  it('reports a space that does not exist, and rejected credentials', async () => {
    const missing = await openWikiSession({ ...spec(), space: 'NOPE' });
    expect(await rejection(missing.session.check())).toMatchObject({
      code: 'source_not_found',
      message: 'space NOPE not found or not visible to these credentials',
    });
    const wrong = await openWikiSession({ ...spec(), token: 'wrong' });
    const error = await rejection(wrong.session.check());
    expect(error).toMatchObject({ code: 'source_auth_failed' });
    expect(error.message).not.toContain('wrong');
    // A PAT (Bearer) is not accepted on a Cloud site.
    const bearer = await openWikiSession({ url: fake.url, space: 'ENG', token: API_TOKEN });
    expect(await rejection(bearer.session.check())).toMatchObject({ code: 'source_auth_failed' });
  });

  it('sees pages change between runs: new versions, deletions', async () => {
    fake.upsertPage('ENG', { id: '5000', title: 'Page 0 renamed', body: '<p>v2</p>' });
    fake.deletePage('5001');
    const { session } = await openWikiSession(spec());
    const refs = documents(await collect(session.discover(null)));
    expect(refs.map((ref) => ref.sourceId)).toEqual(expectedIds.filter((id) => id !== '5001'));
    expect(refs[0]).toMatchObject({ title: 'Page 0 renamed', version: '2' });
  });

  it('fetches a single page', async () => {
    const { session } = await openWikiSession(spec());
    expect(await session.fetch({ sourceId: '5002', version: '3', title: 'Page 2' })).toMatchObject({
      kind: 'parsed',
      document: {
        pages: [{ pageNum: 1, blocks: [{ kind: 'heading', text: 'Section 2' }, {}, {}] }],
      },
    });
    expect(
      await rejection(session.fetch({ sourceId: '9002', version: '1', title: 'Trashed' })),
    ).toMatchObject({
      code: 'source_not_found',
    });
  });
});

describe('WikiConnector against a fake Confluence Cloud through OAuth', () => {
  let fake: FakeConfluence;

  beforeEach(async () => {
    fake = await startFakeConfluence({
      mode: 'cloud',
      oauth: {
        cloudId: 'cloud-xyz',
        accessTokens: ['oauth-at'],
        otherSites: [{ id: 'cloud-other', name: 'other', url: 'https://other.atlassian.net' }],
      },
      spaces: spaces(),
      limitCaps: { v2: CAP, v1Body: CAP },
    });
  });

  afterEach(() => fake.close());

  it.each([
    ['space', { space: 'ENG' }, 'v2.spacePages'],
    ['cql', { cql: 'space = ENG' }, 'v1.contentSearch'],
  ])(
    'lists a %s selection through the gateway of the right site',
    async (_label, selection, route) => {
      const { session } = await openWikiSession(
        { url: fake.url, ...selection },
        {
          credentials: { mode: 'oauth', accessToken: () => Promise.resolve('oauth-at') },
          endpoints: { wikiOAuthApiUrl: fake.origin },
        },
      );
      await session.check();
      const items = await collect(session.discover(null));
      expect(documentIds(items)).toEqual(expectedIds);
      expect(documents(items)[0]!.url).toBe(`${fake.url}/wiki/spaces/ENG/pages/5000/Page+0`);
      const api = fake.requests.filter((r) => r.route !== 'oauth.accessibleResources');
      expect(
        api.every((r) => r.path.startsWith('/ex/confluence/cloud-xyz/wiki/') && r.status === 200),
      ).toBe(true);
      // check() also ran the CQL once, without bodies; the listing is what carries them.
      const listing = api.filter(
        (r) => r.route === route && r.query[route === 'v2.spacePages' ? 'body-format' : 'expand'],
      );
      expect(listing).toHaveLength(PAGE_COUNT / CAP);
    },
  );
});

describe('WikiConnector against a fake Confluence Data Center', () => {
  let fake: FakeConfluence;
  const spec = () => ({ url: fake.url, space: 'ENG', token: PAT });

  beforeEach(async () => {
    fake = await startFakeConfluence({
      mode: 'dc',
      contextPath: '/confluence',
      personalAccessTokens: [PAT],
      users: [{ username: 'admin', password: 'pw' }],
      spaces: spaces(),
      limitCaps: { v1Body: CAP },
      dcWrongNextStart: true,
    });
  });

  afterEach(() => fake.close());

  it('lists every current page despite wrong next offsets', async () => {
    const { session } = await openWikiSession(spec());
    await session.check();
    const items = await collect(session.discover(null));
    expect(documentIds(items)).toEqual(expectedIds);
    expect(documents(items)[0]).toMatchObject({
      version: '1',
      url: `${fake.url}/display/ENG/Page+0`,
      updatedAt: expect.stringMatching(/Z$/),
    });
    const listing = fake.requests.filter((r) => r.route === 'v1.content');
    expect(listing.map((r) => r.query.start)).toEqual(['0', '10', '20', '30', '40', '50', '60']);
    expect(listing[0]!.query).toMatchObject({
      spaceKey: 'ENG',
      type: 'page',
      status: 'current',
      expand: 'body.storage,version',
      limit: '50',
    });
    expect(
      fake.requests.filter((r) => r.route !== null).every((r) => r.authScheme === 'bearer'),
    ).toBe(true);
  });

  it('works with Basic username/password and a CQL selection', async () => {
    const { session } = await openWikiSession({
      url: fake.url,
      username: 'admin',
      token: 'pw',
      cql: 'label = runbook',
    });
    await session.check();
    const items = await collect(session.discover(null));
    expect(documentIds(items)).toEqual([
      ...currentPages()
        .filter((p) => p.labels?.includes('runbook'))
        .map((p) => p.id),
      '7000',
    ]);
  });

  it('resumes from a checkpoint', async () => {
    const first = await openWikiSession(spec());
    const partial = await collect(first.session.discover(null), 2);
    const second = await openWikiSession(spec());
    const rest = await collect(second.session.discover(checkpoints(partial).at(-1)!));
    expect([...documentIds(partial), ...documentIds(rest)]).toEqual(expectedIds);
  });

  it('tells a wrong base URL (missing context path) from a missing space', async () => {
    const { session } = await openWikiSession({ url: fake.origin, space: 'ENG', token: PAT });
    const error = await rejection(session.check());
    expect(error).toMatchObject({ code: 'source_not_found' });
    expect(error.message).toBe(
      `no Confluence REST API answered at ${new URL(fake.origin).host}/rest/api/space/ENG; check the URL ` +
        '(a Data Center URL includes its context path, e.g. /confluence)',
    );
  });

  it('reports a missing space and invalid CQL', async () => {
    const missing = await openWikiSession({ ...spec(), space: 'NOPE' });
    expect(await rejection(missing.session.check())).toMatchObject({ code: 'source_not_found' });
    expect(await rejection(collect(missing.session.discover(null)))).toMatchObject({
      code: 'source_not_found',
    });
    const badCql = await openWikiSession({ url: fake.url, token: PAT, cql: 'label = = x' });
    const error = await rejection(badCql.session.check());
    expect(error).toMatchObject({ code: 'source_not_found' });
    expect(error.message).toMatch(/^CQL query rejected: Could not parse cql/);
  });
});
