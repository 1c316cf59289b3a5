import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startFakeConfluence, type FakeConfluence, HANDBOOK_PAGES } from '@docent/source-fakes';
import type { DocentClient } from './support/docent-client';
import { startDocent, type InProcessDocent } from './support/docent-server';
import { waitForIngestion, type IngestionWire } from './support/wait-for';

jest.setTimeout(300_000);

const CORPUS = resolve(__dirname, '../../../../../shared/corpus');
const corpus = (name: string) => readFileSync(join(CORPUS, name));
const USER = { username: 'bot@acme.test', password: 'wiki-api-token-att' };
const LIBRARY = '610';
const PDF = 'nist-sp-800-145.pdf';
const DOCX = 'autogen-paper.docx';
const MARKDOWN = 'versioning.md';

interface Ref {
  doc_name: string;
  page_num: number;
  sample_text: string;
  url?: string | null;
}
interface DocumentWire {
  doc_name: string;
  source_type: string;
  source_id: string;
  source_url: string | null;
  page_count: number;
}

describe('WIKI attachments end to end', () => {
  let wiki: FakeConfluence;
  let docent: InProcessDocent;
  let client: DocentClient;
  let first: IngestionWire;
  const locator = { namespace_name: 'acme', collection_name: 'library' };
  const spec = () => ({
    url: wiki.url,
    space: 'KB',
    username: USER.username,
    token: USER.password,
    attachments: true,
  });

  async function ingest(): Promise<IngestionWire> {
    const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'WIKI',
      spec: spec(),
    });
    expect(created.status).toBe(200);
    return waitForIngestion(client, { ...locator, ingestion_id: created.body.ingestion_id });
  }

  async function documents(): Promise<Map<string, DocumentWire>> {
    const { body } = await client.post<{ documents: DocumentWire[] }>('/docs/list', {
      ...locator,
      limit: 100,
    });
    return new Map(body.documents.map((d) => [d.doc_name, d]));
  }

  async function ask(question: string): Promise<{ answer: string; refs: Ref[] }> {
    const { status, body } = await client.post<{ answer: string; refs: Ref[] }>('/docs/ask', {
      ...locator,
      question,
    });
    expect(status).toBe(200);
    return body;
  }

  beforeAll(async () => {
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [USER],
      // One attachment a request: the listing of the library's files needs several.
      limitCaps: { v2: 1 },
      spaces: [
        {
          key: 'KB',
          pages: [
            ...HANDBOOK_PAGES.map((p) => ({ id: p.id, title: p.title, body: p.body })),
            {
              id: LIBRARY,
              title: 'Standards library',
              body: '<p>Reference documents, attached.</p>',
              attachments: [
                {
                  id: 'att6101',
                  fileName: PDF,
                  mediaType: 'application/pdf',
                  content: corpus('nist-sp-800-145-definition-of-cloud-computing.pdf'),
                },
                {
                  id: 'att6102',
                  fileName: DOCX,
                  mediaType:
                    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
                  content: corpus('markitdown-test-autogen-paper.docx'),
                },
                {
                  id: 'att6103',
                  // Confluence often records uploads it does not know as octet-stream.
                  fileName: MARKDOWN,
                  mediaType: 'application/octet-stream',
                  content: corpus('nist-oscal-versioning-and-branching.md'),
                },
                { id: 'att6104', fileName: 'logo.png', mediaType: 'image/png', content: 'png' },
                {
                  id: 'att6105',
                  fileName: 'scans.pdf',
                  mediaType: 'application/pdf',
                  content: '%PDF',
                  reportedSize: 300 * 1024 * 1024,
                },
              ],
            },
          ],
        },
      ],
    });
    docent = await startDocent();
    client = docent.client;
    first = await ingest();
  });

  afterAll(async () => {
    await docent?.close();
    await wiki?.close();
  });

  it('ingests each readable attachment as a document named after its page', async () => {
    expect(first.status).toBe('succeeded');
    // The image is left out; the file over the size cap is skipped as unsupported (not a
    // failure), as a Drive file would be.
    expect(first.failures).toEqual([]);
    expect(first.unsupported).toEqual([
      {
        doc_name: 'Standards library / scans.pdf',
        source_id: 'att6105',
        message: 'file too large (300 MB; the limit is 100 MB)',
      },
    ]);
    const pages = HANDBOOK_PAGES.length + 1;
    expect(first.progress).toMatchObject({
      documents_discovered: pages + 4,
      documents_processed: pages + 3,
      documents_failed: 0,
      documents_unsupported: 1,
    });
    expect(first.spec).toMatchObject({ attachments: true, token: '***' });
    const listed = await documents();
    expect(listed.get(`Standards library / ${PDF}`)).toEqual({
      doc_name: `Standards library / ${PDF}`,
      source_type: 'WIKI',
      source_id: 'att6101',
      source_url: `${wiki.url}/wiki/pages/viewpageattachments.action?pageId=${LIBRARY}&preview=${encodeURIComponent(`/${LIBRARY}/att6101/${PDF}`)}`,
      page_count: 7,
      chunk_count: expect.any(Number),
      updated_at: expect.any(String),
    });
    expect(listed.has(`Standards library / ${DOCX}`)).toBe(true);
    expect(listed.has(`Standards library / ${MARKDOWN}`)).toBe(true);
    expect(listed.has('Standards library / logo.png')).toBe(false);
    // Downloads went through the site's redirect to the media API.
    expect(wiki.mediaRequests.filter((r) => r.status === 200)).toHaveLength(3);
  });

  it('answers from the physical page of an attached PDF, linking to that page', async () => {
    const { refs } = await ask(
      'According to the NIST definition of cloud computing, how many essential characteristics, service models and deployment models make up the cloud model?',
    );
    expect(refs[0]).toMatchObject({ doc_name: `Standards library / ${PDF}`, page_num: 6 });
    const url = new URL(refs[0]!.url!);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${wiki.url}/wiki/download/attachments/${LIBRARY}/${PDF}`,
    );
    expect(url.searchParams.get('version')).toBe('1');
    expect(url.hash).toBe('#page=6');
    // The link opens the file for someone signed in to the wiki.
    const opened = await fetch(refs[0]!.url!, {
      headers: { authorization: `Basic ${btoa(`${USER.username}:${USER.password}`)}` },
    });
    expect(opened.status).toBe(200);
    expect(
      Buffer.from(await opened.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('answers from attached DOCX and Markdown files, and links wiki pages to the page', async () => {
    const paper = await ask(
      'Which UUID is embedded in the middle of the paragraph in the Introduction?',
    );
    expect(paper.answer).toContain('314b0a30-5b04-470b-b9f7-eed2c2bec74a');
    // Refs stay in retrieval order (README, "Quality"): Elasticsearch's BM25 puts a page of the
    // PDF, which has an Introduction too, above the paper; the embedded index does not.
    const source = paper.refs.find((ref) => ref.doc_name === `Standards library / ${DOCX}`);
    expect(source?.url).toContain('/wiki/pages/viewpageattachments.action?pageId=610');
    const versions = await ask('What versioning scheme do OSCAL releases use?');
    expect(versions.refs[0]?.doc_name).toBe(`Standards library / ${MARKDOWN}`);
    const billing = await ask('Which port does the billing service listen on?');
    expect(billing.refs[0]).toMatchObject({
      doc_name: 'Billing service runbook',
      url: `${wiki.url}/wiki/spaces/KB/pages/501/Billing+service+runbook`,
    });
  });

  it('re-syncs by attachment version: a new upload replaced, a removed file deleted', async () => {
    wiki.upsertAttachment(LIBRARY, {
      id: 'att6103',
      fileName: MARKDOWN,
      mediaType: 'application/octet-stream',
      content: '# Versioning\n\nFrom 2027, OSCAL releases follow calendar versioning, YYYY.MM.',
    });
    wiki.deleteAttachment('att6102');
    const second = await ingest();
    expect(second.status).toBe('succeeded');
    // The file over the size cap is skipped again, as unsupported.
    expect(second.progress).toMatchObject({
      documents_processed: 1,
      documents_failed: 0,
      documents_unsupported: 1,
    });
    const listed = await documents();
    expect(listed.has(`Standards library / ${DOCX}`)).toBe(false);
    expect(listed.has(`Standards library / ${PDF}`)).toBe(true);
    const { answer } = await ask('Which versioning do OSCAL releases follow from 2027?');
    expect(answer).toContain('calendar versioning');
  });

  it('deletes the attachments with their page', async () => {
    expect(wiki.deletePage(LIBRARY)).toBe(true);
    const third = await ingest();
    expect(third.status).toBe('succeeded');
    const names = [...(await documents()).keys()];
    expect(names.filter((name) => name.startsWith('Standards library'))).toEqual([]);
    expect(names).toHaveLength(HANDBOOK_PAGES.length);
  });
});
