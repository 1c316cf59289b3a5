import nock from 'nock';
import { DocumentError, DocumentRequestError, SourceError } from '@docent/connector-sdk';
import { documents, readBytes, withNockOnly } from '@docent/connector-sdk/testing';
import { collect, openWikiSession, rejection } from './connector-harness';

const SITE = 'https://acme.atlassian.net';
const GATEWAY = 'https://gateway.example.com';
const MEDIA = 'https://media.example.net';
const DC = 'https://wiki.corp.example';
const EMAIL = 'ada@acme.com';
const TOKEN = 'super-secret-token';
const BASIC = `Basic ${Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')}`;
const DOWNLOAD =
  '/download/attachments/77/Guide%20v2.pdf?version=3&modificationDate=1714557600000&api=v2';

const cloudSpec = { url: SITE, space: 'ENG', username: EMAIL, token: TOKEN, attachments: true };

function v2Attachment(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    status: 'current',
    title: 'Guide v2.pdf',
    pageId: '77',
    mediaType: 'application/pdf',
    fileSize: 1234,
    fileId: 'f-1',
    webuiLink: `/pages/viewpageattachments.action?pageId=77&preview=%2F77%2F${id}%2FGuide+v2.pdf`,
    downloadLink: DOWNLOAD,
    version: { number: 3, createdAt: '2024-05-01T10:00:00.000Z' },
    _links: { webui: '/ignored', download: '/ignored' },
    ...extra,
  };
}

/** A Cloud site whose space ENG has one page, 77, listed with its body. */
function cloudPageList(scope = nock(SITE)) {
  return scope
    .get('/wiki/api/v2/spaces')
    .query({ limit: '1' })
    .reply(200, { results: [] })
    .get('/wiki/api/v2/spaces')
    .query({ keys: 'ENG' })
    .reply(200, { results: [{ id: '98', key: 'ENG' }] })
    .get('/wiki/api/v2/spaces/98/pages')
    .query(true)
    .reply(200, {
      results: [
        {
          id: '77',
          status: 'current',
          title: 'Runbook',
          version: { number: 1 },
          body: { storage: { value: '<p>x</p>' } },
          _links: { webui: '/spaces/ENG/pages/77/Runbook' },
        },
      ],
      _links: { base: `${SITE}/wiki` },
    });
}

withNockOnly(nock);

describe('attachments on Confluence Cloud (site)', () => {
  it('lists v2 attachments (next from the Link header) and downloads through the media redirect', async () => {
    cloudPageList();
    const api = nock(SITE, { reqheaders: { authorization: BASIC } })
      .get('/wiki/api/v2/pages/77/attachments')
      .query({ status: 'current', limit: '250' })
      .reply(
        200,
        { results: [v2Attachment('att5')], _links: { base: `${SITE}/wiki` } },
        {
          link: '</wiki/api/v2/pages/77/attachments?cursor=abc&status=current&limit=250>; rel="next"',
        },
      )
      .get('/wiki/api/v2/pages/77/attachments')
      .query({ cursor: 'abc', status: 'current', limit: '250' })
      .reply(200, {
        results: [v2Attachment('att6', { title: 'notes.txt', mediaType: 'text/plain' })],
        _links: {},
      });
    const download = nock(SITE, { reqheaders: { authorization: BASIC, accept: '*/*' } })
      .get(`/wiki${DOWNLOAD}`)
      .reply(302, '', { location: `${MEDIA}/file/f-1/binary?token=signed` });
    // The media host gets no credentials of the site.
    const media = nock(MEDIA, { badheaders: ['authorization'] })
      .get('/file/f-1/binary')
      .query({ token: 'signed' })
      .reply(200, '%PDF-1.7 bytes', { 'content-type': 'application/pdf' });

    const { session } = await openWikiSession(cloudSpec);
    const refs = documents(await collect(session.discover(null)));
    expect(refs.map((ref) => [ref.sourceId, ref.title])).toEqual([
      ['77', 'Runbook'],
      ['att5', 'Runbook / Guide v2.pdf'],
      ['att6', 'Runbook / notes.txt'],
    ]);
    expect(refs[1]).toMatchObject({
      version: '3',
      url: `${SITE}/wiki/pages/viewpageattachments.action?pageId=77&preview=%2F77%2Fatt5%2FGuide+v2.pdf`,
      pageUrlTemplate: `${SITE}/wiki${DOWNLOAD}#page={page}`,
      updatedAt: '2024-05-01T10:00:00.000Z',
    });
    expect(refs[2]!.pageUrlTemplate).toBeUndefined();
    api.done();

    const content = await session.fetch(refs[1]!);
    expect(content).toMatchObject({
      kind: 'file',
      mediaType: 'application/pdf',
      fileName: 'Guide v2.pdf',
      size: 1234,
    });
    expect((await readBytes(content)).toString()).toBe('%PDF-1.7 bytes');
    download.done();
    media.done();
  });

  it('never sends the credentials to a download link on another host: the REST download instead', async () => {
    cloudPageList();
    nock(SITE)
      .get('/wiki/api/v2/pages/77/attachments')
      .query(true)
      .reply(200, {
        results: [v2Attachment('att5', { downloadLink: 'https://evil.example/steal?x=1' })],
      });
    const rest = nock(SITE, { reqheaders: { authorization: BASIC } })
      .get('/wiki/rest/api/content/77/child/attachment/att5/download')
      .query({ version: '3' })
      .reply(200, 'bytes');
    const { session } = await openWikiSession(cloudSpec);
    const refs = documents(await collect(session.discover(null)));
    await readBytes(await session.fetch(refs[1]!));
    rest.done();
  });

  it('fails one attachment when the file server refuses its signed link; the credentials are fine', async () => {
    cloudPageList();
    nock(SITE)
      .get('/wiki/api/v2/pages/77/attachments')
      .query(true)
      .reply(200, { results: [v2Attachment('att5')] })
      .get(`/wiki${DOWNLOAD}`)
      .reply(302, '', { location: `${MEDIA}/file/f-1/binary?token=expired` });
    nock(MEDIA).get('/file/f-1/binary').query(true).reply(403, { error: 'expired' });
    const { session } = await openWikiSession(cloudSpec);
    const refs = documents(await collect(session.discover(null)));
    const error = await rejection(session.fetch(refs[1]!));
    expect(error).toBeInstanceOf(DocumentRequestError);
    expect(error.message).toBe(
      'the file server at media.example.net refused "Runbook / Guide v2.pdf" (HTTP 403) although Confluence handed out the link',
    );
  });

  it('fails the source on refused credentials or a wrong URL, and skips a page gone meanwhile', async () => {
    cloudPageList();
    nock(SITE).get('/wiki/api/v2/pages/77/attachments').query(true).reply(401, 'Unauthorized');
    const refused = await openWikiSession(cloudSpec);
    const error = await rejection(collect(refused.session.discover(null)));
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ code: 'source_auth_failed' });
    expect(error.message).not.toContain(TOKEN);

    cloudPageList();
    nock(SITE)
      .get('/wiki/api/v2/pages/77/attachments')
      .query(true)
      .reply(404, '<html>Not found</html>', { 'content-type': 'text/html' });
    const wrong = await openWikiSession(cloudSpec);
    expect(await rejection(collect(wrong.session.discover(null)))).toMatchObject({
      code: 'source_not_found',
    });

    cloudPageList();
    nock(SITE)
      .get('/wiki/api/v2/pages/77/attachments')
      .query(true)
      .reply(404, { errors: [{ status: 404, title: 'Not Found' }] });
    const gone = await openWikiSession(cloudSpec);
    expect(documents(await collect(gone.session.discover(null))).map((r) => r.sourceId)).toEqual([
      '77',
    ]);
  });
});

describe('links and attachments through the OAuth gateway', () => {
  const oauth = {
    credentials: { mode: 'oauth' as const, accessToken: () => Promise.resolve('oauth-access') },
    endpoints: { wikiOAuthApiUrl: GATEWAY },
  };
  const root = '/ex/confluence/acme-id/wiki';

  it('links pages and attachments to the site, never to the gateway, and downloads via the gateway', async () => {
    const gatewayBase = `${GATEWAY}${root}`;
    const scope = nock(GATEWAY, { reqheaders: { authorization: 'Bearer oauth-access' } })
      .get('/oauth/token/accessible-resources')
      .reply(200, [{ id: 'acme-id', name: 'acme', url: 'https://acme.atlassian.net', scopes: [] }])
      .get(`${root}/api/v2/spaces`)
      .query({ keys: 'ENG' })
      .reply(200, { results: [{ id: '98', key: 'ENG' }] })
      .get(`${root}/api/v2/spaces/98/pages`)
      .query(true)
      // Whatever base the gateway gives, a user's browser cannot open it.
      .reply(200, {
        results: [
          {
            id: '77',
            title: 'Runbook',
            version: { number: 1 },
            body: { storage: { value: '<p>x</p>' } },
            _links: { webui: '/spaces/ENG/pages/77/Runbook' },
          },
        ],
        _links: { base: gatewayBase },
      })
      .get(`${root}/api/v2/pages/77/attachments`)
      .query(true)
      .reply(200, { results: [v2Attachment('att5')], _links: { base: gatewayBase } })
      .get(`${root}/rest/api/content/77/child/attachment/att5/download`)
      .query({ version: '3' })
      .reply(302, '', { location: `${MEDIA}/file/f-1/binary?token=t` });
    nock(MEDIA, { badheaders: ['authorization'] })
      .get('/file/f-1/binary')
      .query(true)
      .reply(200, 'pdf');
    const { session } = await openWikiSession(
      { url: `${SITE}/wiki`, space: 'ENG', attachments: true },
      oauth,
    );
    const refs = documents(await collect(session.discover(null)));
    expect(refs.map((ref) => ref.url)).toEqual([
      `${SITE}/wiki/spaces/ENG/pages/77/Runbook`,
      `${SITE}/wiki/pages/viewpageattachments.action?pageId=77&preview=%2F77%2Fatt5%2FGuide+v2.pdf`,
    ]);
    expect(refs[1]!.pageUrlTemplate).toBe(`${SITE}/wiki${DOWNLOAD}#page={page}`);
    expect((await readBytes(await session.fetch(refs[1]!))).toString()).toBe('pdf');
    scope.done();
  });
});

describe('attachments on Confluence Data Center', () => {
  const dcSpec = { url: `${DC}/confluence`, space: 'ENG', token: TOKEN, attachments: true };
  const v1Attachment = (id: string) => ({
    id,
    type: 'attachment',
    title: `${id}.docx`,
    metadata: {
      mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    extensions: { fileSize: 10 },
    version: { number: 2, when: '2024-05-01T12:00:00.000+02:00' },
    _links: {
      webui: `/pages/viewpageattachments.action?pageId=77&preview=/77/${id}/${id}.docx`,
      download: `/download/attachments/77/${id}.docx?version=2&modificationDate=1&api=v2`,
    },
  });

  function dcPageList() {
    nock(DC)
      .get('/confluence/wiki/api/v2/spaces')
      .query(true)
      .reply(404, '<html>no</html>', { 'content-type': 'text/html' })
      .get('/confluence/rest/api/space/ENG')
      .reply(200, { key: 'ENG' })
      .get('/confluence/rest/api/content')
      .query(true)
      .reply(200, {
        results: [
          {
            id: '77',
            type: 'page',
            status: 'current',
            title: 'Runbook',
            version: { number: 1 },
            body: { storage: { value: '<p>x</p>' } },
            _links: { webui: '/display/ENG/Runbook' },
          },
        ],
        _links: { base: `${DC}/confluence` },
      });
  }

  it('pages child/attachment by recomputed offsets and downloads from the servlet with the PAT', async () => {
    dcPageList();
    const scope = nock(DC, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
      .get('/confluence/rest/api/content/77/child/attachment')
      .query({ expand: 'version', start: '0', limit: '50' })
      // The server cut the page to two and points one item too far.
      .reply(200, {
        results: [v1Attachment('att1'), v1Attachment('att2')],
        _links: { base: `${DC}/confluence`, next: '/rest/api/content/77/child/attachment?start=3' },
      })
      .get('/confluence/rest/api/content/77/child/attachment')
      .query({ expand: 'version', start: '2', limit: '50' })
      .reply(200, { results: [v1Attachment('att3')], _links: { base: `${DC}/confluence` } })
      .get('/confluence/download/attachments/77/att2.docx')
      .query({ version: '2', modificationDate: '1', api: 'v2' })
      .reply(200, 'docx bytes');
    const { session } = await openWikiSession(dcSpec);
    const refs = documents(await collect(session.discover(null)));
    expect(refs.map((ref) => ref.sourceId)).toEqual(['77', 'att1', 'att2', 'att3']);
    expect(refs[2]).toMatchObject({
      title: 'Runbook / att2.docx',
      version: '2',
      url: `${DC}/confluence/pages/viewpageattachments.action?pageId=77&preview=/77/att2/att2.docx`,
      updatedAt: '2024-05-01T10:00:00.000Z',
    });
    expect(refs[2]!.pageUrlTemplate).toBeUndefined();
    expect((await readBytes(await session.fetch(refs[2]!))).toString()).toBe('docx bytes');
    scope.done();
  });

  it('refuses a download link outside the server it calls, failing that attachment alone', async () => {
    dcPageList();
    nock(DC)
      .get('/confluence/rest/api/content/77/child/attachment')
      .query(true)
      .reply(200, {
        results: [{ ...v1Attachment('att1'), _links: { download: '//evil.example/att1.docx' } }],
      });
    const { session } = await openWikiSession(dcSpec);
    const refs = documents(await collect(session.discover(null)));
    const error = await rejection(session.fetch(refs[1]!));
    expect(error).toBeInstanceOf(DocumentError);
    expect(error.message).toBe(
      'Confluence listed "Runbook / att1.docx" without a usable download link',
    );
  });
});
