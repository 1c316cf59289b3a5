import { startFakeConfluence, type FakeConfluence } from '@docent/source-fakes';
import type { DocentClient } from './support/docent-client';
import { chunksWithExtras } from './support/chunk-extras';
import { startDocent, type InProcessDocent } from './support/docent-server';
import { ingestAndWait } from './support/wait-for';

jest.setTimeout(300_000);

const USER = { username: 'bot@acme.test', password: 'wiki-api-token-1' };

/**
 * A small engineering space written the way Confluence stores it: two deployment tools with
 * near-identical pages, a code block after a sentence, an info panel with a title, an expand
 * macro used as an FAQ, a task list as a release calendar, tables with header rows.
 */
const PAGES = [
  {
    id: '701',
    title: 'Skylark',
    body: `<p>Skylark is the tool we use for blue-green deployments.</p>
<p>Skylark listens on TCP port 7443 by default.</p>
<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">bash</ac:parameter><ac:plain-text-body><![CDATA[skylark deploy --env production --strategy blue-green]]></ac:plain-text-body></ac:structured-macro>
<p>See the Heron page for canary releases.</p>`,
  },
  {
    id: '702',
    title: 'Heron',
    body: `<p>Heron is the tool we use for canary releases.</p>
<p>Heron listens on TCP port 9120 by default.</p>
<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">bash</ac:parameter><ac:plain-text-body><![CDATA[heron release --canary 5%]]></ac:plain-text-body></ac:structured-macro>
<p>Heron was written by the platform team in 2021.</p>`,
  },
  {
    id: '703',
    title: 'Expense policy',
    body: `<h2>Meals</h2>
<p>Meals on business trips are reimbursed up to 45 euros per day.</p>
<h2>Reports</h2>
<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Deadline</ac:parameter><ac:rich-text-body><p>Expense reports must be filed within 30 days of the trip.</p></ac:rich-text-body></ac:structured-macro>`,
  },
  {
    id: '704',
    title: 'Release calendar',
    body: `<p>Release trains leave from the main branch.</p>
<ac:task-list><ac:task><ac:task-id>1</ac:task-id><ac:task-status>incomplete</ac:task-status><ac:task-body>Release train R-16 departs on 26 February.</ac:task-body></ac:task><ac:task><ac:task-id>2</ac:task-id><ac:task-status>incomplete</ac:task-status><ac:task-body>Release train R-17 departs on 12 March.</ac:task-body></ac:task></ac:task-list>`,
  },
  {
    id: '705',
    title: 'Office FAQ',
    body: `<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">Where is the new office?</ac:parameter><ac:rich-text-body><p>The new office is on the fourth floor of the Meridian building.</p></ac:rich-text-body></ac:structured-macro>
<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">Can I bring a guest?</ac:parameter><ac:rich-text-body><p>Guests must be registered at the front desk the day before.</p></ac:rich-text-body></ac:structured-macro>`,
  },
  {
    id: '706',
    title: 'Operations handbook',
    body: `<table><tbody><tr><th>Topic</th><th>Detail</th></tr><tr><td>Nightly backup window</td><td>The nightly backup window starts at 02:30 UTC.</td></tr><tr><td>Log retention</td><td>Application logs are kept for 14 days.</td></tr></tbody></table>
<ac:structured-macro ac:name="warning"><ac:parameter ac:name="title">Reporting</ac:parameter><ac:rich-text-body><p>Security incidents must be reported to the security team within one hour.</p></ac:rich-text-body></ac:structured-macro>
<ul><li>Deploys are frozen on Fridays after 15:00.</li><li>The on-call engineer approves emergency changes.</li></ul>`,
  },
];

interface Ref {
  doc_name: string;
  page_num: number;
  sample_text: string;
  url: string | null;
  highlight: { start: number; end: number } | null;
}
interface AskResponse {
  answer: string;
  found: boolean;
  short_answer: string | null;
  refs: Ref[];
}

describe('answers a person can act on (embedded mode)', () => {
  let wiki: FakeConfluence;
  let docent: InProcessDocent;
  let client: DocentClient;
  const locator = { namespace_name: 'acme', collection_name: 'eng' };
  const ask = async (question: string, history: Array<[string, string]> = []) => {
    const response = await client.post<AskResponse>('/docs/ask', {
      ...locator,
      question,
      ...(history.length > 0 && { history_messages: history }),
    });
    expect(response.status).toBe(200);
    if (process.env.DEBUG_ANSWERS)
      console.log(JSON.stringify({ question, ...response.body }, null, 1));
    return response.body;
  };
  /** The highlighted part of a ref's excerpt, counted in code points as the contract says. */
  const highlighted = (ref: Ref) =>
    ref.highlight
      ? Array.from(ref.sample_text).slice(ref.highlight.start, ref.highlight.end).join('')
      : null;

  beforeAll(async () => {
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [USER],
      spaces: [{ key: 'ENG', name: 'Engineering', pages: PAGES }],
    });
    docent = await startDocent();
    client = docent.client;
    const done = await ingestAndWait(client, locator, {
      type: 'WIKI',
      spec: { url: wiki.url, space: 'ENG', username: USER.username, token: USER.password },
    });
    expect(done.status).toBe('succeeded');
  });

  afterAll(async () => {
    await docent?.close();
    await wiki?.close();
  });

  it("stores the extractive answerer's sentence vectors with every chunk it ingested", async () => {
    const stored = await chunksWithExtras(docent, locator, 'port deploy team policy');
    expect(stored.chunks).toBeGreaterThan(0);
    expect(stored.withExtras).toBe(stored.chunks);
  });

  it.each([
    [
      'Which TCP port does Skylark listen on by default?',
      'Skylark listens on TCP port 7443 by default.',
      '7443',
      'Skylark',
    ],
    [
      'When does release train R-17 depart?',
      'Release train R-17 departs on 12 March.',
      '12 March',
      'Release calendar',
    ],
    [
      'When does the nightly backup window start?',
      'Nightly backup window: The nightly backup window starts at 02:30 UTC.',
      '02:30 UTC',
      'Operations handbook',
    ],
    [
      'Within how many days must expense reports be filed?',
      'Expense reports must be filed within 30 days of the trip.',
      '30 days',
      'Expense policy',
    ],
    [
      'Where is the new office?',
      'The new office is on the fourth floor of the Meridian building.',
      null,
      'Office FAQ',
    ],
    [
      'How soon must security incidents be reported?',
      'Security incidents must be reported to the security team within one hour.',
      null,
      'Operations handbook',
    ],
  ])(
    'answers %j with the clean sentence alone, its short answer and its highlighted passage',
    async (question, sentence, short, page) => {
      const answer = await ask(question);
      expect(answer).toMatchObject({ found: true, answer: sentence });
      if (short !== null) expect(answer.short_answer).toBe(short);
      expect(answer.refs[0]!.doc_name).toBe(page);
      expect(highlighted(answer.refs[0]!)).toContain(sentence.split(': ').at(-1)!.slice(0, 20));
      expect(answer.refs.slice(1).every((ref) => ref.highlight === null)).toBe(true);
    },
  );

  it.each([
    'Which port does billing listen on?',
    'Which tool do we use for dark launches?',
    'When does release train R-99 depart?',
    'Up to how many euros per night are hotel expenses reimbursed?',
    'Which floor is the cafeteria on?',
  ])('says "not found", with no refs, to the near miss %j', async (question) => {
    const answer = await ask(question);
    expect(answer).toMatchObject({ found: false, short_answer: null, refs: [] });
  });

  it('resolves a follow-up to the one thing it is about', async () => {
    const first = await ask('Which tool do we use for canary releases?');
    expect(first.answer).toBe('Heron is the tool we use for canary releases.');
    const followUp = await ask('Which TCP port does it listen on by default?', [
      ['Which tool do we use for canary releases?', first.answer],
    ]);
    expect(followUp.answer).toBe('Heron listens on TCP port 9120 by default.');
    expect(followUp.short_answer).toBe('9120');
    expect(followUp.answer).not.toContain('7443');
  });
});
