import { DocumentRequestError, SourceError } from '@docent/connector-sdk';
import {
  collectWithEnd,
  documents,
  failures,
  readBytes,
  readLikeTheService,
} from '@docent/connector-sdk/testing';
import {
  type FakeAttachmentInput,
  type FakeConfluence,
  type FakePageInput,
  startFakeConfluence,
} from '@docent/source-fakes';
import { collect, openWikiSession, rejection } from './connector-harness';

const EMAIL = 'ada@example.com';
const API_TOKEN = 'cloud-api-token';
const PAT = 'dc-pat';
const MIB = 1024 * 1024;
const OOXML = 'application/vnd.openxmlformats-officedocument';

/** Four files Docent reads, one it does not, one too large, one in the trash. */
function attachmentsOf(pageId: string): FakeAttachmentInput[] {
  return [
    {
      id: `att${pageId}1`,
      fileName: 'guide.pdf',
      mediaType: 'application/pdf',
      content: `%PDF guide of ${pageId}`,
    },
    {
      id: `att${pageId}2`,
      fileName: 'notes.md',
      mediaType: 'application/octet-stream',
      content: `# Notes of ${pageId}`,
    },
    {
      id: `att${pageId}3`,
      fileName: 'plan.docx',
      mediaType: `${OOXML}.wordprocessingml.document`,
      content: `docx of ${pageId}`,
    },
    {
      id: `att${pageId}4`,
      fileName: 'data.csv',
      mediaType: 'text/csv',
      content: `a,b\n${pageId},2`,
    },
    { id: `att${pageId}5`, fileName: 'diagram.png', mediaType: 'image/png', content: 'png' },
    {
      id: `att${pageId}6`,
      fileName: 'huge.pdf',
      mediaType: 'application/pdf',
      content: 'small really',
      reportedSize: 200 * MIB,
    },
    {
      id: `att${pageId}7`,
      fileName: 'old.pdf',
      mediaType: 'application/pdf',
      content: 'gone',
      status: 'trashed',
    },
  ];
}

function pages(): FakePageInput[] {
  return [
    { id: '100', title: 'Runbook', body: '<p>run</p>', attachments: attachmentsOf('100') },
    { id: '101', title: 'No files', body: '<p>none</p>' },
    { id: '102', title: 'Design', body: '<p>design</p>', attachments: attachmentsOf('102') },
  ];
}

/** In listing order: each page, then its readable attachments. */
const EXPECTED = [
  '100',
  'att1001',
  'att1002',
  'att1003',
  'att1004',
  '101',
  '102',
  'att1021',
  'att1022',
  'att1023',
  'att1024',
];

describe('WIKI attachments on a fake Confluence Cloud', () => {
  let now = new Date('2025-04-01T08:00:00.000Z');
  let fake: FakeConfluence;
  const spec = (extra: Record<string, unknown> = {}) => ({
    url: fake.url,
    space: 'ENG',
    username: EMAIL,
    token: API_TOKEN,
    attachments: true,
    ...extra,
  });

  beforeEach(async () => {
    now = new Date('2025-04-01T08:00:00.000Z');
    fake = await startFakeConfluence({
      mode: 'cloud',
      users: [{ username: EMAIL, password: API_TOKEN }],
      // Two attachments a request: a page's files need several.
      limitCaps: { v2: 2 },
      now: () => now,
      spaces: [{ key: 'ENG', pages: pages() }],
    });
  });

  afterEach(() => fake.close());

  it('lists every readable attachment after its page, named after it, the large one failing', async () => {
    const { session } = await openWikiSession(spec());
    const { items, end } = await collectWithEnd(session.discover(null));
    expect(end).toBeUndefined();
    const listed = items.flatMap((item) =>
      item.type === 'document'
        ? [item.ref.sourceId]
        : item.type === 'failure'
          ? [`failed:${item.sourceId}`]
          : [],
    );
    expect(listed).toEqual([
      ...EXPECTED.slice(0, 5).flatMap((id) => (id === '101' ? [] : [id])),
      'failed:att1006',
      '101',
      ...EXPECTED.slice(6),
      'failed:att1026',
    ]);
    expect(failures(items)[0]).toEqual({
      type: 'failure',
      sourceId: 'att1006',
      title: 'Runbook / huge.pdf',
      message: 'file too large (200 MB; the limit is 100 MB)',
      // Skipped by rule, not failed: the ingestion counts it as unsupported.
      unsupported: true,
    });
    const pdf = documents(items).find((ref) => ref.sourceId === 'att1001')!;
    const download = `${fake.url}/wiki/download/attachments/100/guide.pdf?version=1&modificationDate=${Date.parse(now.toISOString())}&cacheVersion=1&api=v2`;
    expect(pdf).toEqual({
      sourceId: 'att1001',
      version: '1',
      title: 'Runbook / guide.pdf',
      url: `${fake.url}/wiki/pages/viewpageattachments.action?pageId=100&preview=%2F100%2Fatt1001%2Fguide.pdf`,
      pageUrlTemplate: `${download}#page={page}`,
      updatedAt: '2025-04-01T08:00:00.000Z',
    });
    // Only a PDF links to its pages.
    const markdown = documents(items).find((ref) => ref.sourceId === 'att1002')!;
    expect(markdown.pageUrlTemplate).toBeUndefined();
    expect(markdown.title).toBe('Runbook / notes.md');
    const listings = fake.requests.filter((r) => r.route === 'v2.pageAttachments');
    // 6 current attachments, 2 per request, for 2 pages; 1 request for the page without any.
    expect(listings).toHaveLength(7);
    expect(listings[0]!.query).toEqual({ status: 'current', limit: '250' });
    expect(fake.requests.every((r) => r.unknownParams.length === 0)).toBe(true);
  });

  it('reads each attachment through the media redirect, as the file the parsers expect', async () => {
    const { session } = await openWikiSession(spec());
    const read = await readLikeTheService(session);
    expect([...read.contents.keys()].sort()).toEqual([...EXPECTED].sort());
    expect(read.contents.get('att1021')).toEqual({
      kind: 'file',
      mediaType: 'application/pdf',
      fileName: 'guide.pdf',
      bytes: Buffer.from('%PDF guide of 102'),
    });
    // octet-stream + .md: read as Markdown.
    expect(read.contents.get('att1002')).toMatchObject({ mediaType: 'text/markdown' });
    const servlet = fake.requests.filter((r) => r.route === 'download.attachment');
    expect(servlet).toHaveLength(8);
    expect(servlet.every((r) => r.status === 302 && r.authScheme === 'basic')).toBe(true);
    // The signed media URL is fetched without the site's credentials.
    expect(fake.mediaRequests).toHaveLength(8);
    expect(fake.mediaRequests.every((r) => r.authScheme === 'none' && r.status === 200)).toBe(true);
  });

  it('asks nothing about attachments unless the spec says so', async () => {
    const { session } = await openWikiSession(spec({ attachments: false }));
    const items = await collect(session.discover(null));
    expect(documents(items).map((ref) => ref.sourceId)).toEqual(['100', '101', '102']);
    expect(fake.requests.some((r) => r.route?.includes('ttachment'))).toBe(false);
  });

  it('follows new versions and removals', async () => {
    fake.upsertAttachment('100', {
      id: 'att1001',
      fileName: 'guide.pdf',
      mediaType: 'application/pdf',
      content: '%PDF second edition',
    });
    fake.deleteAttachment('att1003');
    const { session } = await openWikiSession(spec());
    const read = await readLikeTheService(session);
    expect(read.contents.has('att1003')).toBe(false);
    expect(read.contents.get('att1001')).toMatchObject({
      bytes: Buffer.from('%PDF second edition'),
    });
    const again = await openWikiSession(spec());
    const refs = documents(await collect(again.session.discover(null)));
    expect(refs.find((ref) => ref.sourceId === 'att1001')).toMatchObject({ version: '2' });
    expect(refs.find((ref) => ref.sourceId === 'att1001')!.pageUrlTemplate).toContain('version=2');
  });

  it('fails one attachment whose download keeps failing; the rest is read', async () => {
    fake.setFault('download.attachment', {
      status: 500,
      params: { pageId: '102', fileName: 'plan.docx' },
    });
    const { session } = await openWikiSession(spec(), { retry: { maxAttempts: 2 } });
    const read = await readLikeTheService(session);
    expect(read.failures.filter((f) => f.sourceId === 'att1023')).toEqual([
      {
        sourceId: 'att1023',
        title: 'Design / plan.docx',
        message: expect.stringMatching(/HTTP 500.*after retries/),
      },
    ]);
    expect(read.contents.size).toBe(EXPECTED.length - 1);
  });

  it('fails an attachment whose signed link the media API refuses, not the source', async () => {
    const { fileId } = fake.getAttachment('att1004')!;
    fake.setFault('media.file', { status: 401, params: { fileId } });
    const { session } = await openWikiSession(spec());
    const read = await readLikeTheService(session);
    const failed = read.failures.find((f) => f.sourceId === 'att1004');
    expect(failed?.message).toMatch(/refused "Runbook \/ data.csv" \(HTTP 401\)/);
    expect(read.contents.size).toBe(EXPECTED.length - 1);
  });

  it('stops the listing when the attachments of a page cannot be listed, as a page list would', async () => {
    fake.setFault('v2.pageAttachments', { status: 500, params: { id: '102' } });
    const { session } = await openWikiSession(spec(), { retry: { maxAttempts: 2 } });
    const error = await rejection(collect(session.discover(null)));
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ code: 'source_unreachable' });
    expect(error.message).toMatch(/HTTP 500/);
  });

  it('lists no attachments for a page deleted after the page list was read', async () => {
    fake.setFault('v2.pageAttachments', { status: 404, params: { id: '100' } });
    const { session } = await openWikiSession(spec());
    const { items, end } = await collectWithEnd(session.discover(null));
    expect(end).toBeUndefined();
    expect(documents(items).map((ref) => ref.sourceId)).toEqual([
      '100',
      '101',
      ...EXPECTED.slice(6),
    ]);
  });

  it('waits out a 429 on an attachment listing', async () => {
    fake.setFault('v2.pageAttachments', { status: 429, retryAfterSeconds: 4, times: 2 });
    const { session, sleeps } = await openWikiSession(spec());
    const items = await collect(session.discover(null));
    expect(documents(items)).toHaveLength(EXPECTED.length);
    expect(sleeps).toEqual([4000, 4000]);
  });

  it('fetches an attachment it did not list, by id', async () => {
    const { session } = await openWikiSession(spec());
    const content = await session.fetch({
      sourceId: 'att1022',
      version: '1',
      title: 'Design / notes.md',
    });
    expect(content).toMatchObject({ kind: 'file', mediaType: 'text/markdown' });
    expect((await readBytes(content)).toString()).toBe('# Notes of 102');
    const error = await rejection(
      session.fetch({ sourceId: 'att9999', version: '1', title: 'Gone / x.pdf' }),
    );
    expect(error).toBeInstanceOf(DocumentRequestError);
    expect(error).toMatchObject({ code: 'source_not_found' });
  });
});

describe('WIKI attachments through the OAuth gateway', () => {
  let fake: FakeConfluence;

  beforeEach(async () => {
    fake = await startFakeConfluence({
      mode: 'cloud',
      oauth: { cloudId: 'cloud-9', accessTokens: ['oauth-at'], siteUrl: 'https://acme.example' },
      spaces: [{ key: 'ENG', pages: pages() }],
    });
  });

  afterEach(() => fake.close());

  it('lists and downloads through the gateway; every link is on the site itself', async () => {
    const { session } = await openWikiSession(
      { url: 'https://acme.example/wiki', space: 'ENG', attachments: true },
      {
        credentials: { mode: 'oauth', accessToken: () => Promise.resolve('oauth-at') },
        endpoints: { wikiOAuthApiUrl: fake.origin },
      },
    );
    await session.check();
    const read = await readLikeTheService(session);
    expect([...read.contents.keys()].sort()).toEqual([...EXPECTED].sort());
    const refs = documents(await collect(session.discover(null)));
    for (const ref of refs) expect(ref.url).toMatch(/^https:\/\/acme\.example\/wiki\//);
    expect(refs.find((ref) => ref.sourceId === 'att1001')!.pageUrlTemplate).toMatch(
      /^https:\/\/acme\.example\/wiki\/download\/attachments\/100\/guide\.pdf\?version=1&.*#page=\{page\}$/,
    );
    const downloads = fake.requests.filter((r) => r.route === 'v1.attachmentDownload');
    expect(downloads).toHaveLength(8);
    expect(
      downloads.every(
        (r) =>
          r.path.startsWith('/ex/confluence/cloud-9/wiki/rest/api/content/') &&
          r.query.version === '1' &&
          r.authScheme === 'bearer',
      ),
    ).toBe(true);
    expect(fake.requests.some((r) => r.route === 'download.attachment')).toBe(false);
  });
});

describe('WIKI attachments on a fake Confluence Data Center', () => {
  let fake: FakeConfluence;

  beforeEach(async () => {
    fake = await startFakeConfluence({
      mode: 'dc',
      contextPath: '/confluence',
      personalAccessTokens: [PAT],
      limitCaps: { v1Expanded: 2 },
      dcWrongNextStart: true,
      spaces: [{ key: 'OPS', pages: pages() }],
    });
  });

  afterEach(() => fake.close());

  it('lists child attachments by offset despite wrong next links, and downloads them directly', async () => {
    const { session } = await openWikiSession({
      url: fake.url,
      space: 'OPS',
      token: PAT,
      attachments: true,
    });
    const read = await readLikeTheService(session);
    expect([...read.contents.keys()].sort()).toEqual([...EXPECTED].sort());
    expect(read.failures.map((f) => f.sourceId)).toEqual(['att1006', 'att1026']);
    const listings = fake.requests.filter(
      (r) => r.route === 'v1.childAttachments' && r.path.includes('/100/'),
    );
    expect(listings.map((r) => r.query.start)).toEqual(['0', '2', '4']);
    expect(listings[0]!.query).toEqual({ expand: 'version', start: '0', limit: '50' });
    const downloads = fake.requests.filter((r) => r.route === 'download.attachment');
    expect(downloads.every((r) => r.status === 200 && r.authScheme === 'bearer')).toBe(true);
    const refs = documents(await collect(session.discover(null)));
    expect(refs.find((ref) => ref.sourceId === 'att1001')).toMatchObject({
      url: `${fake.url}/pages/viewpageattachments.action?pageId=100&preview=%2F100%2Fatt1001%2Fguide.pdf`,
      pageUrlTemplate: expect.stringMatching(
        new RegExp(
          `^${escape(fake.url)}/download/attachments/100/guide\\.pdf\\?version=1&.*#page=\\{page\\}$`,
        ),
      ),
    });
    // By id, through v1 content/{id} with its container.
    const fetched = await openWikiSession({
      url: fake.url,
      space: 'OPS',
      token: PAT,
      attachments: true,
    });
    const content = await fetched.session.fetch({
      sourceId: 'att1024',
      version: '1',
      title: 'Design / data.csv',
    });
    expect((await readBytes(content)).toString()).toBe('a,b\n102,2');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
