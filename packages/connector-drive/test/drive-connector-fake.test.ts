import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DocumentError, type DiscoveryItem } from '@docent/connector-sdk';
import {
  type FakeDrive,
  type FakeDriveFileInput,
  type FakeDriveOptions,
  GOOGLE_MIME,
  startFakeDrive,
} from '@docent/source-fakes';
import {
  checkpoints,
  collect,
  documentIds,
  documents,
  failures,
  openDriveSession,
  readBytes,
  rejection,
} from './drive-harness';

const CORPUS = path.resolve(__dirname, '../../../../shared/corpus');
const corpus = (name: string) => readFileSync(path.join(CORPUS, name));

const TOKEN = 'ya29.fake-drive-token';
const MAX_FILE_BYTES = 1024 * 1024;
const SHARED = '0ASharedEngineering';
const OOXML = 'application/vnd.openxmlformats-officedocument';
const DOCX = `${OOXML}.wordprocessingml.document`;
const PPTX = `${OOXML}.presentationml.presentation`;
const XLSX = `${OOXML}.spreadsheetml.sheet`;

const bytes = {
  pdf: corpus('nist-sp-800-145-definition-of-cloud-computing.pdf'),
  bigPdf: corpus('nist-sp-800-61r2-incident-handling-guide.pdf'),
  docx: corpus('fedramp-oscal-ssp-guide-overview.docx'),
  docx2: corpus('markitdown-test-autogen-paper.docx'),
  pptx: corpus('nist-oscal-assessment-plan-results-poam.pptx'),
  xlsx: corpus('nist-csf-v1.0-core.xlsx'),
  html: corpus('autogen-blog-model-inference-parameters.html'),
  md: corpus('nist-oscal-versioning-and-branching.md'),
  docPdf: corpus('rfc793-transmission-control-protocol.pdf'),
  sheetXlsx: corpus('fedramp-rev4-low-baseline-controls-2016.xlsx'),
  slidesPptx: corpus('nist-oscal-high-level-overview-2018.pptx'),
  sharedDocPdf: corpus('rfc8446-tls-1.3.pdf'),
};

/**
 * My Drive: Projects/Reports (selected) three levels deep with every supported type, Google
 * files, an image, an oversized PDF, a trashed file, a nested "Reports" and shortcuts (into
 * the tree, out of it to a file and to a folder that links back, and to nothing). Outside and
 * a trashed "Reports" must not be listed. A shared drive holds a second "Reports".
 */
function tree(): FakeDriveFileInput[] {
  const folder = (id: string, name: string, parent?: string, extra = {}) => ({
    id,
    name,
    mimeType: GOOGLE_MIME.folder,
    ...(parent ? { parent } : {}),
    ...extra,
  });
  return [
    folder('projects', 'Projects'),
    folder('r1', 'Reports', 'projects'),
    {
      id: 'pdf',
      name: 'Cloud definition.pdf',
      mimeType: 'application/pdf',
      parent: 'r1',
      content: bytes.pdf,
    },
    { id: 'md', name: 'Versioning.md', mimeType: 'text/plain', parent: 'r1', content: bytes.md },
    folder('l2', 'Level 2', 'r1'),
    { id: 'docx', name: 'SSP overview.docx', mimeType: DOCX, parent: 'l2', content: bytes.docx },
    {
      id: 'html',
      name: 'Inference blog.html',
      mimeType: 'text/html',
      parent: 'l2',
      content: bytes.html,
    },
    {
      id: 'gdoc',
      name: 'TCP notes',
      mimeType: GOOGLE_MIME.document,
      parent: 'l2',
      exports: { 'application/pdf': bytes.docPdf, 'text/plain': 'TCP notes as text' },
    },
    {
      id: 'gdoc-huge',
      name: 'Huge doc',
      mimeType: GOOGLE_MIME.document,
      parent: 'l2',
      exports: { 'text/plain': 'only the text survives' },
      exportTooLargeFor: ['application/pdf'],
    },
    folder('l3', 'Level 3', 'l2'),
    { id: 'pptx', name: 'POAM.pptx', mimeType: PPTX, parent: 'l3', content: bytes.pptx },
    { id: 'xlsx', name: 'CSF core.xlsx', mimeType: XLSX, parent: 'l3', content: bytes.xlsx },
    {
      id: 'gsheet',
      name: 'Baseline',
      mimeType: GOOGLE_MIME.spreadsheet,
      parent: 'l3',
      exports: { [XLSX]: bytes.sheetXlsx },
    },
    {
      id: 'gslides',
      name: 'Overview deck',
      mimeType: GOOGLE_MIME.presentation,
      parent: 'l3',
      exports: { [PPTX]: bytes.slidesPptx },
    },
    {
      id: 'png',
      name: 'diagram.png',
      mimeType: 'image/png',
      parent: 'l3',
      content: 'not really a png',
    },
    { id: 'form', name: 'Survey', mimeType: 'application/vnd.google-apps.form', parent: 'l3' },
    {
      id: 'big',
      name: 'Incident guide.pdf',
      mimeType: 'application/pdf',
      parent: 'l3',
      content: bytes.bigPdf,
    },
    {
      id: 'binned',
      name: 'Old.pdf',
      mimeType: 'application/pdf',
      parent: 'l3',
      content: 'old',
      trashed: true,
    },
    folder('r3', 'Reports', 'l3'),
    {
      id: 'nested',
      name: 'Nested.txt',
      mimeType: 'text/plain',
      parent: 'r3',
      content: 'nested text',
    },
    {
      id: 'sc-in',
      name: 'Level 2 link',
      mimeType: GOOGLE_MIME.shortcut,
      parent: 'r1',
      shortcutTargetId: 'l2',
    },
    {
      id: 'sc-out',
      name: 'Spec link',
      mimeType: GOOGLE_MIME.shortcut,
      parent: 'r1',
      shortcutTargetId: 'spec',
    },
    {
      id: 'sc-dir',
      name: 'Specs link',
      mimeType: GOOGLE_MIME.shortcut,
      parent: 'l2',
      shortcutTargetId: 'specs',
    },
    {
      id: 'sc-gone',
      name: 'Dangling link',
      mimeType: GOOGLE_MIME.shortcut,
      parent: 'l3',
      shortcutTargetId: 'deleted-file',
      shortcutTargetMimeType: 'application/pdf',
    },
    folder('archive', 'Archive'),
    { id: 'spec', name: 'Spec.docx', mimeType: DOCX, parent: 'archive', content: bytes.docx2 },
    {
      id: 'archived',
      name: 'Archived.md',
      mimeType: 'text/markdown',
      parent: 'archive',
      content: '# no',
    },
    folder('specs', 'Specs'),
    {
      id: 'spec-notes',
      name: 'Spec notes.md',
      mimeType: 'text/markdown',
      parent: 'specs',
      content: '# Specs',
    },
    {
      id: 'sc-back',
      name: 'Back to reports',
      mimeType: GOOGLE_MIME.shortcut,
      parent: 'specs',
      shortcutTargetId: 'r1',
    },
    folder('outside', 'Outside'),
    {
      id: 'outside-pdf',
      name: 'Outside.pdf',
      mimeType: 'application/pdf',
      parent: 'outside',
      content: bytes.pdf,
    },
    folder('r-binned', 'Reports', undefined, { trashed: true }),
    {
      id: 'binned-child',
      name: 'Binned.md',
      mimeType: 'text/markdown',
      parent: 'r-binned',
      content: '# x',
    },
    folder('r2', 'Reports', SHARED),
    { id: 'sd-docx', name: 'Shared SSP.docx', mimeType: DOCX, parent: 'r2', content: bytes.docx },
    {
      id: 'sd-gdoc',
      name: 'TLS notes',
      mimeType: GOOGLE_MIME.document,
      parent: 'r2',
      exports: { 'application/pdf': bytes.sharedDocPdf },
    },
    folder('sd-other', 'Other', SHARED),
    {
      id: 'sd-other-md',
      name: 'Other.md',
      mimeType: 'text/markdown',
      parent: 'sd-other',
      content: '# o',
    },
  ];
}

const SELECTED_DOCUMENTS = [
  'pdf',
  'md',
  'spec',
  'sd-docx',
  'sd-gdoc',
  'docx',
  'html',
  'gdoc',
  'gdoc-huge',
  'pptx',
  'xlsx',
  'gsheet',
  'gslides',
  'spec-notes',
  'nested',
];

/** What each document's content must be once fetched. */
const EXPECTED_CONTENT: Record<
  string,
  { mediaType: string; fileName: string; bytes: Buffer | string }
> = {
  pdf: { mediaType: 'application/pdf', fileName: 'Cloud definition.pdf', bytes: bytes.pdf },
  md: { mediaType: 'text/markdown', fileName: 'Versioning.md', bytes: bytes.md },
  docx: { mediaType: DOCX, fileName: 'SSP overview.docx', bytes: bytes.docx },
  html: { mediaType: 'text/html', fileName: 'Inference blog.html', bytes: bytes.html },
  gdoc: { mediaType: 'application/pdf', fileName: 'TCP notes.pdf', bytes: bytes.docPdf },
  'gdoc-huge': {
    mediaType: 'text/plain',
    fileName: 'Huge doc.txt',
    bytes: 'only the text survives',
  },
  pptx: { mediaType: PPTX, fileName: 'POAM.pptx', bytes: bytes.pptx },
  xlsx: { mediaType: XLSX, fileName: 'CSF core.xlsx', bytes: bytes.xlsx },
  gsheet: { mediaType: XLSX, fileName: 'Baseline.xlsx', bytes: bytes.sheetXlsx },
  gslides: { mediaType: PPTX, fileName: 'Overview deck.pptx', bytes: bytes.slidesPptx },
  spec: { mediaType: DOCX, fileName: 'Spec.docx', bytes: bytes.docx2 },
  'spec-notes': { mediaType: 'text/markdown', fileName: 'Spec notes.md', bytes: '# Specs' },
  nested: { mediaType: 'text/plain', fileName: 'Nested.txt', bytes: 'nested text' },
  'sd-docx': { mediaType: DOCX, fileName: 'Shared SSP.docx', bytes: bytes.docx },
  'sd-gdoc': { mediaType: 'application/pdf', fileName: 'TLS notes.pdf', bytes: bytes.sharedDocPdf },
};

/** Sorted by source id. */
const EXPECTED_FAILURES = [
  {
    sourceId: 'big',
    title: 'Incident guide.pdf',
    message: 'file too large (1.5 MB; the limit is 1.0 MB)',
  },
  { sourceId: 'form', title: 'Survey', message: 'unsupported Google type (Google Forms)' },
  { sourceId: 'png', title: 'diagram.png', message: 'unsupported file type (image/png)' },
  {
    sourceId: 'sc-gone',
    title: 'Dangling link',
    message: 'shortcut target deleted-file is missing or not shared with these credentials',
  },
];

const sorted = (values: string[]) => [...values].sort();

function failureSummary(items: DiscoveryItem[]) {
  return failures(items)
    .map(({ sourceId, title, message }) => ({ sourceId, title, message }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

describe('DriveConnector against a fake Google Drive', () => {
  let drive: FakeDrive;
  let clock: Date;

  async function start(options: FakeDriveOptions = {}) {
    drive = await startFakeDrive({
      accessTokens: [TOKEN],
      sharedDrives: [{ id: SHARED, name: 'Engineering' }],
      files: tree(),
      pageSizeCap: 3,
      unevenPages: true,
      emptyPageEvery: 4,
      now: () => clock,
      ...options,
    });
  }

  const open = (extra: Record<string, unknown> = { folder_name: 'Reports' }) =>
    openDriveSession(
      { token: TOKEN, ...extra },
      { endpoints: { driveApiUrl: drive.url }, maxFileBytes: MAX_FILE_BYTES },
    );

  beforeEach(async () => {
    clock = new Date('2024-05-01T10:00:00.000Z');
    await start();
  });

  afterEach(() => drive.close());

  it('lists every file below every "Reports" folder once, with failures for the rest', async () => {
    const { session } = await open();
    await session.check();
    const checkRequests = drive.requests.length;
    const items = await collect(session.discover(null));

    const ids = documentIds(items);
    expect(sorted(ids)).toEqual(sorted(SELECTED_DOCUMENTS));
    expect(new Set(ids).size).toBe(ids.length);
    expect(failureSummary(items)).toEqual(EXPECTED_FAILURES);
    expect(items.at(-1)!.type).toBe('checkpoint');

    const pdf = documents(items).find((ref) => ref.sourceId === 'pdf')!;
    expect(pdf).toEqual({
      sourceId: 'pdf',
      title: 'Cloud definition.pdf',
      version: expect.stringMatching(/^md5:[0-9a-f]{32};modified:2024-05-01T10:00:00.000Z$/),
      url: 'https://drive.google.com/file/d/pdf/view?usp=drivesdk',
      updatedAt: '2024-05-01T10:00:00.000Z',
    });

    // Every listing asked for shared-drive items and paged through small, uneven, empty pages.
    const lists = drive.requests.slice(checkRequests).filter((r) => r.route === 'files.list');
    // 7 listings (the search and 6 folders), most of them over several pages.
    expect(new Set(lists.map((r) => r.query.q)).size).toBe(7);
    expect(lists.length).toBeGreaterThan(7);
    expect(lists.every((r) => r.query.supportsAllDrives === 'true')).toBe(true);
    expect(lists.every((r) => r.query.includeItemsFromAllDrives === 'true')).toBe(true);
    expect(lists.filter((r) => r.query.pageToken !== undefined).length).toBeGreaterThan(0);
    expect(checkpoints(items)).toHaveLength(lists.length);
    expect(drive.requests.every((r) => r.authScheme === 'bearer')).toBe(true);
    expect(drive.requests.filter((r) => r.status !== 200).map((r) => [r.path, r.status])).toEqual([
      ['/drive/v3/files/deleted-file', 404],
    ]);
    expect(drive.requests.flatMap((r) => r.unknownParams)).toEqual([]);
    // Shortcut targets are read once each; folders already crawled (r1, l2) are not even read.
    const gets = drive.requests.filter((r) => r.route === 'files.get').map((r) => r.path);
    expect(sorted(gets)).toEqual(
      sorted(['spec', 'specs', 'deleted-file'].map((id) => `/drive/v3/files/${id}`)),
    );
  });

  it('fetches each document as its real bytes, exporting Google files', async () => {
    const { session } = await open();
    const refs = documents(await collect(session.discover(null)));
    for (const ref of refs) {
      const content = await session.fetch(ref);
      const expected = EXPECTED_CONTENT[ref.sourceId]!;
      expect(content).toMatchObject({
        kind: 'file',
        mediaType: expected.mediaType,
        fileName: expected.fileName,
      });
      const received = await readBytes(content);
      expect(received.equals(Buffer.from(expected.bytes))).toBe(true);
    }
    const exports = drive.requests.filter((r) => r.route === 'files.export');
    expect(exports.map((r) => [r.path.split('/')[4], r.query.mimeType, r.status])).toEqual(
      expect.arrayContaining([
        ['gdoc', 'application/pdf', 200],
        ['gdoc-huge', 'application/pdf', 403],
        ['gdoc-huge', 'text/plain', 200],
        ['gsheet', XLSX, 200],
        ['gslides', PPTX, 200],
        ['sd-gdoc', 'application/pdf', 200],
      ]),
    );
    expect(drive.requests.filter((r) => r.route === 'files.download')).toHaveLength(10);
  });

  it('resumes from any checkpoint with exactly the items after it', async () => {
    const full = await open();
    const everything = await collect(full.session.discover(null));
    const positions = everything.flatMap((item, index) =>
      item.type === 'checkpoint' ? [index] : [],
    );
    expect(positions.length).toBeGreaterThan(10);
    for (const position of positions) {
      const mark = everything[position] as { checkpoint: string };
      const resumed = await open();
      const rest = await collect(resumed.session.discover(mark.checkpoint));
      expect({ position, rest }).toEqual({ position, rest: everything.slice(position + 1) });
    }
  });

  it('ignores a checkpoint of another selection and starts over', async () => {
    const whole = await open({});
    const partial = await collect(whole.session.discover(null), 2);
    const { session, warnings } = await open();
    const items = await collect(session.discover(checkpoints(partial).at(-1)!));
    expect(sorted(documentIds(items))).toEqual(sorted(SELECTED_DOCUMENTS));
    expect(warnings).toEqual(['ignoring a checkpoint of another listing; listing from the start']);
  });

  it('crawls the whole drive without a folder name: My Drive and shared drives, no trash', async () => {
    const { session } = await open({});
    await session.check();
    const ids = documentIds(await collect(session.discover(null)));
    const expected = [...SELECTED_DOCUMENTS, 'archived', 'outside-pdf', 'sd-other-md'];
    expect(sorted(ids)).toEqual(sorted(expected));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('falls back to per-drive searches when the all-drives search is incomplete', async () => {
    await drive.close();
    await start({ incompleteAllDrivesSearch: true });
    const { session } = await open();
    await session.check();
    const ids = documentIds(await collect(session.discover(null)));
    expect(sorted(ids)).toEqual(sorted(SELECTED_DOCUMENTS));
    const corpora = drive.requests
      .filter((r) => r.route === 'files.list' && r.query.q?.startsWith('name ='))
      .map((r) => r.query.driveId ?? r.query.corpora);
    expect([...new Set(corpora)]).toEqual(['allDrives', 'user', SHARED]);
  });

  it('reports a folder name nobody can see, and rejected credentials', async () => {
    const missing = await open({ folder_name: 'reports' });
    expect(await rejection(missing.session.check())).toMatchObject({ code: 'source_not_found' });
    expect(await rejection(collect(missing.session.discover(null)))).toMatchObject({
      code: 'source_not_found',
    });
    const wrong = await openDriveSession(
      { token: 'ya29.wrong', folder_name: 'Reports' },
      { endpoints: { driveApiUrl: drive.url } },
    );
    const error = await rejection(wrong.session.check());
    expect(error).toMatchObject({ code: 'source_auth_failed' });
    expect(error.message).not.toContain('ya29.wrong');
  });

  it('survives injected rate limits and reports per-file refusals as document errors', async () => {
    drive.setFault('files.list', { status: 403, reason: 'userRateLimitExceeded', times: 2 });
    drive.setFault('files.download', { status: 429, times: 1 });
    const { session, sleeps } = await open();
    const refs = documents(await collect(session.discover(null)));
    expect(sleeps).toHaveLength(2);
    const pdf = refs.find((ref) => ref.sourceId === 'pdf')!;
    expect((await readBytes(await session.fetch(pdf))).equals(bytes.pdf)).toBe(true);
    expect(sleeps).toHaveLength(3);

    drive.upsertFile({
      id: 'pdf',
      name: 'Cloud definition.pdf',
      mimeType: 'application/pdf',
      parent: 'r1',
      content: bytes.pdf,
      copyRequiresWriterPermission: true,
    });
    const refused = await rejection(session.fetch(pdf));
    expect(refused).toBeInstanceOf(DocumentError);
    expect(refused.message).toContain('cannotDownloadFile');
    drive.deleteFile('docx');
    const gone = refs.find((ref) => ref.sourceId === 'docx')!;
    expect(await rejection(session.fetch(gone))).toMatchObject({ code: 'source_not_found' });
  });

  it('changes versions exactly when content changes between runs', async () => {
    const versions = async () => {
      const { session } = await open();
      const refs = documents(await collect(session.discover(null)));
      return Object.fromEntries(refs.map((ref) => [ref.sourceId, ref.version]));
    };
    const before = await versions();
    clock = new Date('2024-06-01T00:00:00.000Z');
    drive.upsertFile({
      id: 'md',
      name: 'Versioning.md',
      mimeType: 'text/plain',
      parent: 'r1',
      content: 'rewritten',
    });
    drive.upsertFile({
      id: 'gdoc',
      name: 'TCP notes',
      mimeType: GOOGLE_MIME.document,
      parent: 'l2',
      exports: { 'application/pdf': bytes.docPdf },
    });
    drive.trashFile('html');
    const after = await versions();
    expect(after.md).not.toBe(before.md);
    expect(after.gdoc).not.toBe(before.gdoc);
    expect(after.html).toBeUndefined();
    const unchanged = Object.keys(before).filter((id) => !['md', 'gdoc', 'html'].includes(id));
    for (const id of unchanged) expect(after[id]).toBe(before[id]);
  });
});
