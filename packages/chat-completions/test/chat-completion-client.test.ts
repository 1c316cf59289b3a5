import {
  startFakeChatCompletions,
  type FakeChatCompletions,
  type FakeChatCompletionsOptions,
} from '@docent/source-fakes';
import { ChatCompletionClient, ChatCompletionError, type ChatEndpoint } from '../src';

const KEY = 'sk-live-0123456789abcdefSECRET';
const PROMPT = [
  { role: 'system' as const, content: 'Answer from the passages.' },
  {
    role: 'user' as const,
    content:
      '[1] Heron\nHeron listens on TCP port 9120.\n\n[2] Skylark\nSkylark listens on 7443.\n\nQuestion: Which port does Heron listen on?',
  },
];

let fake: FakeChatCompletions | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(
  fakeOptions: FakeChatCompletionsOptions,
  endpoint: Partial<ChatEndpoint> = {},
  sleeps: number[] = [],
) {
  fake = await startFakeChatCompletions({ apiKey: KEY, ...fakeOptions });
  const client = new ChatCompletionClient({
    endpoint: {
      provider: 'openai',
      baseUrl: fake.baseUrl,
      apiKey: KEY,
      model: 'gpt-4o-mini',
      ...endpoint,
    },
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { fake, client };
}

async function failureOf(promise: Promise<unknown>): Promise<ChatCompletionError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ChatCompletionError);
  expect(JSON.stringify(error) + String(error)).not.toContain(KEY);
  return error as ChatCompletionError;
}

describe('ChatCompletionClient against the chat-completions fake', () => {
  it('gets a whole answer with its usage (stream: false)', async () => {
    const { client, fake } = await setUp({});
    const completion = await client.complete(PROMPT);
    expect(completion).toEqual({
      text: 'Heron listens on TCP port 9120 [1].',
      finishReason: 'stop',
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) },
    });
    expect(fake.requests[0]).toMatchObject({ authScheme: 'bearer', stream: false });
  });

  it('streams the same answer piece by piece, with usage from the last chunk', async () => {
    const { client, fake } = await setUp({});
    const pieces: string[] = [];
    const completion = await client.complete(PROMPT, { onText: (p) => pieces.push(p) });
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces).toContain(' [');
    expect(pieces.join('')).toBe('Heron listens on TCP port 9120 [1].');
    expect(completion.usage?.completionTokens).toBe(pieces.length);
    expect(fake.requests[0]!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('calls an Azure deployment with the api-key header and api-version', async () => {
    const { client, fake } = await setUp(
      { profile: 'azure', models: ['answers-4o'] },
      { provider: 'azure', baseUrl: '', model: 'gpt-4o-mini', apiVersion: '2024-10-21' },
    ).then(async (s) => ({
      ...s,
      client: new ChatCompletionClient({
        endpoint: {
          provider: 'azure',
          baseUrl: `${s.fake.baseUrl}/answers-4o`,
          apiKey: KEY,
          model: 'gpt-4o-mini',
        },
      }),
    }));
    const pieces: string[] = [];
    await client.complete(PROMPT, { onText: (p) => pieces.push(p) });
    expect(pieces.join('')).toBe('Heron listens on TCP port 9120 [1].');
    expect(fake.requests[0]).toMatchObject({
      path: '/openai/deployments/answers-4o/chat/completions',
      query: { 'api-version': '2024-10-21' },
      authScheme: 'api-key',
    });
    await expect(client.probe()).resolves.toBeUndefined();
  });

  it('says which key was refused without the key, and does not retry a 401', async () => {
    const { fake } = await setUp({});
    const client = new ChatCompletionClient({
      endpoint: {
        provider: 'openai',
        baseUrl: fake.baseUrl,
        apiKey: `${KEY}-wrong`,
        model: 'gpt-4o-mini',
      },
    });
    const error = await failureOf(client.complete(PROMPT));
    expect(error.kind).toBe('rejected-key');
    expect(error.message).not.toContain(`${KEY}-wrong`);
    expect(fake.requests).toHaveLength(1);
    await expect(client.probe()).rejects.toMatchObject({ kind: 'rejected-key' });
  });

  it('names a model the server does not serve (404), and the probe lists what it serves', async () => {
    const { fake } = await setUp({ profile: 'ollama', apiKey: undefined, models: ['llama3.1:8b'] });
    const client = new ChatCompletionClient({
      endpoint: { provider: 'openai', baseUrl: fake.baseUrl, model: 'llama3.2' },
    });
    expect((await failureOf(client.complete(PROMPT))).kind).toBe('unknown-model');
    await expect(client.probe()).rejects.toThrow(/does not serve model "llama3.2".*"llama3.1:8b"/);
  });

  it('waits out a 429 as Retry-After says, then answers', async () => {
    const sleeps: number[] = [];
    const { client, fake } = await setUp({}, {}, sleeps);
    fake.setFault({ kind: 'status', status: 429, retryAfterSeconds: 2, times: 1 });
    const pieces: string[] = [];
    await client.complete(PROMPT, { onText: (p) => pieces.push(p) });
    expect(sleeps).toEqual([2_000]);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
    expect(pieces.join('')).toBe('Heron listens on TCP port 9120 [1].');
  });

  it('fails a stream that errors after it started, with the text so far already delivered', async () => {
    const { client, fake } = await setUp({});
    fake.setFault({ kind: 'error-mid-stream', afterPieces: 3 });
    const pieces: string[] = [];
    const error = await failureOf(client.complete(PROMPT, { onText: (p) => pieces.push(p) }));
    expect(error.kind).toBe('interrupted');
    expect(pieces.join('')).toBe('Heron listens on');
    expect(fake.requests).toHaveLength(1);
  });

  it('asks again when the connection is cut before the first piece, fails when cut later', async () => {
    const { client, fake } = await setUp({});
    fake.setFault({ kind: 'cut-mid-stream', afterPieces: 0, times: 1 });
    const pieces: string[] = [];
    await client.complete(PROMPT, { onText: (p) => pieces.push(p) });
    expect(pieces.join('')).toBe('Heron listens on TCP port 9120 [1].');
    expect(fake.requests).toHaveLength(2);

    fake.setFault({ kind: 'cut-mid-stream', afterPieces: 4, times: 1 });
    const error = await failureOf(client.complete(PROMPT, { onText: () => undefined }));
    expect(error.kind).toBe('interrupted');
  });

  it('cancels the upstream request when the caller aborts', async () => {
    const { client, fake } = await setUp({ pieceDelayMs: 50 });
    const controller = new AbortController();
    const aborted = fake.nextAbort();
    const answer = client.complete(PROMPT, {
      signal: controller.signal,
      onText: () => controller.abort(),
    });
    await expect(answer).rejects.toBeDefined();
    const entry = await aborted;
    expect(entry.piecesSent).toBeLessThan(5);
  });
});
