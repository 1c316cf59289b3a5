import type {
  FakeBlockInput,
  FakeNotionIntegration,
  FakeNotionPageInput,
  FakeRichTextInput,
} from './fake-notion-types';
import { notionIdFor } from './notion-ids';

/** A fact the e2e suite can ask about, and where it sits. */
export interface NotionWorkspaceFact {
  question: string;
  /** A string the answer must contain. */
  answer: string;
  /** Title of the page holding it (the document name once ingested). */
  pageTitle: string;
  /** What makes it hard to reach. */
  location: string;
}

export interface NotionWorkspace {
  /** The integration token, shared with the handbook root only. */
  token: string;
  /** Ready for `startFakeNotion({ ...workspace.options, ... })`. */
  options: { integrations: FakeNotionIntegration[]; pages: FakeNotionPageInput[] };
  /** Named ids of pages and blocks tests refer to. */
  ids: {
    root: string;
    engineering: string;
    operations: string;
    runbooks: string;
    roadmap: string;
    changelog: string;
    vault: string;
    vaultFactBlock: string;
    syncedOriginal: string;
    trashedPage: string;
    trashedRow: string;
    hiddenFromSearch: string;
    privateNotes: string;
    laptopSetup: string;
  };
  /** Titles of every page the token can reach, trashed ones left out ("Untitled" for no title). */
  expectedTitles: string[];
  /** Pages that exist but must never be ingested with this token. */
  excludedTitles: string[];
  facts: NotionWorkspaceFact[];
}

const TOKEN = 'ntn_fixture_workspace_token_0001';
const CHANGELOG_ENTRIES = 120;
const DARK_MODE_RELEASE = 115;

const id = (label: string) => notionIdFor(`acme-workspace:${label}`);

/** Minutes after a fixed start, so every run sees the same `last_edited_time`s. */
const editedAt = (minutes: number) =>
  new Date(Date.UTC(2024, 4, 1, 9, 0) + minutes * 60_000).toISOString();

type PageMaker = (
  title: string,
  blocks: FakeBlockInput[],
  extra?: Partial<FakeNotionPageInput>,
) => FakeNotionPageInput;

/** Pages with ids from their titles and edit times one minute apart, in creation order. */
function pageMaker(): PageMaker {
  let minutes = 0;
  return (title, blocks, extra = {}) => {
    minutes += 1;
    return { id: id(`page:${title}`), title, blocks, lastEditedTime: editedAt(minutes), ...extra };
  };
}

const child = (input: FakeNotionPageInput): FakeBlockInput => ({ type: 'child_page', page: input });
const paragraph = (text: FakeRichTextInput): FakeBlockInput => ({ type: 'paragraph', text });
const bullet = (text: string, children?: FakeBlockInput[]): FakeBlockInput => ({
  type: 'bulleted_list_item',
  text,
  ...(children ? { children } : {}),
});

/** Level-3 and level-4 pages of one section: prose about `topic`, one child page for the first three. */
function sectionPages(page: PageMaker, section: string, topics: string[]): FakeBlockInput[] {
  return topics.map((topic, index) => {
    const grandchildren =
      index < 3
        ? [
            child(
              page(`${topic} checklist`, [
                { type: 'heading_2', text: `${topic}: checklist` },
                { type: 'to_do', text: `Read the ${topic.toLowerCase()} guide`, checked: true },
                { type: 'to_do', text: `Ask a ${section.toLowerCase()} buddy`, checked: false },
              ]),
            ),
          ]
        : [];
    return child(
      page(topic, [
        { type: 'heading_1', text: topic },
        paragraph(`${topic} is owned by the ${section} group.`),
        { type: 'numbered_list_item', text: 'Read this page' },
        { type: 'numbered_list_item', text: 'Ask questions in the channel' },
        ...grandchildren,
      ]),
    );
  });
}

/**
 * A workspace of 59 reachable pages (plus trashed and unshared ones), four levels deep, with
 * every block type the connector renders: nested toggles (a fact three toggles down), column
 * lists, tables, synced blocks (one whose original sits on an unshared page), a database of
 * runbooks and a two-source roadmap, a page with more than 100 blocks, a trashed page and row,
 * a page search does not return, unicode and untitled pages. The token is shared with the
 * handbook root only.
 */
export function buildNotionWorkspace(): NotionWorkspace {
  const page = pageMaker();
  const ids = {
    root: id('page:Acme Handbook'),
    engineering: id('page:Engineering'),
    operations: id('page:Operations'),
    runbooks: id('database:Runbooks'),
    roadmap: id('database:Roadmap'),
    changelog: id('page:Changelog'),
    vault: id('page:Vault access'),
    vaultFactBlock: id('block:vault-code'),
    syncedOriginal: id('block:support-hours'),
    trashedPage: id('page:Old deploy guide'),
    trashedRow: id('page:Decommissioned runbook'),
    hiddenFromSearch: id('page:Incident template'),
    privateNotes: id('page:Private notes'),
    laptopSetup: id('page:Laptop setup'),
  };
  const privateSynced = id('block:private-synced');

  const onboarding = page('Onboarding', [
    { type: 'heading_1', text: 'Onboarding' },
    paragraph('Welcome aboard. Your first week is planned below.'),
    child(
      page('Laptop setup', [
        { type: 'heading_2', text: 'Ordering a laptop' },
        paragraph(
          'New laptops are ordered through the Helpdesk portal and arrive within 3 working days.',
        ),
        bullet('macOS', [bullet('Install Homebrew', [bullet('brew bundle in the dotfiles repo')])]),
        bullet('Linux'),
      ]),
    ),
    child(page('First week', [paragraph('Pair with your buddy every afternoon.')])),
  ]);

  const onCall = page('On-call', [
    { type: 'heading_1', text: 'On-call' },
    { type: 'callout', text: 'Page the secondary after 15 minutes.', emoji: '🚨' },
    child(
      page('Incident template', [paragraph('Summary, impact, timeline, follow-ups.')], {
        hiddenFromSearch: true,
      }),
    ),
  ]);

  const engineering = page('Engineering', [
    { type: 'heading_2', text: 'How we build' },
    bullet('Small pull requests', [bullet('Under 400 lines', [bullet('Tests included')])]),
    { type: 'numbered_list_item', text: 'Write a design note' },
    { type: 'numbered_list_item', text: 'Get one review' },
    { type: 'to_do', text: 'Migrate CI to the new runners', checked: true },
    { type: 'to_do', text: 'Delete the legacy deploy script', checked: false },
    {
      type: 'code',
      text: 'export const retries = 3;\nexport const backoffMs = 250;',
      language: 'typescript',
      caption: 'Default client settings',
    },
    { type: 'synced_block', syncedFrom: ids.syncedOriginal },
    { type: 'synced_block', syncedFrom: privateSynced },
    child(onboarding),
    child(page('Architecture', [paragraph('Services talk over a queue; see the diagrams.')])),
    child(onCall),
    child(page('Code review', [paragraph('Review within one working day.')])),
    child(page('Release process', [paragraph('Releases leave on Tuesdays.')])),
    child(page('Old deploy guide', [paragraph('Deprecated.')], { inTrash: true })),
  ]);

  const runbookRow = (title: string, steps: string[], extra: Partial<FakeNotionPageInput> = {}) =>
    page(
      title,
      [
        { type: 'heading_2', text: 'Steps' },
        ...steps.map((step) => ({ type: 'numbered_list_item' as const, text: step })),
      ],
      {
        titleProperty: 'Name',
        properties: { Status: { select: 'Active' }, Owner: { rich_text: 'Platform team' } },
        ...extra,
      },
    );

  const operations = page('Operations', [
    paragraph('Runbooks for production live in the database below.'),
    {
      type: 'child_database',
      database: {
        id: ids.runbooks,
        title: 'Runbooks',
        rows: [
          runbookRow('Restart the queue', [
            'Drain the workers',
            'To restart the queue, run make queue-restart on bastion-2.',
          ]),
          runbookRow('Rotate TLS certificates', ['Renew with the ACME client', 'Reload nginx']),
          runbookRow('Fail over the database', ['Promote the replica', 'Repoint the DNS alias']),
          runbookRow('Clear the CDN cache', ['Purge by surrogate key']),
          runbookRow('Renew the domain', ['Pay the registrar invoice']),
          runbookRow('Scale the workers', ['Raise the autoscaler minimum']),
          runbookRow('Restore a backup', ['Pick the snapshot', 'Restore into staging first']),
          runbookRow('Decommissioned runbook', ['Nothing to do'], { inTrash: true }),
        ],
      },
    },
    ...sectionPages(page, 'Operations', ['Monitoring', 'Capacity planning', 'Vendors', 'Budgets']),
  ]);

  const changelog = page(
    'Changelog',
    Array.from({ length: CHANGELOG_ENTRIES }, (_, i) =>
      paragraph(
        i + 1 === DARK_MODE_RELEASE
          ? `Release 1.0.${i + 1} introduced the dark mode toggle.`
          : `Release 1.0.${i + 1} fixed small bugs.`,
      ),
    ),
  );

  const vault = page('Vault access', [
    { type: 'heading_2', text: 'Physical security' },
    {
      type: 'toggle',
      text: 'Building',
      children: [
        {
          type: 'toggle',
          text: 'Basement',
          children: [
            {
              type: 'toggle',
              text: 'Vault',
              children: [{ id: ids.vaultFactBlock, ...paragraph('The vault door code is 7419.') }],
            },
          ],
        },
      ],
    },
    {
      type: 'heading_3',
      text: 'Escalation',
      toggleable: true,
      children: [paragraph('Call the facilities desk.')],
    },
  ]);

  const product = page('Product', [
    paragraph('Product strategy and the roadmap.'),
    {
      type: 'child_database',
      database: {
        id: ids.roadmap,
        title: 'Roadmap',
        dataSources: [
          {
            name: 'Roadmap 2024',
            rows: [
              page('Search revamp', [paragraph('Hybrid search shipped in Q3.')]),
              page('Offline mode', [paragraph('Postponed.')]),
            ],
          },
          {
            name: 'Roadmap 2025',
            rows: [
              page('Mobile app', [paragraph('Beta in spring.')]),
              page('Audit log', [paragraph('Needed for enterprise deals.')]),
            ],
          },
        ],
      },
    },
    child(changelog),
    ...sectionPages(page, 'Product', ['Personas', 'Pricing', 'Research', 'Launch plans']),
  ]);

  const security = page('Security', [
    paragraph('Security policies.'),
    child(vault),
    ...sectionPages(page, 'Security', [
      'Access reviews',
      'Passwords',
      'Laptops policy',
      'Incidents',
    ]),
  ]);

  const people = page('People', [
    paragraph('Everything about working here.'),
    ...sectionPages(page, 'People', ['Holidays', 'Expenses', 'Benefits', 'Reviews', 'Hiring']),
  ]);

  const root = page('Acme Handbook', [
    { type: 'heading_1', text: 'Welcome to Acme' },
    paragraph([
      'This handbook is kept by ',
      { mention: 'user', text: '@Ada Lovelace' },
      '. See ',
      { text: 'the policies', link: 'https://acme.example/policies' },
      ' and ',
      { equation: 'e^{i\\pi}+1=0' },
      '.',
    ]),
    { type: 'callout', text: 'Ask in #help if something is missing.', emoji: '💡' },
    { type: 'quote', text: 'Ship small, ship often.' },
    {
      id: ids.syncedOriginal,
      type: 'synced_block',
      children: [paragraph('Support hours are 08:00 to 18:00 CET on weekdays.')],
    },
    {
      type: 'column_list',
      columns: [
        [{ type: 'heading_3', text: 'Office' }, paragraph('12 Rue des Lilas, Lyon')],
        [
          { type: 'heading_3', text: 'Wi-Fi' },
          paragraph('The guest Wi-Fi password is lilac-harbor-42.'),
        ],
      ],
    },
    {
      type: 'table',
      hasColumnHeader: true,
      rows: [
        ['Team', 'Lead', 'Channel'],
        ['Platform', 'Grace Hopper', '#platform'],
        ['Data', 'Katherine Johnson', '#data'],
      ],
    },
    { type: 'divider' },
    { type: 'table_of_contents' },
    { type: 'breadcrumb' },
    { type: 'unsupported', blockType: 'button' },
    { type: 'bookmark', url: 'https://status.acme.example', caption: 'Status page' },
    { type: 'embed', url: 'https://www.youtube.com/watch?v=acme-intro' },
    { type: 'image', caption: 'Org chart (2024)' },
    { type: 'equation', expression: 'E = mc^2' },
    { type: 'link_to_page', pageId: ids.engineering },
    child(engineering),
    child(people),
    child(operations),
    child(product),
    child(security),
    child(
      page('Café ☕ notes — naïve résumé', [paragraph('Crème brûlée on Fridays. 日本語のメモ。')]),
    ),
    child(page('', [paragraph('A page nobody named.')])),
    child(page('Empty page', [])),
  ]);

  const privateNotes = page('Private notes', [
    { id: privateSynced, type: 'synced_block', children: [paragraph('Salary bands are secret.')] },
  ]);

  const pages = [root, privateNotes];
  const { reachable, excluded } = titlesUnder(root);
  return {
    token: TOKEN,
    options: { integrations: [{ token: TOKEN, shared: [ids.root] }], pages },
    ids,
    expectedTitles: reachable,
    excludedTitles: [...excluded, 'Private notes'],
    facts: [
      {
        question: 'What is the vault door code?',
        answer: '7419',
        pageTitle: 'Vault access',
        location: 'a paragraph inside three nested toggles',
      },
      {
        question: 'What is the guest Wi-Fi password?',
        answer: 'lilac-harbor-42',
        pageTitle: 'Acme Handbook',
        location: 'the second column of a column list',
      },
      {
        question: 'Who leads the Data team?',
        answer: 'Katherine Johnson',
        pageTitle: 'Acme Handbook',
        location: 'a table row',
      },
      {
        question: 'What are the support hours?',
        answer: '08:00 to 18:00 CET',
        pageTitle: 'Engineering',
        location: 'a synced block copy (the original is on Acme Handbook)',
      },
      {
        question: 'How do I restart the queue?',
        answer: 'make queue-restart',
        pageTitle: 'Restart the queue',
        location: 'a row page of the Runbooks database',
      },
      {
        question: 'Which release introduced the dark mode toggle?',
        answer: `1.0.${DARK_MODE_RELEASE}`,
        pageTitle: 'Changelog',
        location: `block ${DARK_MODE_RELEASE} of ${CHANGELOG_ENTRIES} (second page of children)`,
      },
      {
        question: 'How long does a new laptop take to arrive?',
        answer: '3 working days',
        pageTitle: 'Laptop setup',
        location: 'a fourth-level page',
      },
    ],
  };
}

/** Titles of the pages below (and including) a page, split into reachable and trashed. */
function titlesUnder(root: FakeNotionPageInput): { reachable: string[]; excluded: string[] } {
  const reachable: string[] = [];
  const excluded: string[] = [];
  const visitPage = (input: FakeNotionPageInput, trashed: boolean) => {
    const gone = trashed || input.inTrash === true;
    const title = typeof input.title === 'string' ? input.title : '';
    (gone ? excluded : reachable).push(title === '' ? 'Untitled' : title);
    visitBlocks(input.blocks ?? [], gone);
  };
  const visitBlocks = (blocks: readonly FakeBlockInput[], trashed: boolean): void => {
    for (const block of blocks) {
      if (block.type === 'child_page') visitPage(block.page, trashed);
      else if (block.type === 'child_database') {
        const sources = block.database.dataSources ?? [{ rows: block.database.rows ?? [] }];
        for (const source of sources) for (const row of source.rows ?? []) visitPage(row, trashed);
      } else if (block.type === 'column_list') {
        for (const column of block.columns) visitBlocks(column, trashed);
      } else if ('children' in block && block.children) visitBlocks(block.children, trashed);
    }
  };
  visitPage(root, false);
  return { reachable, excluded };
}
