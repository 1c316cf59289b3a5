import { buildNotionWorkspace, startFakeNotion, type FakeNotion } from '@docent/source-fakes';
import type { DocentClient } from './support/docent-client';
import { startDocent, type InProcessDocent } from './support/docent-server';
import { waitForIngestion, type IngestionWire } from './support/wait-for';

jest.setTimeout(300_000);

interface AskResponse {
  answer: string;
  refs: Array<{ doc_name: string; page_num: number; sample_text: string; url?: string | null }>;
}

/**
 * Issue 5's end to end: a Notion workspace of 50+ pages, four levels deep, with a database, read
 * recursively under Notion's rate limit; a fact three toggles down is answered from its page.
 */
describe('PAGES end to end (embedded mode)', () => {
  const workspace = buildNotionWorkspace();
  let notion: FakeNotion;
  let docent: InProcessDocent;
  let client: DocentClient;
  let ingestion: IngestionWire;
  const locator = { namespace_name: 'acme', collection_name: 'notion' };

  beforeAll(async () => {
    notion = await startFakeNotion({
      ...workspace.options,
      rateLimit: { requestsPerSecond: 3, burst: 3 },
    });
    docent = await startDocent({ DOCENT_PAGES_API_URL: notion.url });
    client = docent.client;
    // The root page given as a URL, as users paste it.
    const rootUrl = `https://www.notion.so/acme/Acme-Handbook-${workspace.ids.root.replace(/-/g, '')}`;
    const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'PAGES',
      spec: { token: workspace.token, page_ids: [rootUrl] },
    });
    expect(created.status).toBe(200);
    ingestion = await waitForIngestion(client, {
      ...locator,
      ingestion_id: created.body.ingestion_id,
    });
  });

  afterAll(async () => {
    await docent?.close();
    await notion?.close();
  });

  it('ingests every page below the root, 4 levels deep, database rows included, and nothing else', async () => {
    expect(ingestion.status).toBe('succeeded');
    expect(workspace.expectedTitles.length).toBeGreaterThanOrEqual(50);
    expect(ingestion.progress.documents_processed).toBe(workspace.expectedTitles.length);
    const list = await client.post<{ documents: Array<{ doc_name: string; source_type: string }> }>(
      '/docs/list',
      {
        ...locator,
        limit: 1000,
      },
    );
    const names = list.body.documents.map((d) => d.doc_name);
    expect(names).toHaveLength(workspace.expectedTitles.length);
    for (const title of ['Vault access', 'Restart the queue', 'Laptop setup', 'Changelog']) {
      expect(names).toContain(title);
    }
    for (const title of workspace.excludedTitles) expect(names).not.toContain(title);
    // Notion's 429s were met and ridden out.
    expect(notion.requests.some((r) => r.status === 429)).toBe(true);
  });

  it('answers a fact held in a toggle three levels down from its page', async () => {
    const fact = workspace.facts.find((f) => f.pageTitle === 'Vault access')!;
    const { body } = await client.post<AskResponse>('/docs/ask', {
      ...locator,
      question: fact.question,
    });
    expect(body.refs[0]?.doc_name).toBe('Vault access');
    expect(body.refs[0]?.url).toMatch(/^https:\/\/www\.notion\.so\/Vault-access-[0-9a-f]{32}$/);
    expect(body.answer).toContain(fact.answer);
  });

  it('answers from tables, synced blocks, database rows and long pages', async () => {
    for (const fact of workspace.facts) {
      const { body } = await client.post<AskResponse>('/docs/ask', {
        ...locator,
        question: fact.question,
      });
      expect({
        question: fact.question,
        found: body.refs.some((r) => r.doc_name === fact.pageTitle),
      }).toEqual({
        question: fact.question,
        found: true,
      });
    }
  });
});
