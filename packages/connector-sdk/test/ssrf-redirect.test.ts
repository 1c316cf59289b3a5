import { type LookupFunction } from 'node:net';
import nock from 'nock';
import { createSourceHttpClient, UrlNotAllowedError } from '../src';
import { fakeClock } from './fake-clock';
import { startLocalServer, type LocalServer } from './local-server';

/*
 * The first hop is a public site, so it is answered by nock (a real public host would need
 * the internet, and a real local one would itself be refused). The redirect target is a real
 * server on 127.0.0.1 reached through a real socket and the client's DNS hook, which is what
 * the guard must stop: the server counts connections to prove nothing got through.
 */
const SITE = 'https://wiki.example.com';
const INTERNAL_HOST = 'internal.example.com';

describe('SSRF guard on redirects', () => {
  let server: LocalServer;
  let asked: string[];
  const lookup: LookupFunction = (hostname, _options, callback) => {
    asked.push(hostname);
    if (hostname === INTERNAL_HOST) {
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    } else {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      err.code = 'ENOTFOUND';
      callback(err, []);
    }
  };

  function request(allowPrivateNetwork: boolean, path: string) {
    const clock = fakeClock();
    return createSourceHttpClient({
      allowPrivateNetwork,
      lookup,
      sleep: clock.sleep,
      now: clock.now,
    }).request({
      url: `${SITE}${path}`,
      headers: { authorization: 'Bearer site-token' },
    });
  }

  beforeEach(async () => {
    asked = [];
    server = await startLocalServer((req, res) =>
      res.end(`internal data, auth=${req.headers.authorization ?? 'none'}`),
    );
    nock.disableNetConnect();
    nock.enableNetConnect(
      (host) => host.startsWith(`${INTERNAL_HOST}:`) || host.startsWith('127.0.0.1:'),
    );
    nock(SITE)
      .get('/to-internal-name')
      .reply(302, '', { Location: `http://${INTERNAL_HOST}:${server.port}/secret` })
      .get('/to-loopback')
      .reply(302, '', { Location: `http://127.0.0.1:${server.port}/secret` });
  });
  afterEach(async () => {
    nock.cleanAll();
    await server.close();
  });
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    await expect(request(false, '/to-internal-name')).rejects.toMatchObject({
      name: 'UrlNotAllowedError',
      reason: 'host resolves to a private address (127.0.0.1)',
    });
    expect(asked).toEqual([INTERNAL_HOST]);
    expect(server.connections).toBe(0);
  });

  it('refuses a redirect to a private IP literal', async () => {
    await expect(request(false, '/to-loopback')).rejects.toBeInstanceOf(UrlNotAllowedError);
    expect(server.connections).toBe(0);
  });

  it('follows the same redirect when the private network is allowed, without the credentials', async () => {
    const response = await request(true, '/to-internal-name');
    expect(await response.text()).toBe('internal data, auth=none');
    expect(server.requests).toEqual(['GET /secret']);
  });
});
