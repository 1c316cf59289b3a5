import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Collection, Connection, Connector, Ingestion } from '../src/api/wire-types';
import { IngestionsPage, StartedNotice } from '../src/pages/ingestions-page';
import { FEED, WIKI_LIKE, ingestion } from './card-fixtures';
import { PageHarness, fakeApi } from './page-harness';

const ok = (body: unknown) => () => ({ status: 200, body });

const failed = (code: string, spec: Record<string, unknown>, message = 'The source said no.') =>
  ingestion({ status: 'failed', spec, error: { code: code as 'internal', message } });

describe('ingestion cards', () => {
  let harness: PageHarness;

  beforeEach(() => {
    window.localStorage.clear();
    harness = new PageHarness();
  });

  afterEach(() => harness.unmount());

  async function show(
    ingestions: Ingestion[],
    {
      connectors = [WIKI_LIKE, FEED],
      connections = [],
      collections = [],
    }: { connectors?: Connector[]; connections?: Connection[]; collections?: Collection[] } = {},
  ) {
    const { api } = fakeApi({
      '/docs/list_ingestions': ok({ ingestions }),
      '/connections/list': ok({ connections }),
      '/connectors': ok({ connectors }),
      '/collections/list': ok({ collections }),
    });
    await harness.renderSignedIn(api, <IngestionsPage />);
  }

  const cards = () => [...harness.container.querySelectorAll('[data-testid="ingestion"]')];
  const inCard = (testId: string, card = cards()[0]) =>
    card?.querySelector(`[data-testid="${testId}"]`) ?? null;
  const text = (testId: string, card = cards()[0]) => inCard(testId, card)?.textContent ?? null;
  const connected: Connection = {
    type: WIKI_LIKE.type,
    connected_at: '2026-11-20T10:00:00.000Z',
    expires_at: null,
    account_label: 'Acme',
    sites: [],
  };

  it('says what the run reads, with the labels and name its connector gives', async () => {
    await show([
      ingestion({
        spec: {
          url: 'https://acme.atlassian.net/wiki',
          space: 'ENG',
          username: 'bot@acme.com',
          token: '***',
          attachments: true,
        },
      }),
      ingestion({
        ingestion_id: 'ing_2',
        type: FEED.type,
        spec: { feed_url: 'https://x.test/rss' },
      }),
    ]);
    expect(cards()[0]!.querySelector('h3')?.textContent).toBe('handbook · Confluence');
    expect(text('ingestion-source')).toBe(
      'Site URL https://acme.atlassian.net/wiki' +
        'Space key ENG' +
        'Username bot@acme.com' +
        'Also ingest attachments' +
        'with an API token',
    );
    // The secret is neither shown nor hinted at beyond "a token was given".
    expect(cards()[0]!.textContent).not.toContain('***');
    expect(cards()[1]!.querySelector('h3')?.textContent).toBe('handbook · RSS feed');
    expect(text('ingestion-source', cards()[1])).toBe(
      'Feed URL https://x.test/rsswithout credentials',
    );
  });

  it('names a run through the connection, and falls back to the type for an unknown connector', async () => {
    await show(
      [
        ingestion({}),
        ingestion({ ingestion_id: 'ing_2', type: 'GONE', spec: { folder: 'Specs' } }),
      ],
      { connectors: [WIKI_LIKE] },
    );
    expect(text('ingestion-source')).toBe(
      'Site URL https://acme.atlassian.net/wikiSpace key ENGthrough your Confluence connection',
    );
    expect(cards()[1]!.querySelector('h3')?.textContent).toBe('handbook · GONE');
    expect(text('ingestion-source', cards()[1])).toBe('folder Specswithout credentials');
  });

  it('gives the next step for refused credentials, from the code and not the message', async () => {
    const spec = { url: 'https://acme.atlassian.net/wiki', space: 'ENG', token: '***' };
    await show([failed('source_auth_failed', spec)], { connections: [connected] });
    expect(text('ingestion-next-step')).toBe(
      'Check the API token, or leave it empty to use your Confluence connection; then start the ingestion again with the form above.',
    );
    // Words for people; the code stays for programs.
    const error = cards()[0]!.querySelector('.ingestion-error');
    expect(error?.textContent).not.toContain('source_auth_failed');
    expect(error?.getAttribute('data-code')).toBe('source_auth_failed');
    expect(text('ingestion-error')).toBe('The source said no.');
  });

  it('sends a run without credentials to the Connections page', async () => {
    await show([failed('source_auth_failed', { url: 'https://a.test', space: 'ENG' })]);
    expect(text('ingestion-next-step')).toBe(
      'Connect Confluence on the Connections page, or give an API token; then start the ingestion again with the form above.',
    );
    const link = inCard('ingestion-next-step')?.querySelector('a');
    expect(link?.getAttribute('href')).toBe('#/connections');
    expect(link?.textContent).toBe('the Connections page');
  });

  it('offers no connection to a connector without OAuth', async () => {
    await show(
      [failed('source_auth_failed', { feed_url: 'https://x.test/rss', token: '***' })].map((i) => ({
        ...i,
        type: FEED.type,
      })),
    );
    expect(text('ingestion-next-step')).toBe(
      'Check the access key, then start the ingestion again with the form above.',
    );
  });

  it('names the fields to check for a source not found, whatever the message says', async () => {
    // The message reads like an auth failure; the step follows the code.
    await show(
      [
        failed(
          'source_not_found',
          { url: 'https://acme.atlassian.net/wiki', space: 'ENGG', attachments: true },
          'rejected the credentials',
        ),
      ],
      { connections: [connected] },
    );
    expect(text('ingestion-next-step')).toBe(
      'Check the site URL and space key: they must name something your Confluence connection can see; then start the ingestion again with the form above.',
    );
  });

  it('says when to try again for an outage or throttling, and has no step for a code it does not know', async () => {
    await show([
      failed('source_unreachable', {}),
      { ...failed('source_rate_limited', {}), ingestion_id: 'ing_2' },
      { ...failed('something_new', {}), ingestion_id: 'ing_3' },
    ]);
    expect(text('ingestion-next-step')).toBe(
      'Confluence did not answer or failed on its side: start the ingestion again later.',
    );
    expect(text('ingestion-next-step', cards()[1])).toBe(
      'Confluence kept limiting the requests: start the ingestion again in a few minutes.',
    );
    expect(inCard('ingestion-next-step', cards()[2])).toBeNull();
    expect(text('ingestion-error', cards()[2])).toBe('The source said no.');
  });

  it('drops the bar of a run that failed before listing anything, and keeps it after', async () => {
    const listedSome = {
      ...failed('source_unreachable', {}),
      ingestion_id: 'ing_2',
      progress: { ...ingestion({}).progress, documents_discovered: 4, documents_processed: 2 },
    };
    await show([failed('source_auth_failed', {}, 'the source said no'), listedSome]);
    expect(cards()[0]!.querySelector('progress')).toBeNull();
    // Heard by a screen reader, not shown twice beside the badge.
    expect(inCard('ingestion-summary')?.className).toBe('summary visually-hidden');
    // The API's words, as a sentence.
    expect(text('ingestion-error')).toBe('The source said no.');
    expect(cards()[1]!.querySelector('progress')?.getAttribute('value')).toBe('2');
    expect(text('ingestion-summary', cards()[1])).toMatch(/^Failed: 2 of 4 documents/);
  });

  it('says a run that names nothing reads everything it can', async () => {
    await show([
      ingestion({ spec: {} }),
      ingestion({ ingestion_id: 'ing_2', spec: { token: '***' } }),
    ]);
    expect(text('ingestion-source')).toBe(
      'Everything it can read, through your Confluence connection',
    );
    expect(text('ingestion-source', cards()[1])).toBe('Everything it can read, with an API token');
  });

  it('links a run to its collection and to Ask on it once the collection has documents', async () => {
    const listed: Collection = {
      collection_name: 'handbook',
      document_count: 3,
      chunk_count: 12,
      created_at: '2026-11-21T10:00:00.000Z',
      updated_at: '2026-11-21T10:00:09.000Z',
    };
    await show([ingestion({}), ingestion({ ingestion_id: 'ing_2', collection_name: 'empty' })], {
      collections: [listed],
    });
    expect(inCard('ingestion-collection')?.getAttribute('href')).toBe(
      '#/collections?collection=handbook',
    );
    expect(inCard('ingestion-ask')?.getAttribute('href')).toBe('#/ask?collection=handbook');
    expect(text('ingestion-ask')).toBe('Ask handbook');
    // No collection (e.g. a first run that failed): nothing to link to.
    expect(inCard('ingestion-collection', cards()[1])).toBeNull();
    expect(inCard('ingestion-ask', cards()[1])).toBeNull();
  });
});

describe('StartedNotice', () => {
  let harness: PageHarness;
  beforeEach(() => {
    harness = new PageHarness();
  });
  afterEach(() => harness.unmount());

  const started = { ingestion_id: 'ing_1', collection_name: 'handbook', schedule_id: null };
  const notice = () => harness.container.querySelector('[role="status"]')?.textContent;

  it('says the run started while it is queued or running, and nothing once it ended', async () => {
    await harness.render(<StartedNotice started={started} ingestions={[]} />);
    expect(notice()).toBe('Ingestion into handbook started: its progress is below.');
    await harness.render(
      <StartedNotice started={started} ingestions={[ingestion({ status: 'running' })]} />,
    );
    expect(notice()).toBe('Ingestion into handbook started: its progress is below.');
    await harness.render(
      <StartedNotice started={started} ingestions={[ingestion({ status: 'failed' })]} />,
    );
    expect(notice()).toBe('');
    await harness.render(<StartedNotice started={null} ingestions={[]} />);
    expect(notice()).toBe('');
  });
});
