import nock from 'nock';
import { NOT_FOUND_ANSWER, OpenAiAnswerer, type AnswerRequest } from '../src';

const request: AnswerRequest = {
  question: 'Which port does billing use?',
  standaloneQuestion: 'Which port does billing use?',
  history: [{ question: 'What is billing?', answer: 'The invoicing service.' }],
  passages: [
    {
      id: 'a',
      docName: 'Office',
      pageNum: 1,
      text: 'The cafeteria opens at 8.',
      headings: '',
      score: 1,
    },
    {
      id: 'b',
      docName: 'Billing runbook',
      pageNum: 2,
      text: 'Billing listens on port 8431.',
      headings: 'Network',
      score: 0.9,
    },
  ],
};

describe('OpenAiAnswerer', () => {
  afterEach(() => nock.cleanAll());

  const make = (extra: Partial<ConstructorParameters<typeof OpenAiAnswerer>[0]> = {}) =>
    new OpenAiAnswerer({
      baseUrl: 'https://llm.example/v1/',
      apiKey: 'sk-test-secret',
      model: 'gpt-test',
      sleep: async () => undefined,
      ...extra,
    });

  it('sends a grounded prompt with numbered context and the history, and orders refs by citation', async () => {
    let body:
      | { model: string; temperature: number; messages: Array<{ role: string; content: string }> }
      | undefined;
    nock('https://llm.example', { reqheaders: { authorization: 'Bearer sk-test-secret' } })
      .post('/v1/chat/completions', (b) => {
        body = b;
        return true;
      })
      .reply(200, { choices: [{ message: { content: 'Billing listens on port 8431 [2].' } }] });
    const answer = await make().answer(request);
    expect(answer).toEqual({
      text: 'Billing listens on port 8431.',
      usedPassageIds: ['b'],
      found: true,
    });
    expect(body?.model).toBe('gpt-test');
    expect(body?.temperature).toBe(0);
    expect(body?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(body?.messages[0]?.content).toMatch(/ONLY the numbered context/);
    const last = body!.messages[3]!.content;
    expect(last).toContain('[1] (Office — page 1)');
    expect(last).toContain(
      '[2] (Billing runbook — page 2 — Network)\nBilling listens on port 8431.',
    );
    expect(last).toMatch(/Question: Which port does billing use\?$/);
  });

  it('maps NOT_FOUND to a plain not-found answer', async () => {
    nock('https://llm.example')
      .post('/v1/chat/completions')
      .reply(200, { choices: [{ message: { content: 'NOT_FOUND' } }] });
    expect(await make().answer(request)).toEqual({
      text: NOT_FOUND_ANSWER,
      usedPassageIds: [],
      found: false,
    });
  });

  it('retries 429 honouring Retry-After, then succeeds', async () => {
    const waits: number[] = [];
    nock('https://llm.example')
      .post('/v1/chat/completions')
      .reply(429, { error: 'slow down' }, { 'Retry-After': '2' })
      .post('/v1/chat/completions')
      .reply(200, { choices: [{ message: { content: 'Port 8431 [2][1].' } }] });
    const answer = await make({ sleep: async (ms) => void waits.push(ms) }).answer(request);
    expect(waits).toEqual([2000]);
    expect(answer.usedPassageIds).toEqual(['b', 'a']);
    expect(answer.text).toBe('Port 8431.');
  });

  it('maps a rejected key to unavailable without leaking the key', async () => {
    nock('https://llm.example')
      .post('/v1/chat/completions')
      .reply(401, { error: { message: 'bad key sk-test-secret' } });
    const error = await make()
      .answer(request)
      .catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'UnavailableError' });
    expect(String((error as Error).message)).not.toContain('sk-test');
  });

  it('gives up after the retries on server errors', async () => {
    nock('https://llm.example').post('/v1/chat/completions').times(3).reply(503, 'down');
    await expect(make().answer(request)).rejects.toThrow(/HTTP 503/);
  });

  it('times out', async () => {
    nock('https://llm.example').post('/v1/chat/completions').delay(500).reply(200, {});
    await expect(make({ timeoutMs: 50 }).answer(request)).rejects.toThrow(
      /did not respond in time/,
    );
  });
});
