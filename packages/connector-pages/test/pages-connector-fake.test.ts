import { buildNotionWorkspace, type FakeNotion, startFakeNotion } from '@docent/source-fakes';
import { NOTION_VERSION, PagesConnector } from '../src';
import {
  checkpoints,
  collect,
  documents,
  failures,
  openPagesSession,
  rejection,
  textOf,
  SimulatedTime,
} from './pages-harness';

const workspace = buildNotionWorkspace();
const { ids, token } = workspace;

describe('PagesConnector against the fake Notion workspace', () => {
  let fake: FakeNotion;
  let clock: SimulatedTime;

  beforeEach(async () => {
    clock = new SimulatedTime();
    fake = await startFakeNotion({ ...workspace.options, now: clock.date });
  });

  afterEach(() => fake.close());

  const open = (spec: Record<string, unknown>) =>
    openPagesSession({ token, ...spec }, { apiUrl: fake.url, clock });

  it('reads the selected page and everything below it, every block type rendered', async () => {
    const { session, warnings } = await open({ page_ids: [ids.root] });
    await session.check();
    const items = await collect(session.discover(null));
    const refs = documents(items);

    expect(failures(items)).toEqual([]);
    expect(refs.map((ref) => ref.title).sort()).toEqual([...workspace.expectedTitles].sort());
    expect(new Set(refs.map((ref) => ref.sourceId)).size).toBe(refs.length);
    for (const excluded of workspace.excludedTitles) {
      expect(refs.map((ref) => ref.title)).not.toContain(excluded);
    }

    const byTitle = (title: string) => refs.find((ref) => ref.title === title)!;
    for (const fact of workspace.facts) {
      expect(textOf(byTitle(fact.pageTitle))).toContain(fact.answer);
    }

    const root = byTitle('Acme Handbook');
    expect(root).toMatchObject({
      sourceId: ids.root,
      version: fake.page(ids.root)!.lastEditedTime,
      updatedAt: fake.page(ids.root)!.lastEditedTime,
      url: fake.page(ids.root)!.url,
    });
    expect(root.content).toEqual({
      kind: 'parsed',
      document: {
        pages: [
          {
            pageNum: 1,
            blocks: [
              { kind: 'heading', level: 1, text: 'Welcome to Acme' },
              {
                kind: 'paragraph',
                text: 'This handbook is kept by @Ada Lovelace. See the policies and e^{i\\pi}+1=0.',
              },
              { kind: 'callout', label: '💡', text: 'Ask in #help if something is missing.' },
              { kind: 'quote', text: 'Ship small, ship often.' },
              { kind: 'paragraph', text: 'Support hours are 08:00 to 18:00 CET on weekdays.' },
              { kind: 'heading', level: 3, text: 'Office' },
              { kind: 'paragraph', text: '12 Rue des Lilas, Lyon' },
              { kind: 'heading', level: 3, text: 'Wi-Fi' },
              { kind: 'paragraph', text: 'The guest Wi-Fi password is lilac-harbor-42.' },
              { kind: 'table_row', cells: ['Team', 'Lead', 'Channel'], header: true },
              { kind: 'table_row', cells: ['Platform', 'Grace Hopper', '#platform'] },
              { kind: 'table_row', cells: ['Data', 'Katherine Johnson', '#data'] },
              { kind: 'paragraph', text: 'Status page: https://status.acme.example' },
              { kind: 'paragraph', text: 'https://www.youtube.com/watch?v=acme-intro' },
              { kind: 'paragraph', text: 'Org chart (2024)' },
              { kind: 'paragraph', text: 'E = mc^2' },
              // link_to_page: the title is known from the child_page block of the same page.
              { kind: 'paragraph', text: 'Engineering' },
              { kind: 'paragraph', text: 'Engineering' },
              { kind: 'paragraph', text: 'People' },
              { kind: 'paragraph', text: 'Operations' },
              { kind: 'paragraph', text: 'Product' },
              { kind: 'paragraph', text: 'Security' },
              { kind: 'paragraph', text: 'Café ☕ notes — naïve résumé' },
              { kind: 'paragraph', text: 'Empty page' },
            ],
          },
        ],
      },
    });

    const engineering = textOf(byTitle('Engineering'));
    expect(engineering).toContain('Support hours are 08:00 to 18:00 CET'); // synced copy
    expect(engineering).not.toContain('Salary bands'); // original on an unshared page
    expect(warnings.map((w) => w.message)).toContain(
      'the original of a synced block is not shared with the integration; skipping it',
    );

    const vault = byTitle('Vault access').content;
    expect(vault).toEqual({
      kind: 'parsed',
      document: {
        pages: [
          {
            pageNum: 1,
            blocks: [
              { kind: 'heading', level: 2, text: 'Physical security' },
              { kind: 'list_item', text: 'Building', depth: 0 },
              { kind: 'list_item', text: 'Basement', depth: 1 },
              { kind: 'list_item', text: 'Vault', depth: 2 },
              { kind: 'paragraph', text: 'The vault door code is 7419.' },
              { kind: 'heading', level: 3, text: 'Escalation' },
              { kind: 'paragraph', text: 'Call the facilities desk.' },
            ],
          },
        ],
      },
    });

    const changelog = byTitle('Changelog').content;
    expect(changelog?.kind === 'parsed' && changelog.document.pages[0]!.blocks).toHaveLength(120);

    const restart = byTitle('Restart the queue');
    expect(textOf(restart).split('\n').slice(0, 2)).toEqual([
      'Status: Active',
      'Owner: Platform team',
    ]);
    // Both data sources of the two-source roadmap database were read.
    for (const title of ['Search revamp', 'Offline mode', 'Mobile app', 'Audit log']) {
      expect(refs.map((ref) => ref.title)).toContain(title);
    }
  });

  it('pins one Notion-Version, sends the token as Bearer, and asks for each page once', async () => {
    const { session } = await open({ page_ids: [ids.root] });
    const refs = documents(await collect(session.discover(null)));

    expect(fake.requests.every((r) => r.notionVersion === NOTION_VERSION)).toBe(true);
    expect(fake.requests.every((r) => r.authScheme === 'bearer')).toBe(true);
    expect(fake.requests.every((r) => r.unknownParams.length === 0)).toBe(true);
    expect(fake.requests.every((r) => r.status === 200 || r.status === 404)).toBe(true);

    const pageGets = fake.requests.filter((r) => r.route === 'pages.retrieve').map((r) => r.path);
    expect(new Set(pageGets).size).toBe(pageGets.length);
    // Rows come with their page objects from the query: no GET for them.
    const rowIds = refs.filter((r) => textOf(r).startsWith('Status:')).map((r) => r.sourceId);
    expect(pageGets.some((path) => rowIds.some((id) => path.endsWith(id)))).toBe(false);

    const children = fake.requests.filter((r) => r.route === 'blocks.children');
    expect(children.every((r) => r.query.page_size === '100')).toBe(true);
    const changelogCalls = children.filter((r) => r.path.includes(ids.changelog));
    expect(changelogCalls).toHaveLength(2);
    expect(changelogCalls[1]!.query.start_cursor).toBeDefined();

    const queries = fake.requests.filter((r) => r.route === 'dataSources.query');
    expect(queries.map((r) => r.body)).toEqual([
      { page_size: 100 },
      { page_size: 100 },
      { page_size: 100 },
    ]);
    // The one 404 is the synced block whose original is on an unshared page.
    expect(fake.requests.filter((r) => r.status === 404)).toHaveLength(1);
  });

  it('finds every page the token can reach without page_ids, including pages search misses', async () => {
    const { session } = await open({});
    const items = await collect(session.discover(null));
    const refs = documents(items);
    expect(refs.map((ref) => ref.title).sort()).toEqual([...workspace.expectedTitles].sort());
    expect(new Set(refs.map((ref) => ref.sourceId)).size).toBe(refs.length);
    expect(refs.map((ref) => ref.sourceId)).toContain(ids.hiddenFromSearch);

    const searches = fake.requests.filter((r) => r.route === 'search');
    expect(searches[0]!.body).toEqual({
      filter: { property: 'object', value: 'page' },
      sort: { timestamp: 'last_edited_time', direction: 'ascending' },
      page_size: 100,
    });
  });

  it('keeps reading search pages until has_more is false, however small the server makes them', async () => {
    await fake.close();
    fake = await startFakeNotion({ ...workspace.options, now: clock.date, pageSizeCap: 3 });
    const { session } = await open({});
    const refs = documents(await collect(session.discover(null)));
    expect(refs.map((ref) => ref.title).sort()).toEqual([...workspace.expectedTitles].sort());
    const searches = fake.requests.filter((r) => r.route === 'search');
    expect(searches.length).toBeGreaterThan(15);
    expect(
      searches
        .slice(1)
        .every((r) => typeof (r.body as { start_cursor?: unknown }).start_cursor === 'string'),
    ).toBe(true);
  });

  it('finds a page shared after the first sync on the next one, and drops trashed ones', async () => {
    const laterId = fake.addPage({
      title: 'Shared later',
      blocks: [{ type: 'paragraph', text: 'Now visible to the integration.' }],
    });
    const first = await open({});
    const before = documents(await collect(first.session.discover(null)));
    expect(before.map((ref) => ref.sourceId)).not.toContain(laterId);

    fake.share(laterId);
    fake.trashPage(ids.laptopSetup);
    const second = await open({});
    const after = documents(await collect(second.session.discover(null)));
    expect(after.map((ref) => ref.sourceId)).toContain(laterId);
    expect(after.map((ref) => ref.sourceId)).not.toContain(ids.laptopSetup);
    expect(after).toHaveLength(before.length);
  });

  it('changes the version of an edited page only, a minute later', async () => {
    const first = await open({ page_ids: [ids.root] });
    const before = new Map(
      documents(await collect(first.session.discover(null))).map((r) => [r.sourceId, r.version]),
    );
    await clock.sleep(90_000);
    fake.editBlockText(ids.vaultFactBlock, 'The vault door code is 8520.');
    const second = await open({ page_ids: [ids.root] });
    const after = documents(await collect(second.session.discover(null)));
    const changed = after.filter((ref) => before.get(ref.sourceId) !== ref.version);
    expect(changed.map((ref) => ref.title)).toEqual(['Vault access']);
    expect(textOf(changed[0]!)).toContain('8520');
  });

  it('resumes from a checkpoint with exactly the items after it', async () => {
    const connector = new PagesConnector({ checkpointEvery: 5, clock });
    const first = await openPagesSession(
      { token, page_ids: [ids.root] },
      { apiUrl: fake.url, clock, connector },
    );
    const complete = await collect(first.session.discover(null));
    const allIds = documents(complete).map((ref) => ref.sourceId);

    const partial = await collect(
      (
        await openPagesSession(
          { token, page_ids: [ids.root] },
          { apiUrl: fake.url, clock, connector },
        )
      ).session.discover(null),
      4,
    );
    const seen = documents(partial).map((ref) => ref.sourceId);
    expect(seen).toEqual(allIds.slice(0, seen.length));
    expect(seen.length).toBeGreaterThanOrEqual(20);

    const resumed = await openPagesSession(
      { token, page_ids: [ids.root] },
      { apiUrl: fake.url, clock, connector },
    );
    const rest = await collect(resumed.session.discover(checkpoints(partial).at(-1)!));
    expect(documents(rest).map((ref) => ref.sourceId)).toEqual(allIds.slice(seen.length));
    expect(checkpoints(complete).every((c) => c.length < 8_000)).toBe(true);

    // A checkpoint of another selection is ignored: the listing starts over.
    const other = await openPagesSession(
      { token, page_ids: [ids.engineering] },
      {
        apiUrl: fake.url,
        clock,
        connector,
      },
    );
    const restarted = await collect(other.session.discover(checkpoints(partial).at(-1)!));
    expect(documents(restarted)[0]!.sourceId).toBe(ids.engineering);
    expect(other.warnings.map((w) => w.message)).toContain(
      'ignoring a checkpoint of another Notion listing; listing from the start',
    );
  });

  it('reports a missing page id as a failure and fails when every page id is missing', async () => {
    const unknown = '0123456789abcdef0123456789abcdef';
    const { session } = await open({ page_ids: [unknown, ids.privateNotes, ids.engineering] });
    const items = await collect(session.discover(null));
    expect(failures(items).map((f) => f.sourceId)).toEqual([
      '01234567-89ab-cdef-0123-456789abcdef',
      ids.privateNotes,
    ]);
    expect(documents(items)[0]!.sourceId).toBe(ids.engineering);

    const none = await open({ page_ids: [unknown, ids.privateNotes] });
    const error = await rejection(collect(none.session.discover(null)));
    expect(error.code).toBe('source_not_found');
  });

  it('reads a selected database (wiki) through its data sources', async () => {
    const { session } = await open({
      page_ids: [
        `https://www.notion.so/acme/${ids.runbooks.replace(/-/g, '')}?v=${'f'.repeat(32)}`,
      ],
    });
    const refs = documents(await collect(session.discover(null)));
    expect(refs.map((ref) => ref.title)).toEqual([
      'Restart the queue',
      'Rotate TLS certificates',
      'Fail over the database',
      'Clear the CDN cache',
      'Renew the domain',
      'Scale the workers',
      'Restore a backup',
    ]);
  });

  it('fails with source_auth_failed on a bad token, without quoting it', async () => {
    const { session } = await open({ token: 'ntn_definitely_wrong_secret', page_ids: [ids.root] });
    const error = await rejection(session.check());
    expect(error.code).toBe('source_auth_failed');
    expect(error.message).not.toContain('ntn_definitely_wrong_secret');
  });
});

describe('PagesConnector with the fake rate limit on', () => {
  it('paces itself at 3 requests/s, absorbs 429s and 529s, and reads the whole workspace', async () => {
    const clock = new SimulatedTime();
    const fake = await startFakeNotion({
      ...workspace.options,
      now: clock.date,
      // Notion's 3 requests/s, with smaller bursts than the connector's (4): its first burst
      // meets 429s; and an overload (529) every 40 requests.
      rateLimit: { requestsPerSecond: 3, burst: 2 },
      overloadEvery: 40,
    });
    try {
      const startedAt = clock.now();
      const { session } = await openPagesSession(
        { token, page_ids: [ids.root] },
        { apiUrl: fake.url, clock },
      );
      const refs = documents(await collect(session.discover(null)));
      const seconds = (clock.now() - startedAt) / 1000;

      expect(refs.map((ref) => ref.title).sort()).toEqual([...workspace.expectedTitles].sort());
      const limited = fake.requests.filter((r) => r.status === 429);
      const overloaded = fake.requests.filter((r) => r.status === 529);
      expect(limited.length).toBeGreaterThan(0);
      expect(overloaded.length).toBeGreaterThan(0);
      // Pacing keeps throttling to the first burst (and the odd collision after a pause).
      expect(limited.length).toBeLessThanOrEqual(4);

      // Each throttled request went again only after the Retry-After (1 s) had passed.
      for (const refused of [...limited, ...overloaded]) {
        const again = fake.requests.find(
          (r) => r.at > refused.at && r.path === refused.path && r.status === 200,
        );
        expect(again!.at - refused.at).toBeGreaterThanOrEqual(1000);
      }

      // Each needed request is answered once: about 2.2 per page for this workspace (its GET,
      // its children, children of nested blocks); database rows need no GET of their own.
      const answered = fake.requests.filter((r) => r.status === 200).length;
      const requestsPerPage = answered / refs.length;
      expect(requestsPerPage).toBeLessThan(2.3);
      // Simulated time (requests take none): the pace alone sets the rate, 3 requests/s.
      const pagesPerSecond = refs.length / seconds;
      expect(pagesPerSecond).toBeGreaterThan(0.9 * (3 / requestsPerPage));
      expect(pagesPerSecond).toBeLessThan(3 / requestsPerPage + 0.1);
    } finally {
      await fake.close();
    }
  });
});
