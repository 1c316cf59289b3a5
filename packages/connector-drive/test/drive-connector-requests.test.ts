import nock from 'nock';
import { withNockOnly } from '@docent/connector-sdk/testing';
import { DocumentError, SourceError } from '@docent/connector-sdk';
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

const API = 'https://www.googleapis.com';
const TOKEN = 'ya29.secret-access-token';
const FOLDER = 'application/vnd.google-apps.folder';
const SHORTCUT = 'application/vnd.google-apps.shortcut';
const GDOC = 'application/vnd.google-apps.document';
const LIST_FIELDS =
  'nextPageToken,incompleteSearch,files(id,name,mimeType,parents,modifiedTime,md5Checksum,size,version,driveId,webViewLink,shortcutDetails,trashed)';
const FILE_FIELDS =
  'id,name,mimeType,parents,modifiedTime,md5Checksum,size,version,driveId,webViewLink,shortcutDetails,trashed';
const FLAGS = { supportsAllDrives: 'true', includeItemsFromAllDrives: 'true' };
const PDF_BYTES = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80]);
const MODIFIED = '2024-05-01T10:00:00.000Z';

const folderQuery = (name: string) =>
  `name = ${name} and mimeType = '${FOLDER}' and trashed = false`;
const childrenQuery = (id: string) => `'${id}' in parents and trashed = false`;

/** The exact files.list query the connector must send. */
function listQuery(
  q: string,
  corpus: { corpora: string; driveId?: string },
  pageToken?: string,
): Record<string, string> {
  return {
    q,
    fields: LIST_FIELDS,
    pageSize: '1000',
    ...corpus,
    ...FLAGS,
    ...(pageToken ? { pageToken } : {}),
  };
}

function item(id: string, name: string, mimeType: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    mimeType,
    parents: ['parent'],
    modifiedTime: MODIFIED,
    version: '12',
    webViewLink: `https://drive.google.com/file/d/${id}/view`,
    trashed: false,
    ...extra,
  };
}

const pdf = (id: string, name = `${id}.pdf`, extra: Record<string, unknown> = {}) =>
  item(id, name, 'application/pdf', {
    md5Checksum: `md5-${id}`,
    size: String(PDF_BYTES.length),
    ...extra,
  });

function googleError(status: number, reason: string, message = reason) {
  return {
    error: {
      code: status,
      message,
      errors: [
        {
          message,
          domain:
            reason.includes('RateLimit') || reason === 'rateLimitExceeded'
              ? 'usageLimits'
              : 'global',
          reason,
        },
      ],
    },
  };
}

const spec = (extra: Record<string, unknown> = {}) => ({ token: TOKEN, ...extra });
const drive = () => nock(API, { reqheaders: { authorization: `Bearer ${TOKEN}` } });

withNockOnly(nock);

describe('check()', () => {
  it('calls about, then searches all drives for the exact, escaped folder name', async () => {
    const name = "Q3 'plan' \\ notes";
    const scope = drive()
      .get('/drive/v3/about')
      .query({ fields: 'user(emailAddress)' })
      .reply(200, { user: { emailAddress: 'ada@example.com' } })
      .get('/drive/v3/files')
      .query(listQuery(folderQuery("'Q3 \\'plan\\' \\\\ notes'"), { corpora: 'allDrives' }))
      .reply(200, { files: [], nextPageToken: 'p2', incompleteSearch: false })
      .get('/drive/v3/files')
      .query(listQuery(folderQuery("'Q3 \\'plan\\' \\\\ notes'"), { corpora: 'allDrives' }, 'p2'))
      .reply(200, { files: [item('f1', name, FOLDER)] });
    const { session } = await openDriveSession(spec({ folder_name: name }));
    await session.check();
    scope.done();
  });

  it('reports source_not_found when only other names (or case variants) match', async () => {
    drive()
      .get('/drive/v3/about')
      .query(true)
      .reply(200, {})
      .get('/drive/v3/files')
      .query(true)
      .reply(200, { files: [item('f1', 'reports', FOLDER)] });
    const { session } = await openDriveSession(spec({ folder_name: 'Reports' }));
    const error = await rejection(session.check());
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({
      code: 'source_not_found',
      message:
        'no folder named "Reports" is visible to these credentials (My Drive and shared drives)',
    });
  });

  it('fails with source_auth_failed on 401, without the token in the message', async () => {
    nock(API)
      .get('/drive/v3/about')
      .query(true)
      .reply(401, googleError(401, 'authError', 'Invalid Credentials'));
    const { session } = await openDriveSession(spec());
    const error = await rejection(session.check());
    expect(error).toMatchObject({ code: 'source_auth_failed' });
    expect(error.message).toContain('HTTP 401 authError: Invalid Credentials');
    expect(error.message).not.toContain(TOKEN);
  });

  it('fails with source_auth_failed on a 403 that is not about one file (scopes)', async () => {
    nock(API)
      .get('/drive/v3/about')
      .query(true)
      .reply(403, googleError(403, 'insufficientPermissions', 'Insufficient Permission'));
    const { session } = await openDriveSession(spec());
    expect(await rejection(session.check())).toMatchObject({ code: 'source_auth_failed' });
  });

  it('asks the OAuth connection for a token on every request', async () => {
    let calls = 0;
    const scope = nock(API, { reqheaders: { authorization: (v) => /^Bearer oauth-\d$/.test(v) } })
      .get('/drive/v3/about')
      .query(true)
      .reply(200, {});
    const { session } = await openDriveSession(
      {},
      { credentials: { mode: 'oauth', accessToken: async () => `oauth-${++calls}` } },
    );
    await session.check();
    expect(calls).toBe(1);
    scope.done();
  });

  it('asks again for each request of one call, never reusing a token', async () => {
    const seen: string[] = [];
    let calls = 0;
    const scope = nock(API)
      .get('/drive/v3/about')
      .query(true)
      .reply(function () {
        seen.push(String(this.req.headers.authorization));
        return [200, {}];
      })
      .get('/drive/v3/files')
      .query(true)
      .reply(function () {
        seen.push(String(this.req.headers.authorization));
        return [200, { files: [item('f1', 'Reports', FOLDER)] }];
      });
    const { session } = await openDriveSession(
      { folder_name: 'Reports' },
      { credentials: { mode: 'oauth', accessToken: async () => `oauth-${++calls}` } },
    );
    await session.check();
    scope.done();
    expect(seen).toEqual(['Bearer oauth-1', 'Bearer oauth-2']);
  });
});

describe('discover()', () => {
  it('crawls every folder of the name recursively, by parent, each folder once', async () => {
    const scope = drive()
      .get('/drive/v3/files')
      .query(listQuery(folderQuery("'Reports'"), { corpora: 'allDrives' }))
      .reply(200, {
        files: [
          item('A', 'Reports', FOLDER),
          item('B', 'Reports', FOLDER, { driveId: 'SD' }),
          item('C', 'reports', FOLDER),
        ],
      })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('A'), { corpora: 'user' }))
      .reply(200, {
        nextPageToken: 'a2',
        files: [item('S', 'Sub', FOLDER), pdf('p1'), item('img', 'photo.png', 'image/png')],
      })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('A'), { corpora: 'user' }, 'a2'))
      .reply(200, { files: [] })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('B'), { corpora: 'drive', driveId: 'SD' }))
      .reply(200, {
        files: [
          item('md', 'notes.md', 'text/plain', { driveId: 'SD', md5Checksum: 'm', size: '4' }),
        ],
      })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('S'), { corpora: 'user' }))
      .reply(200, {
        files: [
          item('back', 'Up', SHORTCUT, {
            shortcutDetails: { targetId: 'A', targetMimeType: FOLDER },
          }),
          item('s1', 'Plan link', SHORTCUT, {
            shortcutDetails: { targetId: 'doc', targetMimeType: GDOC },
          }),
          item('s2', 'Dangling', SHORTCUT, { shortcutDetails: { targetId: 'gone' } }),
        ],
      })
      .get('/drive/v3/files/doc')
      .query({ fields: FILE_FIELDS, supportsAllDrives: 'true' })
      .reply(200, item('doc', 'Plan', GDOC))
      .get('/drive/v3/files/gone')
      .query({ fields: FILE_FIELDS, supportsAllDrives: 'true' })
      .reply(404, googleError(404, 'notFound', 'File not found: gone.'));

    const { session } = await openDriveSession(spec({ folder_name: 'Reports' }));
    const items = await collect(session.discover(null));
    scope.done();

    expect(documentIds(items)).toEqual(['p1', 'md', 'doc']);
    expect(failures(items)).toEqual([
      {
        type: 'failure',
        sourceId: 'img',
        title: 'photo.png',
        message: 'unsupported file type (image/png)',
        unsupported: true,
      },
      {
        type: 'failure',
        sourceId: 's2',
        title: 'Dangling',
        message: 'shortcut target gone is missing or not shared with these credentials',
      },
    ]);
    expect(documents(items)[0]).toEqual({
      sourceId: 'p1',
      version: `md5:md5-p1;modified:${MODIFIED}`,
      title: 'p1.pdf',
      url: 'https://drive.google.com/file/d/p1/view',
      updatedAt: MODIFIED,
    });
    expect(documents(items)[2]!.version).toBe(`export:application/pdf;modified:${MODIFIED}`);
    // One checkpoint per listing page: search, A (2 pages), B, S.
    expect(checkpoints(items)).toHaveLength(5);
    expect(items.at(-1)!.type).toBe('checkpoint');
  });

  it('searches My Drive and each shared drive when the all-drives search is incomplete', async () => {
    const scope = drive()
      .get('/drive/v3/files')
      .query(listQuery(folderQuery("'Reports'"), { corpora: 'allDrives' }))
      .reply(200, { incompleteSearch: true, files: [item('A', 'Reports', FOLDER)] })
      .get('/drive/v3/files')
      .query(listQuery(folderQuery("'Reports'"), { corpora: 'user' }))
      .reply(200, { files: [item('A', 'Reports', FOLDER)] })
      .get('/drive/v3/drives')
      .query({ pageSize: '100', fields: 'nextPageToken,drives(id,name)' })
      .reply(200, { drives: [{ id: 'SD', name: 'Eng' }] })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('A'), { corpora: 'user' }))
      .reply(200, { files: [pdf('p1')] })
      .get('/drive/v3/files')
      .query(listQuery(folderQuery("'Reports'"), { corpora: 'drive', driveId: 'SD' }))
      .reply(200, { files: [item('B', 'Reports', FOLDER, { driveId: 'SD' })] })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('B'), { corpora: 'drive', driveId: 'SD' }))
      .reply(200, { files: [pdf('p2', 'p2.pdf', { driveId: 'SD' })] });
    const { session } = await openDriveSession(spec({ folder_name: 'Reports' }));
    const items = await collect(session.discover(null));
    scope.done();
    expect(documentIds(items)).toEqual(['p1', 'p2']);
  });

  it('without a folder name, crawls My Drive from its root and every shared drive', async () => {
    const scope = drive()
      .get('/drive/v3/files/root')
      .query({ fields: 'id,name,mimeType' })
      .reply(200, { id: 'ROOT', name: 'My Drive', mimeType: FOLDER })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('ROOT'), { corpora: 'user' }))
      .reply(200, { files: [pdf('p1')] })
      .get('/drive/v3/drives')
      .query({ pageSize: '100', fields: 'nextPageToken,drives(id,name)' })
      .reply(200, { nextPageToken: 'd2', drives: [{ id: 'SD1', name: 'One' }] })
      .get('/drive/v3/drives')
      .query({ pageSize: '100', fields: 'nextPageToken,drives(id,name)', pageToken: 'd2' })
      .reply(200, { drives: [{ id: 'SD2', name: 'Two' }] })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('SD1'), { corpora: 'drive', driveId: 'SD1' }))
      .reply(200, { files: [pdf('p2')] })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('SD2'), { corpora: 'drive', driveId: 'SD2' }))
      .reply(200, { files: [] });
    const { session } = await openDriveSession(spec());
    expect(documentIds(await collect(session.discover(null)))).toEqual(['p1', 'p2']);
    scope.done();
  });

  it('retries 403 rateLimitExceeded and 429 (no Retry-After) with backoff, then goes on', async () => {
    drive()
      .get('/drive/v3/files/root')
      .query(true)
      .reply(403, googleError(403, 'rateLimitExceeded', 'Rate Limit Exceeded'))
      .get('/drive/v3/files/root')
      .query(true)
      .reply(403, googleError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded'))
      .get('/drive/v3/files/root')
      .query(true)
      .reply(429, googleError(429, 'rateLimitExceeded'))
      .get('/drive/v3/files/root')
      .query(true)
      .reply(200, { id: 'ROOT', name: 'My Drive', mimeType: FOLDER })
      .get('/drive/v3/files')
      .query(true)
      .reply(200, { files: [] })
      .get('/drive/v3/drives')
      .query(true)
      .reply(200, { drives: [] });
    const { session, sleeps } = await openDriveSession(spec());
    expect(await collect(session.discover(null))).toHaveLength(2);
    // Equal-jitter backoff (base 1 s, random 0.5): 750, 1500, 3000 ms.
    expect(sleeps).toEqual([750, 1500, 3000]);
  });

  it('fails with source_rate_limited once the throttling outlasts the retries', async () => {
    nock(API)
      .get('/drive/v3/files/root')
      .query(true)
      .times(2)
      .reply(403, googleError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded'));
    const { session } = await openDriveSession(spec(), { retry: { maxAttempts: 2 } });
    const error = await rejection(collect(session.discover(null)));
    expect(error).toMatchObject({ code: 'source_rate_limited' });
    expect(error.message).toContain('userRateLimitExceeded');
  });

  it('fails with source_unreachable on 5xx after retries', async () => {
    nock(API)
      .get('/drive/v3/files/root')
      .query(true)
      .times(2)
      .reply(503, googleError(503, 'backendError'));
    const { session } = await openDriveSession(spec(), { retry: { maxAttempts: 2 } });
    expect(await rejection(collect(session.discover(null)))).toMatchObject({
      code: 'source_unreachable',
    });
  });

  it('does not retry other 403s', async () => {
    nock(API)
      .get('/drive/v3/files/root')
      .query(true)
      .once()
      .reply(403, googleError(403, 'domainPolicy'));
    const { session, sleeps } = await openDriveSession(spec());
    expect(await rejection(collect(session.discover(null)))).toMatchObject({
      code: 'source_auth_failed',
    });
    expect(sleeps).toEqual([]);
  });
});

describe('fetch()', () => {
  /** Lists one folder holding `files`, so that fetch finds them without a files.get. */
  async function listed(files: unknown[]) {
    drive()
      .get('/drive/v3/files')
      .query(listQuery(folderQuery("'F'"), { corpora: 'allDrives' }))
      .reply(200, { files: [item('F', 'F', FOLDER)] })
      .get('/drive/v3/files')
      .query(listQuery(childrenQuery('F'), { corpora: 'user' }))
      .reply(200, { files });
    const harness = await openDriveSession(spec({ folder_name: 'F' }));
    const refs = documents(await collect(harness.session.discover(null)));
    return { ...harness, refs };
  }

  it('downloads binary files with alt=media and supportsAllDrives, streaming the bytes', async () => {
    const { session, refs } = await listed([pdf('p1', 'Budget')]);
    const scope = drive()
      .get('/drive/v3/files/p1')
      .query({ alt: 'media', supportsAllDrives: 'true' })
      .reply(200, PDF_BYTES, { 'content-type': 'application/pdf' });
    const content = await session.fetch(refs[0]!);
    expect(content).toMatchObject({
      kind: 'file',
      mediaType: 'application/pdf',
      fileName: 'Budget',
      size: PDF_BYTES.length,
    });
    expect((await readBytes(content)).equals(PDF_BYTES)).toBe(true);
    scope.done();
  });

  it('looks up a file it did not list, then downloads it', async () => {
    const scope = drive()
      .get('/drive/v3/files/p9')
      .query({ fields: FILE_FIELDS, supportsAllDrives: 'true' })
      .reply(200, pdf('p9'))
      .get('/drive/v3/files/p9')
      .query({ alt: 'media', supportsAllDrives: 'true' })
      .reply(200, PDF_BYTES);
    const { session } = await openDriveSession(spec());
    const content = await session.fetch({ sourceId: 'p9', version: 'v', title: 'p9.pdf' });
    expect((await readBytes(content)).length).toBe(PDF_BYTES.length);
    scope.done();
  });

  it('exports Google Docs as PDF, without supportsAllDrives', async () => {
    const { session, refs } = await listed([item('d1', 'Plan', GDOC)]);
    const scope = drive()
      .get('/drive/v3/files/d1/export')
      .query({ mimeType: 'application/pdf' })
      .reply(200, PDF_BYTES, {
        'content-type': 'application/pdf',
        'content-length': String(PDF_BYTES.length),
      });
    const content = await session.fetch(refs[0]!);
    expect(content).toMatchObject({
      kind: 'file',
      mediaType: 'application/pdf',
      fileName: 'Plan.pdf',
      size: PDF_BYTES.length,
    });
    expect((await readBytes(content)).equals(PDF_BYTES)).toBe(true);
    scope.done();
  });

  it('falls back to a plain-text export when the PDF is over the export limit', async () => {
    const { session, refs } = await listed([item('d1', 'Huge', GDOC)]);
    const scope = drive()
      .get('/drive/v3/files/d1/export')
      .query({ mimeType: 'application/pdf' })
      .reply(
        403,
        googleError(403, 'exportSizeLimitExceeded', 'This file is too large to be exported.'),
      )
      .get('/drive/v3/files/d1/export')
      .query({ mimeType: 'text/plain' })
      .reply(200, 'all the text');
    const content = await session.fetch(refs[0]!);
    expect(content).toMatchObject({ mediaType: 'text/plain', fileName: 'Huge.txt' });
    expect((await readBytes(content)).toString()).toBe('all the text');
    scope.done();
  });

  it('skips a Sheet over the export limit with a document error', async () => {
    const { session, refs } = await listed([
      item('s1', 'Big sheet', 'application/vnd.google-apps.spreadsheet'),
    ]);
    drive()
      .get('/drive/v3/files/s1/export')
      .query({ mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
      .reply(403, googleError(403, 'exportSizeLimitExceeded'));
    const error = await rejection(session.fetch(refs[0]!));
    expect(error).toBeInstanceOf(DocumentError);
    expect(error.message).toBe(
      'too large to export: Google exports at most 10 MB (exportSizeLimitExceeded)',
    );
  });

  it.each([
    ['cannotDownloadFile', 'the owner does not let viewers download, print or copy this file'],
    ['insufficientFilePermissions', 'these credentials may not read this file'],
    ['fileNotDownloadable', 'Google Drive has no downloadable content for this file'],
  ])('turns a per-file 403 %s into a document error', async (reason, message) => {
    const { session, refs } = await listed([pdf('p1')]);
    drive().get('/drive/v3/files/p1').query(true).reply(403, googleError(403, reason));
    const error = await rejection(session.fetch(refs[0]!));
    expect(error).toBeInstanceOf(DocumentError);
    expect(error.message).toBe(`${message} (${reason})`);
  });

  it('reports a file gone since the listing as source_not_found (one document)', async () => {
    const { session, refs } = await listed([pdf('p1')]);
    drive().get('/drive/v3/files/p1').query(true).reply(404, googleError(404, 'notFound'));
    expect(await rejection(session.fetch(refs[0]!))).toMatchObject({
      code: 'source_not_found',
      message: '"p1.pdf" no longer exists or is no longer shared with these credentials',
    });
  });

  it('gives up an export that keeps failing with 500 after 3 attempts, as a document error', async () => {
    const { session, refs, sleeps } = await listed([item('d1', 'Plan', GDOC)]);
    drive()
      .get('/drive/v3/files/d1/export')
      .query(true)
      .times(3)
      .reply(500, googleError(500, 'backendError'));
    const error = await rejection(session.fetch(refs[0]!));
    expect(error).toBeInstanceOf(DocumentError);
    expect(sleeps).toHaveLength(2);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('keeps retrying a throttled export with the full budget', async () => {
    const { session, refs, sleeps } = await listed([item('d1', 'Plan', GDOC)]);
    const scope = drive()
      .get('/drive/v3/files/d1/export')
      .query(true)
      .times(4)
      .reply(429, googleError(429, 'rateLimitExceeded'))
      .get('/drive/v3/files/d1/export')
      .query(true)
      .reply(200, PDF_BYTES);
    const content = await session.fetch(refs[0]!);
    expect((await readBytes(content)).equals(PDF_BYTES)).toBe(true);
    expect(sleeps).toHaveLength(3);
    scope.done();
  });

  it('fails the ingestion when the token dies mid-run (401 on a download)', async () => {
    const { session, refs } = await listed([pdf('p1')]);
    drive().get('/drive/v3/files/p1').query(true).reply(401, googleError(401, 'authError'));
    expect(await rejection(session.fetch(refs[0]!))).toMatchObject({
      code: 'source_auth_failed',
    });
  });
});
