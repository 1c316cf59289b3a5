import { createHash } from 'node:crypto';
import {
  EXPORT_LIMIT_BYTES,
  type FakeDrive,
  type FakeDriveFileInput,
  type FakeDriveOptions,
  GOOGLE_MIME,
  startFakeDrive,
} from '../src';

const TOKEN = 'ya29.test-token';
const AUTH = `Bearer ${TOKEN}`;
const PDF_BYTES = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80, 0x0a, 0xc3]);
const SHARED = '0ASharedEngineering';
const ALL_DRIVES = 'supportsAllDrives=true&includeItemsFromAllDrives=true';
const FOLDER_FIELDS = 'nextPageToken,files(id,name)';

function manyFiles(count: number): FakeDriveFileInput[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `many-${String(i).padStart(2, '0')}`,
    name: `Note ${i}.txt`,
    mimeType: 'text/plain',
    parent: 'many',
    content: `note ${i}`,
  }));
}

function fixture(): FakeDriveFileInput[] {
  return [
    { id: 'reports', name: 'Reports', mimeType: GOOGLE_MIME.folder },
    {
      id: 'pdf-1',
      name: 'Budget.pdf',
      mimeType: 'application/pdf',
      parent: 'reports',
      content: PDF_BYTES,
    },
    {
      id: 'doc-1',
      name: 'Plan',
      mimeType: GOOGLE_MIME.document,
      parent: 'reports',
      exports: { 'application/pdf': PDF_BYTES, 'text/plain': 'the plan' },
    },
    {
      id: 'doc-big',
      name: 'Huge',
      mimeType: GOOGLE_MIME.document,
      parent: 'reports',
      exports: { 'text/plain': 'short', 'application/pdf': Buffer.alloc(EXPORT_LIMIT_BYTES + 1) },
      exportTooLargeFor: ['text/html'],
    },
    {
      id: 'locked',
      name: 'Locked.pdf',
      mimeType: 'application/pdf',
      parent: 'reports',
      content: PDF_BYTES,
      copyRequiresWriterPermission: true,
    },
    {
      id: 'locked-doc',
      name: 'Locked doc',
      mimeType: GOOGLE_MIME.document,
      parent: 'reports',
      copyRequiresWriterPermission: true,
      exports: { 'application/pdf': PDF_BYTES },
    },
    { id: 'old', name: 'Old.pdf', mimeType: 'application/pdf', parent: 'reports', trashed: true },
    { id: 'bin', name: 'Bin', mimeType: GOOGLE_MIME.folder, trashed: true },
    { id: 'bin-child', name: 'In bin.txt', mimeType: 'text/plain', parent: 'bin', content: 'x' },
    { id: 'sd-folder', name: 'Reports', mimeType: GOOGLE_MIME.folder, parent: SHARED },
    {
      id: 'sd-file',
      name: 'Shared.md',
      mimeType: 'text/markdown',
      parent: 'sd-folder',
      content: '# hi',
    },
    { id: 'sc-1', name: 'Budget link', mimeType: GOOGLE_MIME.shortcut, shortcutTargetId: 'pdf-1' },
    {
      id: 'sc-missing',
      name: 'Dangling',
      mimeType: GOOGLE_MIME.shortcut,
      shortcutTargetId: 'gone',
      shortcutTargetMimeType: GOOGLE_MIME.folder,
    },
    { id: 'many', name: 'Many', mimeType: GOOGLE_MIME.folder },
    ...manyFiles(25),
  ];
}

interface Answer {
  status: number;
  headers: Headers;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- API bodies of many shapes
  bytes: Buffer;
}

async function call(
  url: string,
  init: { authorization?: string | null; method?: string; body?: string } = {},
): Promise<Answer> {
  const authorization = init.authorization === undefined ? AUTH : init.authorization;
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(init.body ? { body: init.body } : {}),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, bytes };
}

describe('fake Google Drive', () => {
  let drive: FakeDrive;
  let clock: Date;
  const q = (text: string) => encodeURIComponent(text);

  async function start(options: FakeDriveOptions = {}) {
    drive = await startFakeDrive({
      accessTokens: [TOKEN],
      sharedDrives: [{ id: SHARED, name: 'Engineering' }],
      files: fixture(),
      now: () => clock,
      ...options,
    });
  }

  /** Every page of a listing, following nextPageToken until it is absent. */
  async function listAll(query: string): Promise<{ ids: string[]; pages: number[] }> {
    const ids: string[] = [];
    const pages: number[] = [];
    let token: string | undefined;
    do {
      const url = `${drive.url}/drive/v3/files?${query}${token ? `&pageToken=${token}` : ''}`;
      const answer = await call(url);
      expect(answer.status).toBe(200);
      pages.push(answer.json.files.length);
      ids.push(...answer.json.files.map((f: { id: string }) => f.id));
      token = answer.json.nextPageToken;
    } while (token !== undefined);
    return { ids, pages };
  }

  beforeEach(async () => {
    clock = new Date('2024-05-01T10:00:00.000Z');
    await start();
  });

  afterEach(() => drive.close());

  describe('auth', () => {
    it("answers Google's 401 envelopes: no credential, and an invalid one", async () => {
      const missing = await call(`${drive.url}/drive/v3/files`, { authorization: null });
      expect(missing.status).toBe(401);
      expect(missing.json.error).toMatchObject({
        code: 401,
        status: 'UNAUTHENTICATED',
        errors: [
          {
            message: 'Login Required.',
            domain: 'global',
            reason: 'required',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
      });
      const wrong = await call(`${drive.url}/drive/v3/about?fields=user`, {
        authorization: 'Bearer nope',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect(wrong.json).toEqual({
        error: {
          code: 401,
          message: expect.stringMatching(/^Request had invalid authentication credentials\./),
          errors: [
            {
              message: 'Invalid Credentials',
              domain: 'global',
              reason: 'authError',
              location: 'Authorization',
              locationType: 'header',
            },
          ],
          status: 'UNAUTHENTICATED',
        },
      });
      const basic = await call(`${drive.url}/drive/v3/files`, { authorization: 'Basic eDp5' });
      expect(basic.status).toBe(401);
      expect(drive.requests.map((r) => r.authScheme)).toEqual(['none', 'bearer', 'basic']);
    });

    it('refreshes with the form-encoded grant, keeps the refresh token, expires access tokens', async () => {
      await drive.close();
      await start({
        oauth: {
          clients: [{ clientId: 'cid', clientSecret: 'csecret' }],
          refreshTokens: ['rt-1'],
          accessTokenTtlSeconds: 60,
        },
      });
      const grant = (refreshToken: string, secret = 'csecret') =>
        call(`${drive.url}/token`, {
          method: 'POST',
          authorization: null,
          body: `grant_type=refresh_token&client_id=cid&client_secret=${secret}&refresh_token=${refreshToken}`,
        });
      const first = await grant('rt-1');
      expect(first.status).toBe(200);
      expect(first.json).toEqual({
        access_token: expect.any(String),
        expires_in: 60,
        scope: 'https://www.googleapis.com/auth/drive.readonly',
        token_type: 'Bearer',
      });
      const about = () =>
        call(`${drive.url}/drive/v3/about?fields=user/emailAddress`, {
          authorization: `Bearer ${first.json.access_token}`,
        });
      expect((await about()).json).toEqual({ user: { emailAddress: 'fake.user@example.com' } });
      expect((await grant('rt-1')).status).toBe(200);
      clock = new Date(clock.getTime() + 61_000);
      expect((await about()).status).toBe(401);
      expect((await grant('rt-unknown')).json).toEqual({
        error: 'invalid_grant',
        error_description: 'Token has been expired or revoked.',
      });
      expect((await grant('rt-1', 'wrong')).status).toBe(401);
    });

    it('redirects the consent screen back with a code whose exchange checks the PKCE verifier', async () => {
      await drive.close();
      await start({
        oauth: { clients: [{ clientId: 'cid', clientSecret: 'csecret' }], refreshTokens: [] },
      });
      const redirectUri = 'http://localhost:8080/oauth/callback';
      const verifier = 'a-verifier-long-enough-for-pkce-0123456789';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const consent = (extra: string) =>
        fetch(
          `${drive.url}/o/oauth2/v2/auth?client_id=cid&response_type=code&state=s1&redirect_uri=${encodeURIComponent(redirectUri)}${extra}`,
          { redirect: 'manual' },
        );
      const codeFrom = async (response: Response) => {
        expect(response.status).toBe(302);
        const location = new URL(response.headers.get('location')!);
        expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
        expect(location.searchParams.get('state')).toBe('s1');
        expect(location.searchParams.get('scope')).toBe(
          'https://www.googleapis.com/auth/drive.readonly',
        );
        return location.searchParams.get('code')!;
      };
      const exchange = (code: string, codeVerifier: string) =>
        call(`${drive.url}/token`, {
          method: 'POST',
          authorization: null,
          body: `grant_type=authorization_code&client_id=cid&client_secret=csecret&code=${encodeURIComponent(code)}&redirect_uri=${encodeURIComponent(redirectUri)}&code_verifier=${codeVerifier}`,
        });

      const pkce = `&code_challenge=${challenge}&code_challenge_method=S256`;
      const wrongVerifier = await exchange(await codeFrom(await consent(pkce)), 'not-it');
      expect(wrongVerifier.json).toEqual({
        error: 'invalid_grant',
        error_description: 'Invalid code verifier.',
      });
      const code = await codeFrom(await consent(pkce));
      const granted = await exchange(code, verifier);
      expect(granted.status).toBe(200);
      expect(granted.json).toMatchObject({ expires_in: 3599, token_type: 'Bearer' });
      const about = await call(`${drive.url}/drive/v3/about?fields=user/emailAddress`, {
        authorization: `Bearer ${granted.json.access_token}`,
      });
      expect(about.status).toBe(200);
      expect((await exchange(code, verifier)).status).toBe(400);
      // The refresh token the exchange issued refreshes, and stays valid (Google's never rotate).
      const refresh = () =>
        call(`${drive.url}/token`, {
          method: 'POST',
          authorization: null,
          body: `grant_type=refresh_token&client_id=cid&client_secret=csecret&refresh_token=${encodeURIComponent(granted.json.refresh_token)}`,
        });
      expect((await refresh()).status).toBe(200);
      expect((await refresh()).status).toBe(200);

      const plain = await consent(`&code_challenge=${challenge}&code_challenge_method=plain`);
      expect(plain.status).toBe(400);
      expect(plain.headers.get('content-type')).toContain('text/html');
    });

    it('forgets a revoked token', async () => {
      drive.revokeAccessToken(TOKEN);
      expect((await call(`${drive.url}/drive/v3/files`)).status).toBe(401);
    });
  });

  describe('files.list', () => {
    it('returns only kind,id,name,mimeType per file without fields, and pages', async () => {
      const answer = await call(
        `${drive.url}/drive/v3/files?pageSize=2&q=${q("'reports' in parents")}`,
      );
      expect(answer.json).toEqual({
        kind: 'drive#fileList',
        incompleteSearch: false,
        nextPageToken: expect.any(String),
        files: [
          { kind: 'drive#file', id: 'pdf-1', name: 'Budget.pdf', mimeType: 'application/pdf' },
          { kind: 'drive#file', id: 'doc-1', name: 'Plan', mimeType: GOOGLE_MIME.document },
        ],
      });
    });

    it('omits nextPageToken when fields does not ask for it', async () => {
      const answer = await call(
        `${drive.url}/drive/v3/files?pageSize=2&fields=files(id)&q=${q("'reports' in parents")}`,
      );
      expect(answer.json).toEqual({ files: [{ id: 'pdf-1' }, { id: 'doc-1' }] });
    });

    it('serves nested field selections and refuses unknown fields', async () => {
      const fields = 'files(id,md5Checksum,size,version,parents,shortcutDetails(targetId),driveId)';
      const answer = await call(
        `${drive.url}/drive/v3/files?${ALL_DRIVES}&fields=${fields}&q=${q("name = 'Budget.pdf' or name = 'Budget link' or name = 'Shared.md'")}`,
      );
      expect(answer.json.files).toEqual([
        {
          id: 'pdf-1',
          md5Checksum: createHash('md5').update(PDF_BYTES).digest('hex'),
          size: String(PDF_BYTES.length),
          version: expect.stringMatching(/^\d+$/),
          parents: ['reports'],
        },
        {
          id: 'sd-file',
          md5Checksum: expect.any(String),
          size: '4',
          version: expect.any(String),
          parents: ['sd-folder'],
          driveId: SHARED,
        },
        {
          id: 'sc-1',
          version: expect.any(String),
          parents: [drive.myDriveRootId],
          shortcutDetails: { targetId: 'pdf-1' },
        },
      ]);
      const bad = await call(`${drive.url}/drive/v3/files?fields=files(id,colour)`);
      expect(bad.status).toBe(400);
      expect(bad.json.error.errors[0]).toEqual({
        message: 'Invalid field selection files/colour',
        domain: 'global',
        reason: 'invalidParameter',
        location: 'fields',
        locationType: 'parameter',
      });
    });

    it('includes trashed files unless q excludes them; trash reaches into folders', async () => {
      const all = await listAll(`fields=${FOLDER_FIELDS}&q=${q("'reports' in parents")}`);
      expect(all.ids).toContain('old');
      const live = await listAll(
        `fields=${FOLDER_FIELDS}&q=${q("'reports' in parents and trashed = false")}`,
      );
      expect(live.ids).toEqual(['pdf-1', 'doc-1', 'doc-big', 'locked', 'locked-doc']);
      const binChildren = await listAll(`q=${q("'bin' in parents and trashed = false")}`);
      expect(binChildren.ids).toEqual([]);
      const get = await call(
        `${drive.url}/drive/v3/files/bin-child?fields=trashed,explicitlyTrashed`,
      );
      expect(get.json).toEqual({ trashed: true, explicitlyTrashed: false });
    });

    it("treats 'root' as the My Drive root in parents", async () => {
      const { ids } = await listAll(`q=${q("'root' in parents and trashed = false")}`);
      expect(ids).toEqual(['reports', 'sc-1', 'sc-missing', 'many']);
    });

    it('hides shared-drive items unless both flags are set; corpora=drive scopes to one drive', async () => {
      const named = q("name = 'Reports'");
      expect((await listAll(`q=${named}`)).ids).toEqual(['reports']);
      expect((await listAll(`q=${named}&supportsAllDrives=true`)).ids).toEqual(['reports']);
      expect((await listAll(`q=${named}&${ALL_DRIVES}`)).ids).toEqual(['reports', 'sd-folder']);
      expect((await listAll(`q=${named}&${ALL_DRIVES}&corpora=allDrives`)).ids).toEqual([
        'reports',
        'sd-folder',
      ]);
      expect(
        (await listAll(`q=${named}&${ALL_DRIVES}&corpora=drive&driveId=${SHARED}`)).ids,
      ).toEqual(['sd-folder']);
      const noFlags = await call(`${drive.url}/drive/v3/files?corpora=drive&driveId=${SHARED}`);
      expect(noFlags.status).toBe(400);
      const noDrive = await call(`${drive.url}/drive/v3/files?corpora=drive&${ALL_DRIVES}`);
      expect(noDrive.status).toBe(400);
      const unknown = await call(
        `${drive.url}/drive/v3/files?corpora=drive&driveId=nope&${ALL_DRIVES}`,
      );
      expect(unknown.status).toBe(404);
    });

    it('says incompleteSearch and skips shared drives when told to', async () => {
      await drive.close();
      await start({ incompleteAllDrivesSearch: true });
      const answer = await call(
        `${drive.url}/drive/v3/files?corpora=allDrives&${ALL_DRIVES}&fields=incompleteSearch,files(id)&q=${q("name = 'Reports'")}`,
      );
      expect(answer.json).toEqual({ incompleteSearch: true, files: [{ id: 'reports' }] });
    });

    it('caps pageSize below the request and serves uneven and empty pages with a token', async () => {
      await drive.close();
      await start({ pageSizeCap: 5, emptyPageEvery: 3, unevenPages: true });
      const { ids, pages } = await listAll(
        `pageSize=100&fields=${FOLDER_FIELDS}&q=${q("'many' in parents")}`,
      );
      expect(ids).toEqual(manyFiles(25).map((f) => f.id));
      expect(pages).toEqual([5, 4, 0, 5, 4, 0, 5, 2]);
    });

    it('refuses a page token of another query, a bad q and a bad pageSize', async () => {
      const first = await call(
        `${drive.url}/drive/v3/files?pageSize=2&q=${q("'many' in parents")}`,
      );
      const reused = await call(
        `${drive.url}/drive/v3/files?pageSize=2&q=${q("'reports' in parents")}&pageToken=${first.json.nextPageToken}`,
      );
      expect(reused.status).toBe(400);
      expect(reused.json.error.errors[0]).toMatchObject({
        reason: 'invalid',
        location: 'pageToken',
      });
      const badQ = await call(`${drive.url}/drive/v3/files?q=${q("name = 'unterminated")}`);
      expect(badQ.status).toBe(400);
      expect(badQ.json.error).toMatchObject({
        code: 400,
        message: 'Invalid Value',
        errors: [{ reason: 'invalid', location: 'q', locationType: 'parameter' }],
      });
      const badSize = await call(`${drive.url}/drive/v3/files?pageSize=1001`);
      expect(badSize.status).toBe(400);
    });

    it('orders by orderBy keys', async () => {
      const byName = await listAll(
        `orderBy=name desc&q=${q("'reports' in parents and not name contains 'locked'")}`,
      );
      expect(byName.ids).toEqual(['doc-1', 'old', 'doc-big', 'pdf-1']);
      const foldersFirst = await listAll(`orderBy=folder,name&q=${q("'root' in parents")}`);
      expect(foldersFirst.ids).toEqual(['bin', 'many', 'reports', 'sc-1', 'sc-missing']);
      expect((await call(`${drive.url}/drive/v3/files?orderBy=colour`)).status).toBe(400);
    });
  });

  describe('files.get, download and export', () => {
    it('answers 404 for a shared-drive file without supportsAllDrives', async () => {
      const without = await call(`${drive.url}/drive/v3/files/sd-file`);
      expect(without.status).toBe(404);
      expect(without.json.error).toMatchObject({
        message: 'File not found: sd-file.',
        errors: [{ reason: 'notFound', location: 'fileId', locationType: 'parameter' }],
        status: 'NOT_FOUND',
      });
      const withFlag = await call(
        `${drive.url}/drive/v3/files/sd-file?supportsAllDrives=true&fields=id,driveId`,
      );
      expect(withFlag.json).toEqual({ id: 'sd-file', driveId: SHARED });
      const root = await call(`${drive.url}/drive/v3/files/root?fields=id,name,mimeType`);
      expect(root.json).toEqual({
        id: drive.myDriveRootId,
        name: 'My Drive',
        mimeType: GOOGLE_MIME.folder,
      });
      const driveRoot = await call(
        `${drive.url}/drive/v3/files/${SHARED}?supportsAllDrives=true&fields=id,name,driveId`,
      );
      expect(driveRoot.json).toEqual({ id: SHARED, name: 'Engineering', driveId: SHARED });
    });

    it('downloads exact bytes with alt=media; Docs Editors files are not downloadable', async () => {
      const media = await call(
        `${drive.url}/drive/v3/files/pdf-1?alt=media&supportsAllDrives=true`,
      );
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('application/pdf');
      expect(media.bytes.equals(PDF_BYTES)).toBe(true);
      const doc = await call(`${drive.url}/drive/v3/files/doc-1?alt=media`);
      expect(doc.status).toBe(403);
      expect(doc.json.error.errors[0]).toEqual({
        message:
          'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
        domain: 'global',
        reason: 'fileNotDownloadable',
        location: 'alt',
        locationType: 'parameter',
      });
      const locked = await call(`${drive.url}/drive/v3/files/locked?alt=media`);
      expect(locked.json.error.errors[0].reason).toBe('cannotDownloadFile');
      expect(drive.requests.map((r) => r.route)).toEqual([
        'files.download',
        'files.download',
        'files.download',
      ]);
    });

    it('exports the stored bytes per target type, with the export errors', async () => {
      const exportOf = (id: string, type?: string) =>
        call(
          `${drive.url}/drive/v3/files/${id}/export${type ? `?mimeType=${encodeURIComponent(type)}` : ''}`,
        );
      const pdf = await exportOf('doc-1', 'application/pdf');
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.bytes.equals(PDF_BYTES)).toBe(true);
      expect((await exportOf('doc-1', 'text/plain')).bytes.toString()).toBe('the plan');

      const reasonOf = async (id: string, type?: string) => {
        const answer = await exportOf(id, type);
        return [answer.status, answer.json.error.errors[0].reason];
      };
      expect(await reasonOf('doc-1', 'image/png')).toEqual([400, 'badRequest']);
      expect(await reasonOf('doc-big', 'application/pdf')).toEqual([
        403,
        'exportSizeLimitExceeded',
      ]);
      expect(await reasonOf('doc-big', 'text/html')).toEqual([403, 'exportSizeLimitExceeded']);
      expect(await reasonOf('locked-doc', 'application/pdf')).toEqual([403, 'cannotExportFile']);
      expect(await reasonOf('pdf-1', 'application/pdf')).toEqual([403, 'fileNotExportable']);
      expect(await reasonOf('doc-1')).toEqual([400, 'required']);
      expect((await exportOf('doc-big', 'text/plain')).bytes.toString()).toBe('short');
    });

    it('describes shortcuts, keeping the target type of a missing target', async () => {
      const fields = 'id,mimeType,shortcutDetails';
      const live = await call(`${drive.url}/drive/v3/files/sc-1?fields=${fields}`);
      expect(live.json.shortcutDetails).toEqual({
        targetId: 'pdf-1',
        targetMimeType: 'application/pdf',
      });
      const dangling = await call(`${drive.url}/drive/v3/files/sc-missing?fields=${fields}`);
      expect(dangling.json.shortcutDetails).toEqual({
        targetId: 'gone',
        targetMimeType: GOOGLE_MIME.folder,
      });
      expect((await call(`${drive.url}/drive/v3/files/gone`)).status).toBe(404);
    });
  });

  describe('drives and about', () => {
    it('pages shared drives and insists on fields for about', async () => {
      drive.addSharedDrive({ id: '0ASecond', name: 'Second' });
      const first = await call(`${drive.url}/drive/v3/drives?pageSize=1`);
      expect(first.json).toEqual({
        kind: 'drive#driveList',
        nextPageToken: expect.any(String),
        drives: [{ kind: 'drive#drive', id: SHARED, name: 'Engineering' }],
      });
      const second = await call(
        `${drive.url}/drive/v3/drives?pageSize=1&pageToken=${first.json.nextPageToken}`,
      );
      expect(second.json.drives).toEqual([{ kind: 'drive#drive', id: '0ASecond', name: 'Second' }]);
      expect(second.json.nextPageToken).toBeUndefined();
      expect((await call(`${drive.url}/drive/v3/drives?pageSize=101`)).status).toBe(400);
      const about = await call(`${drive.url}/drive/v3/about`);
      expect(about.status).toBe(400);
      expect(about.json.error.errors[0]).toMatchObject({ reason: 'required', location: 'fields' });
    });
  });

  describe('faults and log', () => {
    it("injects 403 rate limits in Google's envelope and 429 without Retry-After", async () => {
      drive.setFault('files.list', { status: 403, reason: 'userRateLimitExceeded', times: 1 });
      drive.setFault('files.download', { status: 429, times: 1 });
      const limited = await call(`${drive.url}/drive/v3/files`);
      expect(limited.status).toBe(403);
      expect(limited.json).toEqual({
        error: {
          code: 403,
          message: 'User Rate Limit Exceeded',
          errors: [
            {
              message: 'User Rate Limit Exceeded',
              domain: 'usageLimits',
              reason: 'userRateLimitExceeded',
            },
          ],
          status: 'PERMISSION_DENIED',
        },
      });
      expect((await call(`${drive.url}/drive/v3/files`)).status).toBe(200);
      expect((await call(`${drive.url}/drive/v3/files/pdf-1`)).status).toBe(200);
      const throttled = await call(`${drive.url}/drive/v3/files/pdf-1?alt=media`);
      expect(throttled.status).toBe(429);
      expect(throttled.headers.get('retry-after')).toBeNull();
      expect(throttled.json.error.errors[0]).toMatchObject({
        reason: 'rateLimitExceeded',
        domain: 'usageLimits',
      });
      expect(drive.requests.map((r) => [r.route, r.status])).toEqual([
        ['files.list', 403],
        ['files.list', 200],
        ['files.get', 200],
        ['files.download', 429],
      ]);
    });

    it('logs parameters the API does not define and answers unknown paths with HTML', async () => {
      await call(
        `${drive.url}/drive/v3/files?supportsTeamDrives=true&corpus=user&fields=files(id)`,
      );
      expect(drive.requests[0]!.unknownParams).toEqual(['supportsTeamDrives', 'corpus']);
      const unknown = await call(`${drive.url}/drive/v2/files`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toContain('text/html');
      expect(drive.requests[1]!.route).toBeNull();
      // Google labels its JSON `charset=UTF-8`.
      expect((await call(`${drive.url}/drive/v3/files`)).headers.get('content-type')).toBe(
        'application/json; charset=UTF-8',
      );
    });
  });

  describe('mutations', () => {
    it('bumps version and modifiedTime on change, md5 only on binaries', async () => {
      const fields = 'id,version,modifiedTime,md5Checksum';
      const before = (await call(`${drive.url}/drive/v3/files/pdf-1?fields=${fields}`)).json;
      clock = new Date('2024-06-01T00:00:00.000Z');
      drive.upsertFile({
        id: 'pdf-1',
        name: 'Budget.pdf',
        mimeType: 'application/pdf',
        parent: 'reports',
        content: 'new bytes',
      });
      const after = (await call(`${drive.url}/drive/v3/files/pdf-1?fields=${fields}`)).json;
      expect(Number(after.version)).toBeGreaterThan(Number(before.version));
      expect(after.modifiedTime).toBe('2024-06-01T00:00:00.000Z');
      expect(after.md5Checksum).toBe(createHash('md5').update('new bytes').digest('hex'));
      const doc = (await call(`${drive.url}/drive/v3/files/doc-1?fields=${fields},size`)).json;
      expect(doc).toEqual({
        id: 'doc-1',
        version: expect.any(String),
        modifiedTime: expect.any(String),
      });

      const trashed = drive.trashFile('pdf-1');
      expect(trashed.version).toBeGreaterThan(Number(after.version));
      const live = await listAll(`q=${q("'reports' in parents and trashed = false")}`);
      expect(live.ids).not.toContain('pdf-1');
      drive.trashFile('pdf-1', false);
      expect((await listAll(`q=${q("'reports' in parents and trashed = false")}`)).ids).toContain(
        'pdf-1',
      );
    });

    it('deletes a folder with everything below it', async () => {
      expect(drive.deleteFile('reports')).toBe(true);
      expect(drive.deleteFile('reports')).toBe(false);
      expect(drive.getFile('pdf-1')).toBeUndefined();
      expect((await call(`${drive.url}/drive/v3/files/doc-1`)).status).toBe(404);
    });
  });
});
