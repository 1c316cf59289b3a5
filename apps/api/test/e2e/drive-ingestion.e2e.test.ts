import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startFakeDrive, type FakeDrive } from '@docent/source-fakes';
import { scannedTypedBlankPdf, xlsxOf } from '@docent/test-support';
import type { DocentClient } from './support/docent-client';
import { startDocent, type InProcessDocent } from './support/docent-server';
import { waitForIngestion, type IngestionWire } from './support/wait-for';

jest.setTimeout(300_000);

const CORPUS = resolve(__dirname, '../../../../../shared/corpus');
const TOKEN = 'ya29.drive-test-token';
const corpus = (name: string) => readFileSync(join(CORPUS, name));
const MIME = {
  folder: 'application/vnd.google-apps.folder',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  slides: 'application/vnd.google-apps.presentation',
  sheet: 'application/vnd.google-apps.spreadsheet',
};

interface AskResponse {
  answer: string;
  refs: Array<{ doc_name: string; page_num: number; sample_text: string; url?: string | null }>;
}

/**
 * Issue 4's end to end: a Drive folder tree holding every supported type, plus files outside it,
 * through the real service; answers cite the physical page, slide and sheet.
 */
describe('DRIVE end to end (embedded mode)', () => {
  let drive: FakeDrive;
  let docent: InProcessDocent;
  let client: DocentClient;
  let ingestion: IngestionWire;
  const locator = { namespace_name: 'acme', collection_name: 'drive' };
  const budget = xlsxOf([
    {
      name: 'Summary',
      rows: [
        ['Item', 'Note'],
        ['Owner', 'Finance team'],
      ],
    },
    {
      name: 'Budget',
      rows: [
        ['Line', 'Amount'],
        ['Q3 offsite travel budget', '48,200 EUR'],
        ['Q3 hardware', '12,000 EUR'],
      ],
    },
    {
      name: 'Archive',
      rows: [
        ['Year', 'Total'],
        ['2019', '310,000 EUR'],
      ],
    },
  ]);

  beforeAll(async () => {
    drive = await startFakeDrive({
      accessTokens: [TOKEN],
      pageSizeCap: 4,
      sharedDrives: [{ id: 'shared-1', name: 'Team drive' }],
      files: [
        { id: 'kn', name: 'Knowledge', mimeType: MIME.folder },
        { id: 'ref', name: 'Reference', mimeType: MIME.folder, parent: 'kn' },
        { id: 'kn2', name: 'Knowledge', mimeType: MIME.folder, parent: 'shared-1' },
        {
          name: 'nist-sp-800-145-definition-of-cloud-computing.pdf',
          mimeType: MIME.pdf,
          parent: 'kn',
          content: corpus('nist-sp-800-145-definition-of-cloud-computing.pdf'),
        },
        {
          name: 'nist-sp-800-207-zero-trust-architecture.pdf',
          mimeType: MIME.pdf,
          parent: 'ref',
          content: corpus('nist-sp-800-207-zero-trust-architecture.pdf'),
        },
        {
          name: 'autogen-paper.docx',
          mimeType: MIME.docx,
          parent: 'ref',
          content: corpus('markitdown-test-autogen-paper.docx'),
        },
        {
          name: 'oscal-overview.pptx',
          mimeType: MIME.pptx,
          parent: 'kn',
          content: corpus('nist-oscal-high-level-overview-2018.pptx'),
        },
        {
          name: 'Budget 2026',
          mimeType: MIME.sheet,
          parent: 'kn2',
          exports: { [MIME.xlsx]: Buffer.from(budget) },
        },
        {
          name: 'POA&M model',
          mimeType: MIME.slides,
          parent: 'kn',
          exports: { [MIME.pptx]: corpus('nist-oscal-assessment-plan-results-poam.pptx') },
        },
        {
          name: 'inference-parameters.html',
          mimeType: 'text/html',
          parent: 'ref',
          content: corpus('autogen-blog-model-inference-parameters.html'),
        },
        {
          name: 'versioning.md',
          mimeType: 'text/markdown',
          parent: 'kn',
          content: corpus('nist-oscal-versioning-and-branching.md'),
        },
        {
          name: 'scanned-memo.pdf',
          mimeType: MIME.pdf,
          parent: 'kn',
          content: Buffer.from(scannedTypedBlankPdf()),
        },
        {
          name: 'broken.pdf',
          mimeType: MIME.pdf,
          parent: 'kn',
          content: Buffer.from('%PDF-1.7\nthis is not really a PDF at all \x00\x01\x02'),
        },
        {
          name: 'team-photo.png',
          mimeType: 'image/png',
          parent: 'kn',
          content: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
        },
        {
          name: 'old-notes.md',
          mimeType: 'text/markdown',
          parent: 'kn',
          content: 'Trashed fact: the vault code is 0000.',
          trashed: true,
        },
        {
          name: 'outside.md',
          mimeType: 'text/markdown',
          content: 'The outside fact: the canteen closes at 14:30.',
        },
      ],
    });
    docent = await startDocent({ DOCENT_DRIVE_API_URL: drive.url });
    client = docent.client;
    const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'DRIVE',
      spec: { token: TOKEN, folder_name: 'Knowledge' },
    });
    expect(created.status).toBe(200);
    ingestion = await waitForIngestion(client, {
      ...locator,
      ingestion_id: created.body.ingestion_id,
    });
  });

  afterAll(async () => {
    await docent?.close();
    await drive?.close();
  });

  async function ask(question: string): Promise<AskResponse> {
    const { status, body } = await client.post<AskResponse>('/docs/ask', { ...locator, question });
    expect(status).toBe(200);
    return body;
  }

  it('ingests every supported file of every folder of that name, and nothing outside them', async () => {
    expect(ingestion.status).toBe('succeeded');
    expect(ingestion.spec).toEqual({ token: '***', folder_name: 'Knowledge' });
    const list = await client.post<{
      documents: Array<{ doc_name: string; page_count: number; source_type: string }>;
    }>('/docs/list', { ...locator, limit: 100 });
    const byName = new Map(list.body.documents.map((d) => [d.doc_name, d]));
    expect([...byName.keys()].sort()).toEqual(
      [
        'Budget 2026',
        'POA&M model',
        'autogen-paper.docx',
        'inference-parameters.html',
        'nist-sp-800-145-definition-of-cloud-computing.pdf',
        'nist-sp-800-207-zero-trust-architecture.pdf',
        'oscal-overview.pptx',
        'scanned-memo.pdf',
        'versioning.md',
      ].sort(),
    );
    expect(byName.get('nist-sp-800-207-zero-trust-architecture.pdf')?.page_count).toBe(59);
    expect(byName.get('oscal-overview.pptx')?.page_count).toBe(7);
    expect(byName.get('Budget 2026')?.page_count).toBe(3);
    expect(byName.get('versioning.md')?.source_type).toBe('DRIVE');
  });

  it('lists the corrupt file in failures, the unsupported one apart, and the scanned page in warnings', () => {
    const failed = new Map(ingestion.failures.map((f) => [f.doc_name, f.message]));
    expect([...failed.keys()]).toEqual(['broken.pdf']);
    expect(ingestion.progress.documents_failed).toBe(1);
    // An image is not a failure: Docent does not ingest that type, and says so apart.
    expect(ingestion.unsupported).toEqual([
      {
        doc_name: 'team-photo.png',
        source_id: expect.any(String),
        message: 'unsupported file type (image/png)',
      },
    ]);
    expect(ingestion.progress.documents_unsupported).toBe(1);
    expect(ingestion.warnings).toEqual([
      {
        doc_name: 'scanned-memo.pdf',
        source_id: expect.any(String),
        message: expect.stringMatching(/page 1 is a? ?scanned/i),
      },
    ]);
  });

  it('answers from the physical PDF page', async () => {
    const cases: Array<[string, string, number]> = [
      [
        'Which NIST cloud deployment model is provisioned for exclusive use by a specific community of consumers from organizations that have shared concerns?',
        'nist-sp-800-145-definition-of-cloud-computing.pdf',
        7,
      ],
      [
        'According to the NIST definition of cloud computing, how many essential characteristics, service models and deployment models make up the cloud model?',
        'nist-sp-800-145-definition-of-cloud-computing.pdf',
        6,
      ],
      [
        'Which botnet does NIST SP 800-207 cite as an example of massive DoS attacks against key internet service providers?',
        'nist-sp-800-207-zero-trust-architecture.pdf',
        37,
      ],
      [
        'In a zero trust architecture, which logical component is responsible for the ultimate decision to grant access to a resource for a given subject?',
        'nist-sp-800-207-zero-trust-architecture.pdf',
        18,
      ],
    ];
    for (const [question, doc, page] of cases) {
      const { refs } = await ask(question);
      expect({
        question,
        doc: refs[0]?.doc_name,
        page: refs[0]?.page_num,
        url: refs[0]?.url,
      }).toEqual({
        question,
        doc,
        page,
        // The file's webViewLink: Drive's viewer has no link to one page.
        url: expect.stringMatching(
          /^https:\/\/drive\.google\.com\/file\/d\/[^/]+\/view\?usp=drivesdk$/,
        ),
      });
    }
  });

  it('answers from the right slide, of a PPTX file and of exported Google Slides', async () => {
    const team = await ask('Who were the OSCAL project co-leaders?');
    expect(team.refs[0]).toMatchObject({ doc_name: 'oscal-overview.pptx', page_num: 7 });
    expect(team.answer).toMatch(/Iorga|Waltermire/);
    const poam = await ask('When is the System Identifier used in the OSCAL POA&M model?');
    expect(poam.refs[0]).toMatchObject({ doc_name: 'POA&M model', page_num: 11 });
  });

  it('answers from the right sheet of an exported Google Sheet', async () => {
    const { refs, answer } = await ask('What is the Q3 offsite travel budget?');
    expect(refs[0]).toMatchObject({ doc_name: 'Budget 2026', page_num: 2 });
    expect(answer).toContain('48,200 EUR');
  });

  it('answers from DOCX, HTML and Markdown files too', async () => {
    expect((await ask('What versioning scheme do OSCAL releases use?')).refs[0]?.doc_name).toBe(
      'versioning.md',
    );
    expect(
      (
        await ask(
          'By how much can tuning inference parameters improve the accuracy of untuned gpt-4 on high-school math competition problems?',
        )
      ).refs[0]?.doc_name,
    ).toBe('inference-parameters.html');
    expect(
      (await ask('Which UUID is embedded in the middle of the paragraph in the Introduction?'))
        .answer,
    ).toContain('314b0a30-5b04-470b-b9f7-eed2c2bec74a');
  });
});
