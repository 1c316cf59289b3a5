import nock from 'nock';
import { OpenAiHttpClient, OpenAiRequestError, type OpenAiHttpClientOptions } from '../src';

const BASE_URL = 'https://llm.example.test/v1';
const API_KEY = 'sk-test-key-never-shown';

function client(overrides: Partial<OpenAiHttpClientOptions> = {}) {
  const waits: number[] = [];
  const http = new OpenAiHttpClient({
    baseUrl: `${BASE_URL}//`,
    apiKey: API_KEY,
    maxRetries: 2,
    backoff: { baseMs: 100, maxMs: 150 },
    maxRetryAfterMs: 5_000,
    sleep: async (ms) => void waits.push(ms),
    ...overrides,
  });
  return { http, waits };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(OpenAiRequestError);
  expect(JSON.stringify((error as OpenAiRequestError).failure)).not.toContain(API_KEY);
  return (error as OpenAiRequestError).failure;
}

describe('OpenAiHttpClient', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  afterAll(() => nock.enableNetConnect());

  it('posts JSON under the base URL with the key and returns the parsed answer', async () => {
    nock(BASE_URL, {
      reqheaders: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    })
      .post('/chat/completions', { model: 'm' })
      .reply(200, { ok: true });
    await expect(client().http.postJson('chat/completions', { model: 'm' })).resolves.toEqual({
      ok: true,
    });
  });

  it('backs off exponentially up to its cap, Retry-After (capped) first', async () => {
    nock(BASE_URL)
      .post('/embeddings')
      .reply(503)
      .post('/embeddings')
      .reply(503)
      .post('/embeddings')
      .reply(429, {}, { 'Retry-After': '60' })
      .post('/embeddings')
      .reply(200, {});
    const { http, waits } = client({ maxRetries: 3 });
    await http.postJson('embeddings', {});
    expect(waits).toEqual([100, 150, 5_000]);
  });

  it('reports the status, the retries and the redacted error message', async () => {
    nock(BASE_URL)
      .post('/embeddings')
      .times(3)
      .reply(500, { error: { message: `upstream refused ${API_KEY}` } });
    expect(await failureOf(client().http.postJson('embeddings', {}))).toEqual({
      kind: 'http',
      status: 500,
      retryable: true,
      retries: 2,
      detail: 'upstream refused ***',
    });
  });

  it('fails at once on a rejected key and on a client error', async () => {
    nock(BASE_URL).post('/embeddings').reply(403, 'forbidden');
    const { http, waits } = client();
    expect(await failureOf(http.postJson('embeddings', {}))).toEqual({
      kind: 'rejected-key',
      status: 403,
    });
    nock(BASE_URL).post('/embeddings').reply(422, 'not json');
    expect(await failureOf(http.postJson('embeddings', {}))).toMatchObject({
      kind: 'http',
      status: 422,
      retryable: false,
      detail: null,
    });
    expect(waits).toEqual([]);
  });

  it('retries an attempt that times out, then reports the timeout', async () => {
    // Wide margins: an answered attempt must finish well inside the timeout on a loaded machine
    // (250 ms failed there while two jest workers and a bench shared two cores).
    const ATTEMPT_TIMEOUT_MS = 1_000;
    nock(BASE_URL).post('/embeddings').delay(10_000).reply(200, {}).post('/embeddings').reply(200, {
      second: true,
    });
    await expect(
      client().http.postJson('embeddings', {}, { attemptTimeoutMs: ATTEMPT_TIMEOUT_MS }),
    ).resolves.toEqual({ second: true });

    nock(BASE_URL).post('/embeddings').times(2).delay(10_000).reply(200, {});
    expect(
      await failureOf(
        client({ maxRetries: 1 }).http.postJson(
          'embeddings',
          {},
          { attemptTimeoutMs: ATTEMPT_TIMEOUT_MS },
        ),
      ),
    ).toEqual({ kind: 'timeout', retries: 1 });
  }, 30_000);

  it('reports an unreachable service with the error code', async () => {
    nock(BASE_URL).post('/embeddings').times(3).replyWithError({ code: 'ECONNRESET' });
    expect(await failureOf(client().http.postJson('embeddings', {}))).toEqual({
      kind: 'unreachable',
      reason: 'ECONNRESET',
      retries: 2,
    });
  });

  it("stops at the caller's abort and throws its error as it is, without retrying", async () => {
    nock(BASE_URL).post('/embeddings').delay(500).reply(200, {});
    const controller = new AbortController();
    const { http, waits } = client();
    const call = http.postJson('embeddings', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gave up')), 20);
    await expect(call).rejects.toThrow('caller gave up');
    expect(waits).toEqual([]);
  });
});
