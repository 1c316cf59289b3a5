import { type LookupAddress } from 'node:dns';
import { type LookupFunction } from 'node:net';
import {
  checkUrlAllowed,
  createSourceHttpClient,
  HttpNetworkError,
  UrlNotAllowedError,
  type SourceHttpClientOptions,
} from '../src';
import { fakeClock } from './fake-clock';
import { startLocalServer, type LocalServer } from './local-server';

/** Resolves every name through `answer`, recording the names asked for. */
function scriptedLookup(
  answer: (hostname: string) => LookupAddress[],
): LookupFunction & { asked: string[] } {
  const asked: string[] = [];
  const lookup: LookupFunction = (hostname, _options, callback) => {
    asked.push(hostname);
    callback(null, answer(hostname));
  };
  return Object.assign(lookup, { asked });
}

const loopback: LookupAddress[] = [{ address: '127.0.0.1', family: 4 }];

function client(overrides: Partial<SourceHttpClientOptions> & { allowPrivateNetwork: boolean }) {
  const clock = fakeClock();
  return createSourceHttpClient({ sleep: clock.sleep, now: clock.now, ...overrides });
}

describe('SSRF guard against a real local server', () => {
  let server: LocalServer;

  beforeEach(async () => {
    server = await startLocalServer((_req, res) => res.end('internal data'));
  });
  afterEach(() => server.close());

  it.each(['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]'])(
    'refuses http://%s when the private network is not allowed, before sending anything',
    async (host) => {
      const request = client({ allowPrivateNetwork: false }).request({
        url: `http://${host}:${server.port}/secret`,
      });
      await expect(request).rejects.toBeInstanceOf(UrlNotAllowedError);
      expect(server.connections).toBe(0);
    },
  );

  it('reaches the same server when the private network is allowed', async () => {
    const http = client({ allowPrivateNetwork: true });
    for (const host of ['127.0.0.1', 'localhost']) {
      const response = await http.request({ url: `http://${host}:${server.port}/secret` });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('internal data');
    }
    expect(server.requests).toEqual(['GET /secret', 'GET /secret']);
  });

  it('checks the address at connection time, through the lookup the socket uses', async () => {
    const lookup = scriptedLookup(() => loopback);
    const refused = client({ allowPrivateNetwork: false, lookup }).request({
      url: `http://docs.example.com:${server.port}/`,
    });

    await expect(refused).rejects.toMatchObject({
      name: 'UrlNotAllowedError',
      reason: 'host resolves to a private address (127.0.0.1)',
    });
    expect(lookup.asked).toEqual(['docs.example.com']);
    expect(server.connections).toBe(0);

    // Control: the same name and resolver do reach the server when allowed.
    const allowed = client({ allowPrivateNetwork: true, lookup });
    expect(
      await (await allowed.request({ url: `http://docs.example.com:${server.port}/` })).text(),
    ).toBe('internal data');
  });

  it('is not fooled by DNS rebinding between the create-time check and the connection', async () => {
    let calls = 0;
    const rebinding = scriptedLookup(() => {
      calls += 1;
      return calls === 1 ? [{ address: '93.184.215.14', family: 4 }] : loopback;
    });
    const url = `http://rebind.example.com:${server.port}/`;

    await expect(
      checkUrlAllowed(url, { allowPrivateNetwork: false, lookup: rebinding }),
    ).resolves.toBeUndefined();
    await expect(
      client({ allowPrivateNetwork: false, lookup: rebinding }).request({ url }),
    ).rejects.toBeInstanceOf(UrlNotAllowedError);
    expect(server.connections).toBe(0);
  });

  it('refuses a name with several addresses when any of them is private', async () => {
    const lookup = scriptedLookup(() => [{ address: '93.184.215.14', family: 4 }, ...loopback]);
    await expect(
      client({ allowPrivateNetwork: false, lookup }).request({
        url: `http://mixed.example.com:${server.port}/`,
      }),
    ).rejects.toMatchObject({ reason: 'host resolves to a private address (127.0.0.1)' });
    expect(server.connections).toBe(0);
  });

  it('never retries a refusal', async () => {
    const sleep = jest.fn(async () => undefined);
    await expect(
      createSourceHttpClient({ allowPrivateNetwork: false, sleep }).request({
        url: `http://127.0.0.1:${server.port}/`,
      }),
    ).rejects.toBeInstanceOf(UrlNotAllowedError);
    expect(sleep).not.toHaveBeenCalled();
  });
});

describe('connections to a real local server', () => {
  let server: LocalServer | undefined;
  afterEach(() => server?.close());

  it('keeps connections alive between requests', async () => {
    server = await startLocalServer((_req, res) => res.end('ok'));
    const http = client({ allowPrivateNetwork: true });
    for (let i = 0; i < 3; i += 1) {
      await (await http.request({ url: `http://127.0.0.1:${server.port}/p${i}` })).text();
    }
    expect(server.requests).toHaveLength(3);
    expect(server.connections).toBe(1);
  });

  it('times out a server that never answers, retries, then rejects with HttpNetworkError', async () => {
    server = await startLocalServer(() => undefined);
    const request = client({
      allowPrivateNetwork: true,
      timeoutMs: 100,
      retry: { maxAttempts: 2 },
    }).request({
      url: `http://127.0.0.1:${server.port}/hang`,
    });
    await expect(request).rejects.toMatchObject({
      name: 'HttpNetworkError',
      attempts: 2,
      causeCode: 'ETIMEDOUT',
    });
    expect(server.requests).toEqual(['GET /hang', 'GET /hang']);
  });

  it('times out a body that stalls between chunks', async () => {
    server = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first chunk');
    });
    const response = await client({ allowPrivateNetwork: true, timeoutMs: 100 }).request({
      url: `http://127.0.0.1:${server.port}/stall`,
    });
    expect(response.status).toBe(200);
    const error: unknown = await response.text().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpNetworkError);
    expect(error).toMatchObject({ causeCode: 'ETIMEDOUT' });
  });

  it('retries a refused connection and reports it as HttpNetworkError', async () => {
    const closed = await startLocalServer(() => undefined);
    const port = closed.port;
    await closed.close();

    const request = client({ allowPrivateNetwork: true, retry: { maxAttempts: 3 } }).request({
      url: `http://127.0.0.1:${port}/`,
    });
    await expect(request).rejects.toMatchObject({
      name: 'HttpNetworkError',
      attempts: 3,
      causeCode: 'ECONNREFUSED',
    });
  });
});
