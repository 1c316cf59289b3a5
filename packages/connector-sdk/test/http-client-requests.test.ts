import { promisify } from 'node:util';
import zlib from 'node:zlib';
import nock from 'nock';
import {
  createSourceHttpClient,
  ResponseTooLargeError,
  type SourceHttpClientOptions,
} from '../src';
import { fakeClock } from './fake-clock';
import { withNockOnly } from '../src/testing';

const API = 'https://api.example.com';
const gzip = promisify(zlib.gzip);

function client(overrides: Partial<SourceHttpClientOptions> = {}) {
  const clock = fakeClock();
  return createSourceHttpClient({
    allowPrivateNetwork: false,
    sleep: clock.sleep,
    now: clock.now,
    ...overrides,
  });
}

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

withNockOnly(nock);

describe('request building', () => {
  it('builds the query: arrays repeat, null and undefined are skipped, existing params kept', async () => {
    const scope = nock(API)
      .get('/wiki/rest/api/content')
      .query((query) => {
        expect(query).toEqual({
          expand: ['body.storage', 'version'],
          limit: '50',
          type: 'page',
          draft: 'false',
        });
        return true;
      })
      .reply(200, { results: [] });

    const response = await client().request({
      url: `${API}/wiki/rest/api/content?type=page`,
      query: {
        expand: ['body.storage', 'version'],
        limit: 50,
        draft: false,
        cursor: undefined,
        start: null,
      },
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [] });
    scope.done();
  });

  it('sends default headers, lets request headers override them case-insensitively', async () => {
    const scope = nock(API, {
      reqheaders: {
        'user-agent': 'Docent/0.1 (+https://github.com/docent)',
        'accept-encoding': 'gzip, deflate, br',
        accept: 'application/json',
        'x-tenant': 'request-wins',
      },
    })
      .get('/')
      .reply(204);

    const http = client({ defaultHeaders: { Accept: 'application/json', 'X-Tenant': 'default' } });
    const response = await http.request({
      url: `${API}/`,
      headers: { 'x-TENANT': 'request-wins' },
    });

    expect(response.status).toBe(204);
    scope.done();
  });

  it('sends a plain object as JSON with its content type, and strings as they are', async () => {
    const scope = nock(API)
      .post('/search', { cql: 'space = DOC', limit: 10 })
      .matchHeader('content-type', 'application/json')
      .reply(200, 'ok')
      .post('/raw', 'grant_type=refresh_token')
      .matchHeader('content-type', 'application/x-www-form-urlencoded')
      .reply(200, 'ok');

    const http = client();
    await http.request({
      method: 'POST',
      url: `${API}/search`,
      body: { cql: 'space = DOC', limit: 10 },
    });
    await http.request({
      method: 'POST',
      url: `${API}/raw`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token',
    });
    scope.done();
  });

  it('lower-cases response header names', async () => {
    nock(API)
      .get('/h')
      .reply(200, 'x', { 'X-RateLimit-Remaining': '7', 'Content-Type': 'text/plain' });
    const response = await client().request({ url: `${API}/h` });
    expect(response.headers['x-ratelimit-remaining']).toBe('7');
    expect(response.headers['content-type']).toBe('text/plain');
  });
});

describe('response bodies', () => {
  it('decodes a gzip body for text() and for stream()', async () => {
    const body = JSON.stringify({ title: 'Café ☕', text: 'x'.repeat(5000) });
    const compressed = await gzip(Buffer.from(body));
    nock(API)
      .get('/page')
      .times(2)
      .reply(200, compressed, { 'Content-Encoding': 'gzip', 'Content-Type': 'application/json' });

    const http = client();
    expect(await (await http.request({ url: `${API}/page` })).text()).toBe(body);
    expect(await readAll((await http.request({ url: `${API}/page` })).stream())).toBe(body);
  });

  it('decodes brotli and deflate bodies', async () => {
    nock(API)
      .get('/br')
      .reply(200, zlib.brotliCompressSync(Buffer.from('brotli body')), { 'Content-Encoding': 'br' })
      .get('/deflate')
      .reply(200, zlib.deflateSync(Buffer.from('deflate body')), { 'Content-Encoding': 'deflate' });

    const http = client();
    expect(await (await http.request({ url: `${API}/br` })).text()).toBe('brotli body');
    expect(await (await http.request({ url: `${API}/deflate` })).text()).toBe('deflate body');
  });

  it('does not try to decode the empty body of a HEAD', async () => {
    nock(API).head('/file').reply(200, '', { 'Content-Encoding': 'br', 'Content-Length': '1234' });
    const response = await client().request({ method: 'HEAD', url: `${API}/file` });
    expect(await response.text()).toBe('');
  });

  it('decodes text in the charset the response declares', async () => {
    nock(API)
      .get('/latin1')
      .reply(200, Buffer.from([0x63, 0x61, 0x66, 0xe9]), {
        'Content-Type': 'text/plain; charset=ISO-8859-1',
      });
    expect(await (await client().request({ url: `${API}/latin1` })).text()).toBe('café');
  });

  it('rejects a buffered body over maxResponseBytes', async () => {
    nock(API).get('/big').reply(200, 'a'.repeat(2000));
    const response = await client({ maxResponseBytes: 1000 }).request({ url: `${API}/big` });
    await expect(response.text()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('applies maxResponseBytes to the decompressed size (gzip bomb)', async () => {
    const bomb = await gzip(Buffer.alloc(1024 * 1024));
    expect(bomb.length).toBeLessThan(1000 * 2);
    nock(API).get('/bomb').reply(200, bomb, { 'Content-Encoding': 'gzip' });
    const response = await client({ maxResponseBytes: 64 * 1024 }).request({ url: `${API}/bomb` });
    await expect(response.buffer()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('accepts a body exactly at the limit', async () => {
    nock(API).get('/fits').reply(200, 'a'.repeat(1000));
    const response = await client({ maxResponseBytes: 1000 }).request({ url: `${API}/fits` });
    expect((await response.buffer()).length).toBe(1000);
  });

  it('streams bodies without the buffering cap', async () => {
    nock(API).get('/file').reply(200, 'b'.repeat(5000));
    const response = await client({ maxResponseBytes: 1000 }).request({ url: `${API}/file` });
    expect((await readAll(response.stream())).length).toBe(5000);
  });

  it('lets text() and json() share one buffered body but refuses stream() after them', async () => {
    nock(API).get('/j').reply(200, { a: 1 });
    const response = await client().request({ url: `${API}/j` });
    expect(await response.text()).toBe('{"a":1}');
    expect(await response.json()).toEqual({ a: 1 });
    expect(() => response.stream()).toThrow('already consumed');
  });
});

describe('redirects', () => {
  it('drops Authorization and Cookie when a redirect leaves the origin (Confluence attachment → media host)', async () => {
    const site = nock(API, { reqheaders: { authorization: 'Bearer site-token', cookie: 'a=b' } })
      .get('/wiki/download/attachments/1/a.pdf')
      .reply(302, '', { Location: 'https://media.example.net/file/abc?token=signed' });
    const media = nock('https://media.example.net', { badheaders: ['authorization', 'cookie'] })
      .get('/file/abc')
      .query({ token: 'signed' })
      .reply(200, 'PDF');

    const response = await client().request({
      url: `${API}/wiki/download/attachments/1/a.pdf`,
      headers: { Authorization: 'Bearer site-token', Cookie: 'a=b' },
    });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('PDF');
    expect(response.url).toBe('https://media.example.net/file/abc?token=signed');
    site.done();
    media.done();
  });

  it('keeps Authorization on a same-origin redirect and resolves relative locations', async () => {
    const scope = nock(API, { reqheaders: { authorization: 'Bearer site-token' } })
      .get('/old')
      .reply(301, '', { Location: '/new?x=1' })
      .get('/new')
      .query({ x: '1' })
      .reply(200, 'moved');

    const response = await client().request({
      url: `${API}/old`,
      headers: { authorization: 'Bearer site-token' },
    });

    expect(await response.text()).toBe('moved');
    expect(response.url).toBe(`${API}/new?x=1`);
    scope.done();
  });

  it('turns a 303 after POST into a GET without body, and keeps the method on 307', async () => {
    const scope = nock(API)
      .post('/export', { id: 1 })
      .reply(303, '', { Location: '/result' })
      .get('/result')
      .matchHeader('content-type', (value) => value === undefined)
      .reply(200, 'result')
      .put('/item', 'v2')
      .reply(307, '', { Location: '/item2' })
      .put('/item2', 'v2')
      .reply(200, 'stored');

    const http = client();
    expect(
      await (await http.request({ method: 'POST', url: `${API}/export`, body: { id: 1 } })).text(),
    ).toBe('result');
    expect(
      await (await http.request({ method: 'PUT', url: `${API}/item`, body: 'v2' })).text(),
    ).toBe('stored');
    scope.done();
  });

  it('follows at most 5 redirects, then hands back the redirect response', async () => {
    const scope = nock(API);
    for (let hop = 0; hop < 6; hop += 1)
      scope.get(`/r${hop}`).reply(302, '', { Location: `/r${hop + 1}` });

    const response = await client().request({ url: `${API}/r0` });

    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/r6');
    scope.done();
  });

  it('returns the redirect itself when followRedirects is false', async () => {
    nock(API).get('/moved').reply(302, '', { Location: 'https://elsewhere.example.com/' });
    const response = await client().request({ url: `${API}/moved`, followRedirects: false });
    expect(response.status).toBe(302);
  });

  it('refuses a redirect to another scheme or to a private literal address', async () => {
    nock(API)
      .get('/to-file')
      .reply(302, '', { Location: 'file:///etc/passwd' })
      .get('/to-metadata')
      .reply(302, '', { Location: 'http://169.254.169.254/latest/meta-data/' });

    const http = client();
    await expect(http.request({ url: `${API}/to-file` })).rejects.toMatchObject({
      name: 'UrlNotAllowedError',
      reason: 'scheme must be http or https',
    });
    await expect(http.request({ url: `${API}/to-metadata` })).rejects.toMatchObject({
      name: 'UrlNotAllowedError',
      reason: 'host is a private address (169.254.169.254)',
    });
  });
});
