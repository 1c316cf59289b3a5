import { type FakeAttachmentInput, type FakeConfluence, startFakeConfluence } from '../src';
import { get } from './support/http-answer';

const EMAIL = 'ada@example.com';
const API_TOKEN = 'cloud-api-token';
const PAT = 'dc-pat';
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const CLOUD_AUTH = basic(EMAIL, API_TOKEN);

function files(count: number): FakeAttachmentInput[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `att${900 + i}`,
    fileName: `file ${i}.txt`,
    mediaType: 'text/plain',
    content: `contents of file ${i}`,
  }));
}

describe('fake Confluence Cloud: attachments', () => {
  let now = new Date('2025-03-01T10:00:00.000Z');
  let fake: FakeConfluence;

  beforeEach(async () => {
    now = new Date('2025-03-01T10:00:00.000Z');
    fake = await startFakeConfluence({
      mode: 'cloud',
      users: [{ username: EMAIL, password: API_TOKEN }],
      limitCaps: { v2: 4 },
      mediaUrlTtlSeconds: 30,
      now: () => now,
      oauth: { cloudId: 'cloud-1', accessTokens: ['oauth-at'], siteUrl: 'https://acme.example' },
      spaces: [
        {
          key: 'ENG',
          pages: [
            {
              id: '10',
              title: 'Runbook',
              attachments: [
                ...files(9),
                {
                  id: 'att990',
                  fileName: 'old.txt',
                  mediaType: 'text/plain',
                  content: 'x',
                  status: 'trashed',
                },
              ],
            },
            {
              id: '11',
              title: 'Draft',
              status: 'draft',
              attachments: [{ ...files(1)[0]!, id: 'att999' }],
            },
          ],
        },
      ],
    });
  });

  afterEach(() => fake.close());

  it('lists the attachments of a page by cursor, capped, current and archived by default', async () => {
    const ids: string[] = [];
    let url: string | undefined = `${fake.url}/wiki/api/v2/pages/10/attachments?limit=250`;
    let requests = 0;
    while (url) {
      const answer = await get(url, CLOUD_AUTH);
      expect(answer.status).toBe(200);
      requests += 1;
      expect(answer.json.results.length).toBeLessThanOrEqual(4);
      ids.push(...answer.json.results.map((a: { id: string }) => a.id));
      const next = answer.json._links.next as string | undefined;
      expect(answer.headers.get('link') ?? undefined).toBe(
        next === undefined ? undefined : `<${next}>; rel="next", <${fake.url}/wiki>; rel="base"`,
      );
      url = next === undefined ? undefined : `${fake.url}${next}`;
    }
    expect(ids).toEqual(files(9).map((f) => f.id));
    expect(requests).toBe(3);
    const first = (await get(`${fake.url}/wiki/api/v2/pages/10/attachments?limit=1`, CLOUD_AUTH))
      .json.results[0];
    expect(first).toMatchObject({
      id: 'att900',
      title: 'file 0.txt',
      pageId: '10',
      mediaType: 'text/plain',
      fileSize: 'contents of file 0'.length,
      version: { number: 1, createdAt: '2025-03-01T10:00:00.000Z' },
      webuiLink:
        '/pages/viewpageattachments.action?pageId=10&preview=%2F10%2Fatt900%2Ffile%200.txt',
      downloadLink: expect.stringMatching(
        /^\/download\/attachments\/10\/file%200\.txt\?version=1&modificationDate=\d+&cacheVersion=1&api=v2$/,
      ),
    });
    const trashed = await get(
      `${fake.url}/wiki/api/v2/pages/10/attachments?status=trashed`,
      CLOUD_AUTH,
    );
    expect(trashed.json.results.map((a: { id: string }) => a.id)).toEqual(['att990']);
    // A page that cannot be read (a draft, none at all) has no attachment list.
    expect((await get(`${fake.url}/wiki/api/v2/pages/11/attachments`, CLOUD_AUTH)).status).toBe(
      404,
    );
    expect((await get(`${fake.url}/wiki/api/v2/pages/404/attachments`, CLOUD_AUTH)).json).toEqual({
      errors: [expect.objectContaining({ status: 404, code: 'NOT_FOUND' })],
    });
  });

  it('downloads through a 302 to a signed media URL on another origin, which expires', async () => {
    const { downloadLink } = (await get(`${fake.url}/wiki/api/v2/attachments/att903`, CLOUD_AUTH))
      .json;
    const redirect = await get(`${fake.url}/wiki${downloadLink}`, CLOUD_AUTH);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(new URL(location).origin).toBe(fake.mediaOrigin);
    expect(new URL(location).origin).not.toBe(fake.origin);
    // The signed URL needs no credentials.
    const file = await get(location);
    expect(file).toMatchObject({ status: 200, text: 'contents of file 3' });
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(fake.mediaRequests.at(-1)).toMatchObject({ route: 'media.file', authScheme: 'none' });
    now = new Date(now.getTime() + 31_000);
    expect((await get(location)).status).toBe(401);
    expect((await get(`${location.replace(/token=[^&]+/, 'token=forged')}`)).status).toBe(401);
  });

  it('serves each version its own bytes; a new version changes the download link', async () => {
    fake.upsertAttachment('10', {
      id: 'att901',
      fileName: 'file 1.txt',
      mediaType: 'text/plain',
      content: 'second version',
    });
    const listed = await get(`${fake.url}/wiki/api/v2/attachments/att901`, CLOUD_AUTH);
    expect(listed.json.version.number).toBe(2);
    expect(listed.json.downloadLink).toContain('version=2');
    const current = await get(`${fake.url}/wiki${listed.json.downloadLink}`, CLOUD_AUTH, {
      follow: true,
    });
    expect(current.text).toBe('second version');
    const older = await get(
      `${fake.url}/wiki/download/attachments/10/file%201.txt?version=1`,
      CLOUD_AUTH,
      { follow: true },
    );
    expect(older.text).toBe('contents of file 1');
    const missing = await get(
      `${fake.url}/wiki/download/attachments/10/file%201.txt?version=7`,
      CLOUD_AUTH,
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
  });

  it('refuses bad credentials on listings and downloads, and throttles when told', async () => {
    const wrong = basic(EMAIL, 'wrong');
    expect((await get(`${fake.url}/wiki/api/v2/pages/10/attachments`, wrong)).status).toBe(401);
    expect((await get(`${fake.url}/wiki/download/attachments/10/file%200.txt`, wrong)).status).toBe(
      401,
    );
    // A 3LO token on the site is refused; the gateway's REST download takes it.
    const bearer = 'Bearer oauth-at';
    expect(
      (await get(`${fake.url}/wiki/download/attachments/10/file%200.txt`, bearer)).status,
    ).toBe(401);
    const gateway = await get(
      `${fake.origin}/ex/confluence/cloud-1/wiki/rest/api/content/10/child/attachment/att900/download`,
      bearer,
    );
    expect(gateway.status).toBe(302);
    expect((await get(gateway.headers.get('location')!)).text).toBe('contents of file 0');
    // Gateway answers give the site's web address as their base.
    const viaGateway = await get(
      `${fake.origin}/ex/confluence/cloud-1/wiki/api/v2/pages/10/attachments?limit=1`,
      bearer,
    );
    expect(viaGateway.json._links.base).toBe('https://acme.example/wiki');

    fake.setFault('v2.pageAttachments', { status: 429, retryAfterSeconds: 3, times: 1 });
    const throttled = await get(`${fake.url}/wiki/api/v2/pages/10/attachments`, CLOUD_AUTH);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('3');
    expect((await get(`${fake.url}/wiki/api/v2/pages/10/attachments`, CLOUD_AUTH)).status).toBe(
      200,
    );
    fake.setFault('media.file', { status: 503, times: 1 });
    const download = `${fake.url}/wiki/download/attachments/10/file%200.txt`;
    expect((await get(download, CLOUD_AUTH, { follow: true })).status).toBe(503);
    expect((await get(download, CLOUD_AUTH, { follow: true })).status).toBe(200);
  });

  it('answers v1 child/attachment and content/{attachmentId}', async () => {
    const list = await get(
      `${fake.url}/wiki/rest/api/content/10/child/attachment?expand=version&limit=3`,
      CLOUD_AUTH,
    );
    expect(list.json.results).toHaveLength(3);
    expect(list.json._links.next).toBe(
      '/rest/api/content/10/child/attachment?expand=version&start=3&limit=3',
    );
    expect(list.json.results[0]).toMatchObject({
      id: 'att900',
      type: 'attachment',
      title: 'file 0.txt',
      metadata: { mediaType: 'text/plain' },
      extensions: { fileSize: 'contents of file 0'.length },
      version: { number: 1 },
      _links: { download: expect.stringMatching(/^\/download\/attachments\/10\//) },
    });
    const one = await get(`${fake.url}/wiki/rest/api/content/att902?expand=container`, CLOUD_AUTH);
    expect(one.json).toMatchObject({ id: 'att902', container: { id: '10', title: 'Runbook' } });
  });

  it('removes attachments with their page', async () => {
    expect(fake.deletePage('10')).toBe(true);
    expect(fake.getAttachment('att900')).toBeUndefined();
    expect((await get(`${fake.url}/wiki/api/v2/attachments/att900`, CLOUD_AUTH)).status).toBe(404);
  });
});

describe('fake Confluence Data Center: attachments', () => {
  let fake: FakeConfluence;

  beforeEach(async () => {
    fake = await startFakeConfluence({
      mode: 'dc',
      contextPath: '/confluence',
      personalAccessTokens: [PAT],
      dcWrongNextStart: true,
      spaces: [{ key: 'OPS', pages: [{ id: '20', title: 'Ops', attachments: files(5) }] }],
    });
  });

  afterEach(() => fake.close());

  it('pages child/attachment by start (with the wrong next offsets) and serves files itself', async () => {
    const first = await get(
      `${fake.url}/rest/api/content/20/child/attachment?limit=2&start=0`,
      `Bearer ${PAT}`,
    );
    expect(first.json.results.map((a: { id: string }) => a.id)).toEqual(['att900', 'att901']);
    // CONFSERVER-95272: the next link skips one item.
    expect(first.json._links.next).toContain('start=3');
    expect(first.json._links.base).toBe(fake.url);
    const download = await get(
      `${fake.url}${first.json.results[1]._links.download}`,
      `Bearer ${PAT}`,
    );
    expect(download).toMatchObject({ status: 200, text: 'contents of file 1' });
    expect(fake.mediaOrigin).toBeUndefined();
    expect(
      (await get(`${fake.url}/download/attachments/20/file%201.txt`, 'Bearer nope')).status,
    ).toBe(401);
    // No v2 and no REST download on Data Center.
    expect(
      (await get(`${fake.url}/wiki/api/v2/pages/20/attachments`, `Bearer ${PAT}`)).status,
    ).toBe(404);
  });
});
