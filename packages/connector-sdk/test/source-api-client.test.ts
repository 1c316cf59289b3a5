import nock from 'nock';
import {
  ABOUT_SOURCE,
  aboutDocument,
  createSourceHttpClient,
  DocumentError,
  DocumentErrorMonitor,
  DocumentRequestError,
  type RequestSubject,
  SourceApiClient,
  type SourceApiOptions,
  SourceError,
  type SourceProfile,
} from '../src';
import { networkFailure, rejection, withNockOnly } from '../src/testing';
import { fakeClock } from './fake-clock';

const API = 'https://api.feed.example';

/** A vendor whose errors read `{"error": {"reason", "text"}}` and who throttles with 403 `slow`. */
const FEED: SourceProfile = {
  name: 'Feed',
  errorBody: (json) => {
    const error = (json as { error?: { reason?: unknown; text?: unknown } } | null)?.error;
    return {
      reasons: typeof error?.reason === 'string' ? [error.reason] : [],
      ...(typeof error?.text === 'string' ? { message: error.text } : {}),
    };
  },
  isThrottling: (status, body) => status === 403 && body.reasons.includes('slow'),
  hints: { unauthorized: 'renew the feed token' },
};

function api(overrides: Partial<SourceApiOptions> = {}) {
  const clock = fakeClock();
  const client = new SourceApiClient({
    http: createSourceHttpClient({
      allowPrivateNetwork: false,
      sleep: clock.sleep,
      now: clock.now,
      random: () => 0.5,
      retry: { maxAttempts: 2 },
    }),
    profile: FEED,
    baseUrl: API,
    authorization: async () => 'Bearer feed-token',
    ...overrides,
  });
  return { client, clock };
}

const onItem = (id = 'i1'): RequestSubject => aboutDocument(id, `Item ${id}`);

async function failure(subject: RequestSubject, status: number, body: unknown = {}) {
  nock(API)
    .get('/x')
    .times(2)
    .reply(status, body as nock.Body);
  try {
    await api().client.json({ path: '/x', about: subject });
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a failure');
}

withNockOnly(nock);

describe('SourceApiClient requests', () => {
  it('sends the Authorization value of the moment and the profile headers, joined to the base', async () => {
    let calls = 0;
    const scope = nock(API, { reqheaders: { authorization: 'Bearer t2', 'x-api': '7' } })
      .get('/items')
      .query({ page: '2' })
      .reply(200, { items: [1] }, { 'x-total': '1' });
    const { client } = api({
      authorization: async () => `Bearer t${++calls + 1}`,
      headers: { 'x-api': '7' },
    });
    const answer = await client.json({ path: '/items', query: { page: 2 }, about: ABOUT_SOURCE });
    expect(answer).toEqual({
      body: { items: [1] },
      headers: expect.objectContaining({ 'x-total': '1' }),
    });
    scope.done();
  });

  it('takes an absolute URL as it is, and POSTs JSON', async () => {
    const scope = nock('https://other.feed.example').post('/q', { a: 1 }).reply(200, {});
    await api().client.json({
      method: 'POST',
      path: 'https://other.feed.example/q',
      body: { a: 1 },
      about: ABOUT_SOURCE,
    });
    scope.done();
  });

  it('retries the profile’s throttling answers and the extra statuses, nothing else', async () => {
    nock(API)
      .get('/x')
      .reply(403, { error: { reason: 'slow' } })
      .get('/x')
      .reply(200, {})
      .get('/y')
      .reply(529, {})
      .get('/y')
      .reply(200, {})
      .get('/z')
      .reply(403, { error: { reason: 'nope' } });
    const { client, clock } = api({ retryStatuses: [529] });
    await client.json({ path: '/x', about: ABOUT_SOURCE });
    await client.json({ path: '/y', about: ABOUT_SOURCE });
    await expect(client.json({ path: '/z', about: ABOUT_SOURCE })).rejects.toMatchObject({
      code: 'source_auth_failed',
    });
    expect(clock.sleeps).toHaveLength(2);
  });
});

describe('the failure ladder', () => {
  it.each([
    [
      401,
      'source_auth_failed',
      'Feed at api.feed.example rejected the credentials (HTTP 401 bad: expired); renew the feed token',
    ],
    [403, 'source_auth_failed', 'Feed at api.feed.example refused access (HTTP 403 bad: expired)'],
    [
      429,
      'source_rate_limited',
      'Feed at api.feed.example kept throttling the requests after retries (HTTP 429 bad: expired)',
    ],
  ])('%i is about the source, whatever the request was about', async (status, code, message) => {
    for (const subject of [ABOUT_SOURCE, onItem()]) {
      const error = await failure(subject, status, { error: { reason: 'bad', text: 'expired' } });
      expect(error).toBeInstanceOf(SourceError);
      expect(error).toMatchObject({ code, message });
    }
  });

  it.each([
    [404, 'source_not_found', 'Feed at api.feed.example answered HTTP 404'],
    [503, 'source_unreachable', 'Feed at api.feed.example answered HTTP 503 after retries'],
    [400, 'internal', 'Feed at api.feed.example refused the request (HTTP 400)'],
  ])('%i about the source fails the source', async (status, code, message) => {
    const error = await failure(ABOUT_SOURCE, status);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ code, message, details: { status } });
  });

  it.each([
    [
      404,
      'source_not_found',
      '"Item i1" no longer exists or is no longer shared with these credentials',
    ],
    [
      410,
      'source_not_found',
      '"Item i1" no longer exists or is no longer shared with these credentials',
    ],
    [500, 'source_unreachable', 'Feed at api.feed.example answered HTTP 500 after retries'],
    [409, 'internal', 'Feed at api.feed.example refused "Item i1" (HTTP 409)'],
  ])('%i about one document fails that document', async (status, code, message) => {
    const error = await failure(onItem(), status);
    expect(error).toBeInstanceOf(DocumentRequestError);
    expect(error).toBeInstanceOf(DocumentError);
    expect(error).toMatchObject({ code, message, status });
    // Named, so a monitor kept outside the session can word its verdict.
    expect((error as DocumentRequestError).details.source).toBe('Feed');
  });

  it('lets the request, then the profile, explain an answer first', async () => {
    const explained = new SourceError('source_not_found', 'query refused');
    nock(API).get('/x').reply(400, {});
    await expect(
      api().client.json({
        path: '/x',
        about: ABOUT_SOURCE,
        explain: (answer) => (answer.status === 400 ? explained : undefined),
      }),
    ).rejects.toBe(explained);
    nock(API).get('/x').reply(404, {});
    const own = new DocumentError('gone for good');
    const { client } = api({ profile: { ...FEED, explain: () => own } });
    await expect(client.json({ path: '/x', about: onItem() })).rejects.toBe(own);
  });

  it('names a 404 about the source as asked, and caps quoted messages at 300 characters', async () => {
    nock(API)
      .get('/x')
      .reply(404, { error: { text: 'x'.repeat(400) } });
    const error = await rejection(
      api().client.json({ path: '/x', about: ABOUT_SOURCE, notFound: 'space ENG not found' }),
    );
    expect(error.message).toBe('space ENG not found');
    nock(API).get('/y').reply(400, 'y'.repeat(400), { 'content-type': 'text/plain' });
    const quoted = await rejection(api().client.json({ path: '/y', about: ABOUT_SOURCE }));
    expect(quoted.message).toBe(
      `Feed at api.feed.example refused the request (HTTP 400: ${'y'.repeat(300)}…)`,
    );
    nock(API).get('/z').reply(400, '<html>oops</html>', { 'content-type': 'text/html' });
    const page = await rejection(api().client.json({ path: '/z', about: ABOUT_SOURCE }));
    expect(page.message).toBe('Feed at api.feed.example refused the request (HTTP 400)');
  });

  it('fails the document on a body that is not JSON, the source on a listing that is not', async () => {
    nock(API).get('/x').times(2).reply(200, 'not json', { 'content-type': 'application/json' });
    const document = await rejection(api().client.json({ path: '/x', about: onItem() }));
    expect(document).toBeInstanceOf(DocumentRequestError);
    expect(document).toMatchObject({ code: 'internal' });
    const source = await rejection(api().client.json({ path: '/x', about: ABOUT_SOURCE }));
    expect(source).toBeInstanceOf(SourceError);
    expect(source.message).toBe('Feed at api.feed.example answered with a body that is not JSON');
  });

  it('fails the document on a timeout or reset, the source on a host that cannot be reached', async () => {
    nock(API).get('/a').times(2).replyWithError(networkFailure('ECONNRESET'));
    nock(API).get('/b').times(2).replyWithError(networkFailure('ENOTFOUND'));
    nock(API).get('/c').times(2).replyWithError(networkFailure('ECONNRESET'));
    const { client } = api();
    const reset = await rejection(client.json({ path: '/a', about: onItem() }));
    expect(reset).toBeInstanceOf(DocumentRequestError);
    expect(reset.message).toBe(
      'Feed at api.feed.example did not deliver "Item i1" (ECONNRESET) after 2 attempt(s)',
    );
    const gone = await rejection(client.json({ path: '/b', about: onItem() }));
    expect(gone).toBeInstanceOf(SourceError);
    expect(gone).toMatchObject({ code: 'source_unreachable' });
    const listing = await rejection(client.json({ path: '/c', about: ABOUT_SOURCE }));
    expect(listing).toBeInstanceOf(SourceError);
  });

  it('never catches a failed OAuth refresh: the credential store reports it', async () => {
    const refresh = new SourceError('source_auth_failed', 'reconnect the account');
    const { client } = api({ authorization: () => Promise.reject(refresh) });
    await expect(client.json({ path: '/x', about: onItem() })).rejects.toBe(refresh);
  });
});

describe('the error monitor in the client', () => {
  it('stops at the 10th document in a row the source fails, naming the last one', async () => {
    nock(API)
      .get(/\/d\/\d+/)
      .times(10)
      .reply(502, { error: { reason: 'gateway' } });
    const { client } = api({
      http: createSourceHttpClient({ allowPrivateNetwork: false, retry: { maxAttempts: 1 } }),
    });
    const errors: Error[] = [];
    for (let i = 1; i <= 10; i += 1) {
      errors.push(await rejection(client.call({ path: `/d/${i}`, about: onItem(String(i)) })));
    }
    expect(errors.slice(0, 9).every((e) => e instanceof DocumentRequestError)).toBe(true);
    expect(errors[9]).toBeInstanceOf(SourceError);
    expect(errors[9]).toMatchObject({
      code: 'source_unreachable',
      details: { status: 502, reason: 'gateway' },
      message:
        'Feed failed to serve 10 documents in a row, so the ingestion stopped: the source looks ' +
        'unavailable, try again later. The last, "Item 10": Feed at api.feed.example answered ' +
        'HTTP 502 gateway after retries',
    });
  });

  it('counts a document once however many of its requests fail, and any answer resets the run', async () => {
    // A window that tolerates the 18 failures: only the run in a row is under test.
    const monitor = new DocumentErrorMonitor('Feed', {
      maxConsecutiveFailures: 10,
      windowSize: 100,
      maxFailuresInWindow: 50,
    });
    nock(API)
      .get(/\/d\/\d+/)
      .times(20)
      .reply(500, {})
      .get('/fine')
      .reply(404, {});
    const { client } = api({
      monitor,
      http: createSourceHttpClient({ allowPrivateNetwork: false, retry: { maxAttempts: 1 } }),
    });
    const call = (path: string, id: string) => rejection(client.call({ path, about: onItem(id) }));
    for (let i = 0; i < 9; i += 1) await call(`/d/${i}`, String(i));
    // The same document again, then an answer (a 404 is one): the run starts over.
    expect(await call('/d/8', '8')).toBeInstanceOf(DocumentRequestError);
    expect(await call('/fine', 'fine')).toBeInstanceOf(DocumentRequestError);
    for (let i = 10; i < 19; i += 1) {
      expect(await call(`/d/${i}`, String(i))).toBeInstanceOf(DocumentRequestError);
    }
  });
});

describe('SourceApiClient: public sources and conditional requests', () => {
  withNockOnly(nock);

  it('sends no Authorization header when the authorization is empty', async () => {
    const scope = nock(API, { badheaders: ['authorization'] })
      .get('/page')
      .reply(200, 'hi');
    const { client } = api({ authorization: async () => '' });
    expect((await client.call({ path: '/page', about: ABOUT_SOURCE })).status).toBe(200);
    scope.done();
  });

  it('takes 304 as the answer to a conditional request only', async () => {
    nock(API).get('/page').matchHeader('if-none-match', '"v1"').reply(304).get('/page').reply(304);
    const { client } = api();
    const conditional = await client.call({
      path: '/page',
      headers: { 'if-none-match': '"v1"' },
      about: onItem('p'),
    });
    expect(conditional.status).toBe(304);
    const plain = await rejection(client.call({ path: '/page', about: onItem('p') }));
    expect(plain).toBeInstanceOf(DocumentRequestError);
  });
});
