import nock from 'nock';
import {
  createSourceHttpClient,
  HttpNetworkError,
  ResponseTooLargeError,
  type SourceHttpClientOptions,
} from '../src';
import { fakeClock, type FakeClock } from './fake-clock';
import { networkFailure, withNockOnly } from '../src/testing';

const API = 'https://api.example.com';

function client(clock: FakeClock, overrides: Partial<SourceHttpClientOptions> = {}) {
  return createSourceHttpClient({
    allowPrivateNetwork: false,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0.5,
    ...overrides,
  });
}

withNockOnly(nock);

describe('Retry-After', () => {
  it('waits the delta-seconds a 429 asks for, then returns the success', async () => {
    const clock = fakeClock();
    const scope = nock(API)
      .get('/spaces')
      .reply(429, { message: 'slow down' }, { 'Retry-After': '3' })
      .get('/spaces')
      .reply(200, { results: ['DOC'] });

    const response = await client(clock).request({ url: `${API}/spaces` });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: ['DOC'] });
    expect(clock.sleeps).toEqual([3000]);
    scope.done();
  });

  it('waits until an HTTP-date Retry-After', async () => {
    const clock = fakeClock(Date.parse('2025-03-01T12:00:00Z'));
    nock(API)
      .get('/x')
      .reply(503, '', { 'Retry-After': 'Sat, 01 Mar 2025 12:00:07 GMT' })
      .get('/x')
      .reply(200, 'ok');

    await client(clock).request({ url: `${API}/x` });

    expect(clock.sleeps).toEqual([7000]);
  });

  it('caps a long Retry-After at maxDelayMs', async () => {
    const clock = fakeClock();
    nock(API).get('/x').reply(429, '', { 'Retry-After': '3600' }).get('/x').reply(200, 'ok');

    await client(clock, { retry: { maxDelayMs: 60_000 } }).request({ url: `${API}/x` });

    expect(clock.sleeps).toEqual([60_000]);
  });

  it('does nothing about Beta-Retry-After on a 200', async () => {
    const clock = fakeClock();
    const scope = nock(API)
      .get('/x')
      .reply(200, 'fine', { 'Beta-Retry-After': '30', 'X-Beta-RateLimit-Remaining': '0' });

    const response = await client(clock).request({ url: `${API}/x` });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('fine');
    expect(clock.sleeps).toEqual([]);
    scope.done();
  });

  it('ignores Beta-Retry-After on a 429 and backs off normally', async () => {
    const clock = fakeClock();
    nock(API).get('/x').reply(429, '', { 'Beta-Retry-After': '45' }).get('/x').reply(200, 'ok');

    await client(clock).request({ url: `${API}/x` });

    expect(clock.sleeps).toEqual([750]); // equal jitter of the 1 s base with random() = 0.5
  });
});

describe('backoff without Retry-After', () => {
  it('doubles the wait each attempt, with jitter between half and the full step', async () => {
    const waits: Record<string, number[]> = {};
    for (const [name, random] of [
      ['low', () => 0],
      ['high', () => 0.999999],
    ] as const) {
      const clock = fakeClock();
      nock(API).get('/x').times(4).reply(503, 'busy').get('/x').reply(200, 'ok');
      const response = await client(clock, { random }).request({ url: `${API}/x` });
      expect(response.status).toBe(200);
      waits[name] = clock.sleeps;
    }
    expect(waits.low).toEqual([500, 1000, 2000, 4000]);
    expect(waits.high).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never waits more than maxDelayMs', async () => {
    const clock = fakeClock();
    nock(API).get('/x').times(5).reply(502, '').get('/x').reply(200, 'ok');

    await client(clock, { random: () => 0.999999, retry: { maxDelayMs: 3000 } }).request({
      url: `${API}/x`,
    });

    expect(clock.sleeps).toEqual([1000, 2000, 3000, 3000, 3000]);
  });
});

describe('giving up', () => {
  it('returns the final 429 once the next wait would overrun the time budget', async () => {
    const clock = fakeClock();
    const scope = nock(API)
      .get('/x')
      .times(3)
      .reply(429, { message: 'rate limited' }, { 'Retry-After': '4' });

    const response = await client(clock, { retry: { maxRetryTimeMs: 10_000 } }).request({
      url: `${API}/x`,
    });

    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ message: 'rate limited' });
    expect(clock.sleeps).toEqual([4000, 4000]); // a third 4 s wait would end at 12 s > 10 s
    scope.done();
  });

  it('stops at maxAttempts (a per-request policy overrides the client one)', async () => {
    const clock = fakeClock();
    const scope = nock(API).get('/x').times(2).reply(503, 'down');

    const response = await client(clock, { retry: { maxAttempts: 8 } }).request({
      url: `${API}/x`,
      retry: { maxAttempts: 2 },
    });

    expect(response.status).toBe(503);
    expect(clock.sleeps).toHaveLength(1);
    scope.done();
  });

  it('reports each retry without secrets', async () => {
    const clock = fakeClock();
    const events: unknown[] = [];
    nock(API)
      .get('/x')
      .query(true)
      .reply(429, '', { 'Retry-After': '1' })
      .get('/x')
      .query(true)
      .replyWithError(networkFailure('ECONNRESET', 'socket hang up'))
      .get('/x')
      .query(true)
      .reply(200, 'ok');

    await client(clock, { onRetry: (event) => events.push(event) }).request({
      url: `${API}/x?api_key=k3y`,
      headers: { authorization: 'Bearer s3cret' },
    });

    expect(events).toEqual([
      { url: `${API}/x`, attempt: 1, delayMs: 1000, status: 429 },
      { url: `${API}/x`, attempt: 2, delayMs: 1500, error: 'socket hang up' },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/s3cret|k3y/);
  });
});

describe('which failures are retried', () => {
  it('retries a 503', async () => {
    const clock = fakeClock();
    const scope = nock(API).get('/x').reply(503, '').get('/x').reply(200, 'ok');
    expect((await client(clock).request({ url: `${API}/x` })).status).toBe(200);
    scope.done();
  });

  it('retries a 500 for GET but not for POST', async () => {
    const clock = fakeClock();
    const scope = nock(API)
      .get('/x')
      .reply(500, 'oops')
      .get('/x')
      .reply(200, 'ok')
      .post('/x')
      .reply(500, 'oops');

    const http = client(clock);
    expect((await http.request({ url: `${API}/x` })).status).toBe(200);
    const post = await http.request({ method: 'POST', url: `${API}/x`, body: { a: 1 } });
    expect(post.status).toBe(500);
    expect(await post.text()).toBe('oops');
    expect(clock.sleeps).toHaveLength(1);
    scope.done();
  });

  it('re-sends the same body when a POST is throttled', async () => {
    const clock = fakeClock();
    const scope = nock(API)
      .post('/token', { grant_type: 'refresh_token' })
      .reply(429, '', { 'Retry-After': '1' })
      .post('/token', { grant_type: 'refresh_token' })
      .reply(200, { access_token: 'a' });

    const response = await client(clock).request({
      method: 'POST',
      url: `${API}/token`,
      body: { grant_type: 'refresh_token' },
    });

    expect(response.status).toBe(200);
    scope.done();
  });

  it('does not retry a 404', async () => {
    const clock = fakeClock();
    const scope = nock(API).get('/x').reply(404, 'missing');
    expect((await client(clock).request({ url: `${API}/x` })).status).toBe(404);
    expect(clock.sleeps).toEqual([]);
    scope.done();
  });

  describe('isRetryable hook (Google Drive 403s)', () => {
    const rateLimited = {
      error: {
        code: 403,
        message: 'User Rate Limit Exceeded',
        errors: [
          {
            domain: 'usageLimits',
            reason: 'userRateLimitExceeded',
            message: 'User Rate Limit Exceeded',
          },
        ],
      },
    };
    const notDownloadable = {
      error: {
        code: 403,
        message: 'Only files with binary content can be downloaded.',
        errors: [{ domain: 'global', reason: 'fileNotDownloadable', location: 'alt' }],
      },
    };
    const isRetryable = (status: number, body: string): boolean =>
      status === 403 && /"reason":\s*"(user)?[rR]ateLimitExceeded"/.test(body);

    it('retries a 403 rateLimitExceeded', async () => {
      const clock = fakeClock();
      const scope = nock('https://www.googleapis.com')
        .get('/drive/v3/files')
        .reply(403, rateLimited)
        .get('/drive/v3/files')
        .reply(200, { files: [] });

      const response = await client(clock).request({
        url: 'https://www.googleapis.com/drive/v3/files',
        isRetryable,
      });

      expect(response.status).toBe(200);
      expect(clock.sleeps).toEqual([750]);
      scope.done();
    });

    it('returns any other 403 at once, with its body still readable', async () => {
      const clock = fakeClock();
      nock('https://www.googleapis.com')
        .get('/drive/v3/files/f1')
        .query(true)
        .reply(403, notDownloadable);

      const response = await client(clock).request({
        url: 'https://www.googleapis.com/drive/v3/files/f1',
        query: { alt: 'media' },
        isRetryable,
      });

      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(notDownloadable);
      expect(clock.sleeps).toEqual([]);
    });

    it('hands back the last rate-limited 403 with its body once the attempts run out', async () => {
      const clock = fakeClock();
      nock('https://www.googleapis.com').get('/drive/v3/files').times(3).reply(403, rateLimited);

      const response = await client(clock, { retry: { maxAttempts: 3 } }).request({
        url: 'https://www.googleapis.com/drive/v3/files',
        isRetryable,
      });

      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(rateLimited);
      expect(clock.sleeps).toHaveLength(2);
    });

    it('hands back a response too large for the hook to read, failing when it is read', async () => {
      const clock = fakeClock();
      nock('https://www.googleapis.com').get('/drive/v3/files').reply(403, 'x'.repeat(5000));

      const response = await client(clock, { maxResponseBytes: 1000 }).request({
        url: 'https://www.googleapis.com/drive/v3/files',
        isRetryable,
      });

      expect(response.status).toBe(403);
      await expect(response.text()).rejects.toBeInstanceOf(ResponseTooLargeError);
      expect(clock.sleeps).toEqual([]);
    });

    it('is not consulted for a success', async () => {
      const clock = fakeClock();
      const hook = jest.fn(() => true);
      nock(API).get('/x').reply(200, 'ok');
      await client(clock).request({ url: `${API}/x`, isRetryable: hook });
      expect(hook).not.toHaveBeenCalled();
    });
  });
});

describe('network errors', () => {
  it('retries a reset connection and a refused one, then succeeds', async () => {
    const clock = fakeClock();
    const scope = nock(API)
      .get('/x')
      .replyWithError(networkFailure('ECONNRESET', 'socket hang up'))
      .get('/x')
      .replyWithError(networkFailure('ECONNREFUSED', 'connect ECONNREFUSED 93.184.215.14:443'))
      .get('/x')
      .reply(200, 'ok');

    const response = await client(clock).request({ url: `${API}/x` });

    expect(response.status).toBe(200);
    expect(clock.sleeps).toEqual([750, 1500]);
    scope.done();
  });

  it('rejects with HttpNetworkError once the attempts run out', async () => {
    const clock = fakeClock();
    nock(API)
      .get('/x')
      .query(true)
      .times(3)
      .replyWithError(networkFailure('ETIMEDOUT', 'connect ETIMEDOUT'));

    const error: unknown = await client(clock, { retry: { maxAttempts: 3 } })
      .request({
        url: `https://bob:pa55@api.example.com/x?sig=s1gnature`,
        headers: { authorization: 'Bearer t0ken' },
      })
      .catch((err: unknown) => err);

    expect(error).toBeInstanceOf(HttpNetworkError);
    expect(error).toMatchObject({ attempts: 3, causeCode: 'ETIMEDOUT' });
    expect((error as Error).message).toBe(`GET ${API}/x failed: connect ETIMEDOUT (3 attempts)`);
    expect((error as Error).message).not.toMatch(/pa55|bob|s1gnature|t0ken/);
  });

  it('does not retry a failure that will not go away (unknown host)', async () => {
    const clock = fakeClock();
    nock(API)
      .get('/x')
      .replyWithError(networkFailure('ENOTFOUND', 'getaddrinfo ENOTFOUND api.example.com'));

    await expect(client(clock).request({ url: `${API}/x` })).rejects.toMatchObject({
      name: 'HttpNetworkError',
      attempts: 1,
      causeCode: 'ENOTFOUND',
    });
    expect(clock.sleeps).toEqual([]);
  });
});

describe('abort', () => {
  it('rejects with an AbortError when aborted during a backoff wait', async () => {
    const controller = new AbortController();
    const sleeps: number[] = [];
    const scope = nock(API).get('/x').reply(503, '').get('/x').reply(200, 'never reached');

    const request = createSourceHttpClient({
      allowPrivateNetwork: false,
      sleep: (ms, signal) =>
        new Promise((_resolve, reject) => {
          sleeps.push(ms);
          signal?.addEventListener('abort', () => reject(new Error('sleep interrupted')));
          controller.abort();
        }),
    }).request({ url: `${API}/x`, signal: controller.signal });

    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(sleeps).toHaveLength(1);
    expect(scope.pendingMocks()).toHaveLength(1); // the second try never went out
  });

  it('rejects with an AbortError when aborted while the request is in flight', async () => {
    const controller = new AbortController();
    nock(API).get('/x').delay(2000).reply(200, 'late');

    const request = client(fakeClock()).request({ url: `${API}/x`, signal: controller.signal });
    controller.abort();

    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects at once when the signal is already aborted', async () => {
    const scope = nock(API).get('/x').reply(200, 'ok');
    await expect(
      client(fakeClock()).request({ url: `${API}/x`, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(scope.isDone()).toBe(false);
  });
});
