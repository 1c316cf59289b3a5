import nock from 'nock';
import {
  createEmbedder,
  createOpenAIEmbedder,
  type Embedder,
  EmbeddingServiceError,
  type OpenAIEmbedderOptions,
} from '../src';
import { describeEmbedderConformance } from './conformance/embedder.conformance';
import { startFakeEmbeddingsServer } from './support/fake-embeddings-server';
import { norm } from './support/shared-model';

const BASE_URL = 'https://llm.example.test/v1';
const API_KEY = 'sk-test-very-secret-key';

interface EmbeddingsRequest {
  model: string;
  input: string[];
}

/** A fake embedding: [text length, 1, 0] scaled by 3 so normalising is visible. */
function fakeEmbedding(text: string): number[] {
  return [text.length * 3, 3, 0];
}

function embeddingsReply(body: EmbeddingsRequest, reverse = false) {
  const data = body.input.map((text, index) => ({
    object: 'embedding',
    index,
    embedding: fakeEmbedding(text),
  }));
  return { object: 'list', model: body.model, data: reverse ? data.reverse() : data };
}

function options(overrides: Partial<OpenAIEmbedderOptions> = {}): OpenAIEmbedderOptions & {
  waits: number[];
} {
  const waits: number[] = [];
  return {
    model: 'text-embedding-3-small',
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    batchSize: 2,
    maxRetries: 3,
    sleep: async (ms) => {
      waits.push(ms);
    },
    waits,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<EmbeddingServiceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(EmbeddingServiceError);
  const serviceError = error as EmbeddingServiceError;
  expect(serviceError.message).not.toContain(API_KEY);
  return serviceError;
}

describeEmbedderConformance(
  'OpenAI-compatible embedder (local fake server)',
  async () => {
    const server = await startFakeEmbeddingsServer({ apiKey: API_KEY });
    const open = () =>
      createOpenAIEmbedder({
        model: 'fake-embed',
        baseUrl: server.baseUrl,
        apiKey: API_KEY,
        batchSize: 2,
        maxRetries: 1,
        sleep: async () => undefined,
      });
    const embedder = await open();
    return {
      embedder,
      open,
      upstream: {
        fail: () => server.failWith(503),
        restore: () => server.failWith(null),
        secret: API_KEY,
      },
      cleanup: async () => {
        await embedder.close();
        await server.close();
      },
    };
  },
  { spans: false, upstream: true },
);

describe('OpenAI-compatible embedder', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  afterAll(() => nock.enableNetConnect());

  it('probes once for the size, then embeds in batches with the key, in input order', async () => {
    const requests: EmbeddingsRequest[] = [];
    const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
      .post('/embeddings')
      .times(4)
      .reply(200, (_uri, body) => {
        requests.push(body as EmbeddingsRequest);
        return embeddingsReply(body as EmbeddingsRequest, true);
      });

    const embedder = await createOpenAIEmbedder(options());
    expect(embedder.modelId).toBe('openai:text-embedding-3-small');
    expect(embedder.dimensions).toBe(3);
    expect(embedder.maxTokens).toBe(8191);

    const vectors = await embedder.embedDocuments(['a', 'bb', 'ccc', '']);
    expect(requests.map((request) => request.input)).toEqual([
      ['dimension probe'],
      ['a', 'bb'],
      ['ccc', ' '],
    ]);
    expect(requests.every((request) => request.model === 'text-embedding-3-small')).toBe(true);
    const query = await embedder.embedQuery('dddd');
    expect(scope.isDone()).toBe(true);

    [...vectors, query].forEach((vector) => {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(norm(vector)).toBeCloseTo(1, 6);
    });
    // Length 1 → [3, 3, 0] / |…| ; length 3 → [9, 3, 0] / |…|: order follows the input.
    expect(vectors[0]![0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(vectors[2]![0]).toBeCloseTo(9 / Math.sqrt(90), 6);
  });

  it('sends no Authorization header without a key', async () => {
    nock(BASE_URL, { badheaders: ['authorization'] })
      .post('/embeddings')
      .reply(200, (_uri, body) => embeddingsReply(body as EmbeddingsRequest));
    const embedder = await createOpenAIEmbedder(options({ apiKey: undefined }));
    expect(embedder.dimensions).toBe(3);
  });

  it('estimates tokens as characters / 4 and caps inputs to maxTokens', async () => {
    let lastInput: string[] = [];
    nock(BASE_URL)
      .post('/embeddings')
      .times(2)
      .reply(200, (_uri, body) => {
        lastInput = (body as EmbeddingsRequest).input;
        return embeddingsReply(body as EmbeddingsRequest);
      });
    const embedder: Embedder = await createOpenAIEmbedder(options({ model: 'local-e5' }));
    expect(embedder.maxTokens).toBe(512);
    expect(embedder.countTokens('')).toBe(0);
    expect(embedder.countTokens('abcd')).toBe(1);
    expect(embedder.countTokens('abcde')).toBe(2);
    await embedder.embedQuery('x'.repeat(5000));
    expect(lastInput[0]).toHaveLength(512 * 4);
  });

  it('says the key was rejected on 401, without the key', async () => {
    nock(BASE_URL)
      .post('/embeddings')
      .reply(401, { error: { message: `Incorrect API key provided: ${API_KEY}` } });
    const error = await failure(createOpenAIEmbedder(options()));
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/rejected the API key \(HTTP 401\)/);
    expect(error.message).toContain('https://llm.example.test');
  });

  it('retries 429 after Retry-After, then succeeds', async () => {
    nock(BASE_URL)
      .post('/embeddings')
      .reply(429, { error: { message: 'slow down' } }, { 'Retry-After': '2' })
      .post('/embeddings')
      .reply(429, 'busy', { 'Retry-After': 'Thu, 01 Jan 1970 00:00:00 GMT' })
      .post('/embeddings')
      .reply(200, (_uri, body) => embeddingsReply(body as EmbeddingsRequest));
    const settings = options();
    const embedder = await createOpenAIEmbedder(settings);
    expect(embedder.dimensions).toBe(3);
    expect(settings.waits).toEqual([2000, 0]);
  });

  it('gives up on 429 after a few retries with a clear message', async () => {
    nock(BASE_URL)
      .post('/embeddings')
      .times(4)
      .reply(429, { error: { message: `quota exceeded for ${API_KEY}` } });
    const settings = options();
    const error = await failure(createOpenAIEmbedder(settings));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(
      /rate limiting requests after 3 retries: quota exceeded for \*\*\*/,
    );
    expect(settings.waits).toEqual([1000, 2000, 4000]);
  });

  it('retries server errors, and reports other client errors at once', async () => {
    nock(BASE_URL)
      .post('/embeddings')
      .reply(503)
      .post('/embeddings')
      .reply(200, (_uri, body) => embeddingsReply(body as EmbeddingsRequest));
    await expect(createOpenAIEmbedder(options())).resolves.toBeDefined();

    nock(BASE_URL)
      .post('/embeddings')
      .reply(400, { error: { message: "'input' is invalid" } });
    const settings = options();
    const error = await failure(createOpenAIEmbedder(settings));
    expect(error.message).toMatch(/answered HTTP 400: 'input' is invalid/);
    expect(settings.waits).toEqual([]);
  });

  it('reports a network failure and a timeout', async () => {
    nock(BASE_URL).post('/embeddings').times(2).replyWithError({ code: 'ECONNREFUSED' });
    const unreachable = await failure(createOpenAIEmbedder(options({ maxRetries: 1 })));
    expect(unreachable.message).toMatch(
      /Could not reach the embedding service at https:\/\/llm\.example\.test \(ECONNREFUSED\) after 1 retries/,
    );

    nock(BASE_URL)
      .post('/embeddings')
      .delay(300)
      .reply(200, (_uri, body) => embeddingsReply(body as EmbeddingsRequest));
    const slow = await failure(createOpenAIEmbedder(options({ maxRetries: 0, timeoutMs: 20 })));
    expect(slow.message).toMatch(/did not answer within/);
  });

  it('rejects a malformed answer', async () => {
    nock(BASE_URL).post('/embeddings').reply(200, { data: [] });
    const error = await failure(createOpenAIEmbedder(options()));
    expect(error.message).toMatch(/returned 0 embeddings for 1 inputs/);
  });

  it('is selected by the openai: prefix and needs a base URL', async () => {
    await expect(
      createEmbedder({
        model: 'openai:text-embedding-3-small',
        modelsDir: '/nowhere',
        allowDownload: false,
      }),
    ).rejects.toThrow(/OPENAI_BASE_URL/);

    nock(BASE_URL)
      .post('/embeddings')
      .reply(200, (_uri, body) => embeddingsReply(body as EmbeddingsRequest));
    const embedder = await createEmbedder({
      model: 'openai:text-embedding-3-small',
      modelsDir: '/nowhere',
      allowDownload: false,
      openai: { baseUrl: `${BASE_URL}/`, apiKey: API_KEY },
    });
    expect(embedder.modelId).toBe('openai:text-embedding-3-small');
  });
});
