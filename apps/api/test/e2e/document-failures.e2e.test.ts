import {
  buildNotionWorkspace,
  type FakeConfluence,
  type FakeDrive,
  type FakeNotion,
  GOOGLE_MIME,
  startFakeConfluence,
  startFakeDrive,
  startFakeNotion,
} from '@docent/source-fakes';
import type { DocentClient } from './support/docent-client';
import { startDocent, type InProcessDocent } from './support/docent-server';
import { waitForIngestion, type IngestionWire } from './support/wait-for';

jest.setTimeout(300_000);

const DRIVE_TOKEN = 'ya29.document-failures';
const WIKI_USER = { username: 'bot@acme.test', password: 'wiki-token-document-failures' };

const facts = [
  ['canteen', 'The canteen opens at 07:30 on weekdays.'],
  ['parking', 'Visitors park on level minus two of the north garage.'],
  ['badges', 'Lost badges are replaced at the front desk in building C.'],
  ['printer', 'The third floor printer is called Gutenberg.'],
] as const;

/**
 * The contract's rule, end to end on every source: one document whose content keeps answering
 * HTTP 500 is listed in the ingestion's failures and the rest is indexed; a source whose every
 * document fails stops with source_unreachable (the error monitor), not after each one's retries.
 */
describe('a document that keeps failing never fails an ingestion', () => {
  let drive: FakeDrive;
  let wiki: FakeConfluence;
  let notion: FakeNotion;
  let docent: InProcessDocent;
  let client: DocentClient;
  const workspace = buildNotionWorkspace();

  // More than the monitor's 10 plus the few a batch fetches ahead.
  const DEAD_FILES = 16;

  beforeAll(async () => {
    drive = await startFakeDrive({
      accessTokens: [DRIVE_TOKEN],
      files: [
        { id: 'handbook', name: 'Handbook', mimeType: GOOGLE_MIME.folder },
        ...facts.map(([name, text]) => ({
          id: name,
          name: `${name}.md`,
          mimeType: 'text/markdown',
          parent: 'handbook',
          content: `# ${name}\n\n${text}`,
        })),
        { id: 'dead', name: 'Dead source', mimeType: GOOGLE_MIME.folder },
        ...Array.from({ length: DEAD_FILES }, (_, i) => ({
          id: `dead-${i}`,
          name: `note ${i}.md`,
          mimeType: 'text/markdown',
          parent: 'dead',
          content: `note ${i}`,
        })),
      ],
    });
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [WIKI_USER],
      limitCaps: { v2: 2 },
      spaces: [
        {
          key: 'KB',
          pages: facts.map(([name, text], i) => ({
            id: String(800 + i),
            title: `About the ${name}`,
            body: `<p>${text}</p>`,
          })),
        },
      ],
    });
    notion = await startFakeNotion(workspace.options);
    // A short retry budget: a failing request gives up after its first answer, so every
    // ingestion here ends within seconds (in scaled mode the suites' 5 s job lock is short).
    docent = await startDocent({
      DOCENT_DRIVE_API_URL: drive.url,
      DOCENT_PAGES_API_URL: notion.url,
      DOCENT_SOURCE_RETRY_BUDGET_MS: '500',
    });
    client = docent.client;
  });

  afterAll(async () => {
    await docent?.close();
    await Promise.all([drive?.close(), wiki?.close(), notion?.close()]);
  });

  async function ingest(
    collection: string,
    type: string,
    spec: Record<string, unknown>,
  ): Promise<IngestionWire> {
    const locator = { namespace_name: 'acme', collection_name: collection };
    const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type,
      spec,
    });
    expect(created.status).toBe(200);
    return waitForIngestion(client, { ...locator, ingestion_id: created.body.ingestion_id });
  }

  async function topDocument(collection: string, question: string): Promise<string | undefined> {
    const { status, body } = await client.post<{ refs: Array<{ doc_name: string }> }>('/docs/ask', {
      namespace_name: 'acme',
      collection_name: collection,
      question,
    });
    expect(status).toBe(200);
    return body.refs[0]?.doc_name;
  }

  it('DRIVE: a file whose download always answers 500 is a failure; the others are searchable', async () => {
    drive.setFault('files.download', { status: 500, params: { fileId: 'parking' } });
    const done = await ingest('drive', 'DRIVE', { token: DRIVE_TOKEN, folder_name: 'Handbook' });
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(done.failures).toEqual([
      {
        doc_name: 'parking.md',
        source_id: 'parking',
        message: expect.stringMatching(/^Google Drive at .+ answered HTTP 500 backendError/),
      },
    ]);
    expect(done.progress).toMatchObject({ documents_processed: 3, documents_failed: 1 });
    expect(await topDocument('drive', 'When does the canteen open?')).toBe('canteen.md');
    expect(await topDocument('drive', 'What is the third floor printer called?')).toBe(
      'printer.md',
    );
  });

  it('WIKI: a page that must be fetched and always answers 500 is a failure; the others are searchable', async () => {
    wiki.omitBodyFromLists('801');
    wiki.setFault('v2.page', { status: 500, params: { id: '801' } });
    const done = await ingest('wiki', 'WIKI', {
      url: wiki.url,
      space: 'KB',
      username: WIKI_USER.username,
      token: WIKI_USER.password,
    });
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(done.failures).toEqual([
      {
        doc_name: 'About the parking',
        source_id: '801',
        message: expect.stringContaining('answered HTTP 500'),
      },
    ]);
    expect(done.progress).toMatchObject({ documents_processed: 3, documents_failed: 1 });
    expect(await topDocument('wiki', 'Where are lost badges replaced?')).toBe('About the badges');
  });

  it('PAGES: a page whose blocks always answer 500 is a failure; the others are searchable', async () => {
    notion.setFault('blocks.children', {
      status: 500,
      params: { id: workspace.ids.laptopSetup },
    });
    // Onboarding and its two child pages: Notion's pace (3 requests/s) keeps the tree small.
    const done = await ingest('notion', 'PAGES', {
      token: workspace.token,
      page_ids: notion.pageIdsByTitle('Onboarding'),
    });
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(done.failures).toEqual([
      {
        doc_name: 'Laptop setup',
        source_id: workspace.ids.laptopSetup,
        message: expect.stringContaining('answered HTTP 500'),
      },
    ]);
    expect(done.progress).toMatchObject({ documents_processed: 2, documents_failed: 1 });
    expect(await topDocument('notion', 'Who do I pair with every afternoon?')).toBe('First week');
  });

  it('stops a source whose every document keeps failing at the tenth, with source_unreachable', async () => {
    for (let i = 0; i < DEAD_FILES; i += 1) {
      drive.setFault('files.download', { status: 503, params: { fileId: `dead-${i}` } });
    }
    const done = await ingest('dead', 'DRIVE', { token: DRIVE_TOKEN, folder_name: 'Dead source' });
    expect(done.status).toBe('failed');
    expect(done.error).toEqual({
      code: 'source_unreachable',
      message: expect.stringMatching(
        /^Google Drive failed to serve 10 documents in a row, so the ingestion stopped: the source looks unavailable, try again later\. The last, "note \d+\.md": Google Drive at .+ answered HTTP 503 backendError/,
      ),
    });
    expect(done.failures).toHaveLength(9);
    // It stopped at the tenth: besides the few fetched ahead (at most 3, cut short), the rest
    // were never asked for.
    const asked = drive.requests
      .filter((r) => r.route === 'files.download' && r.path.includes('/dead-'))
      .map((r) => r.path);
    expect(new Set(asked).size).toBeGreaterThanOrEqual(10);
    expect(new Set(asked).size).toBeLessThanOrEqual(13);
  });
});
