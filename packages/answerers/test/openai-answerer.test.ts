import { UnavailableError } from '@docent/domain-errors';
import {
  startFakeChatCompletions,
  type FakeChatCompletions,
  type ScriptedReply,
} from '@docent/source-fakes';
import {
  NOT_FOUND_ANSWER,
  OpenAiAnswerer,
  type AnswerPiece,
  type AnswerRequest,
  type NeighbourChunk,
  type Passage,
} from '../src';
import { describeAnswererConformance } from './conformance/answerer.conformance';

const KEY = 'sk-proj-never-in-a-message-0123456789';

const passage = (id: string, docName: string, text: string, extra: Partial<Passage> = {}) => ({
  id,
  docName,
  pageNum: 1,
  text,
  headings: '',
  score: 1,
  ...extra,
});

const PASSAGES: Passage[] = [
  passage('office', 'Office FAQ', 'The cafeteria opens at 8.'),
  passage('heron', 'Heron', 'Heron listens on TCP port 9120 by default.', {
    headings: 'Operations > Network',
    pageNum: 3,
    documentId: 'doc-heron',
    ordinal: 4,
  }),
  passage('skylark', 'Skylark', 'Skylark listens on TCP port 7443 by default.'),
];

const HERON_CHUNKS: Record<number, string> = {
  3: 'Heron is the tool we use for canary releases.',
  5: 'Heron was written by the platform team in 2021.',
};

const request = (extra: Partial<AnswerRequest> = {}): AnswerRequest => ({
  question: 'Which port does Heron listen on?',
  standaloneQuestion: 'Which port does Heron listen on?',
  history: [{ question: 'Which tool do we use for canary releases?', answer: 'Heron [1].' }],
  passages: PASSAGES,
  neighbours: async (p, ordinals): Promise<NeighbourChunk[]> =>
    p.documentId === 'doc-heron'
      ? ordinals.flatMap((o) => (HERON_CHUNKS[o] ? [{ ordinal: o, text: HERON_CHUNKS[o]! }] : []))
      : [],
  ...extra,
});

let fake: FakeChatCompletions;
const answerer = (extra: Partial<ConstructorParameters<typeof OpenAiAnswerer>[0]> = {}) =>
  new OpenAiAnswerer({
    endpoint: { provider: 'openai', baseUrl: fake.baseUrl, apiKey: KEY, model: 'gpt-4o-mini' },
    sleep: async () => undefined,
    ...extra,
  });
const script = (replies: ScriptedReply[]) => fake.setReplies(replies);

beforeEach(async () => {
  fake = await startFakeChatCompletions({ apiKey: KEY });
});
afterEach(() => fake.close());

describe.each(['openai', 'azure'] as const)('%s endpoint', (provider) => {
  describeAnswererConformance(`OpenAiAnswerer (${provider}, fake chat completions)`, async () => {
    // The fake's default reply reads the passages: their sentence holding most of the question.
    const server = await startFakeChatCompletions({ apiKey: KEY, profile: provider });
    return {
      answerer: new OpenAiAnswerer({
        endpoint: {
          provider,
          // Azure: the deployment's URL.
          baseUrl: provider === 'azure' ? `${server.baseUrl}/gpt-4o-mini` : server.baseUrl,
          apiKey: KEY,
          model: 'gpt-4o-mini',
        },
        maxRetries: 1,
        sleep: async () => undefined,
      }),
      upstream: {
        fail: () => server.setFault({ kind: 'status', status: 503 }),
        // Long past the suite's patience; the fake sleeps it out even when the client leaves.
        stall: () => void (server.firstTokenDelayMs = 10_000),
        restore: () => {
          server.clearFaults();
          server.firstTokenDelayMs = 0;
        },
        secret: KEY,
      },
      cleanup: () => server.close(),
    };
  });
});

describe('OpenAiAnswerer', () => {
  it('sends numbered passages with document, section, page and neighbours, and earlier turns as turns', async () => {
    script([{ question: 'Heron', reply: 'Heron listens on port 9120 {{cite:port 9120}}.' }]);
    const answer = await answerer().answer(request());
    const messages = fake.requests[0]!.body!.messages as Array<{ role: string; content: string }>;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1]!.content).toBe('Which tool do we use for canary releases?');
    const last = messages[3]!.content;
    expect(last).toContain(
      '[2] Heron — section: Operations > Network — page 3\n' +
        'Heron is the tool we use for canary releases.\n' +
        'Heron listens on TCP port 9120 by default.\n' +
        'Heron was written by the platform team in 2021.',
    );
    expect(last).toContain('[1] Office FAQ — page 1\nThe cafeteria opens at 8.');
    expect(last.endsWith('Question: Which port does Heron listen on?')).toBe(true);
    expect(messages[0]!.content).toMatch(/reply with exactly NOT_FOUND/);
    // The model cited the prompt's [2]; the reader gets [1], the first (and only) cited ref.
    expect(answer).toMatchObject({
      text: 'Heron listens on port 9120 [1].',
      usedPassageIds: ['heron'],
      found: true,
      shortAnswer: null,
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) },
    });
  });

  it('renumbers markers by first citation, splits [2, 3], drops invented and excess ones', async () => {
    script([
      {
        question: 'Heron',
        reply:
          'Skylark uses 7443 [3] and Heron 9120 [2, 3]. The cafeteria is irrelevant [9]. See [1].',
      },
    ]);
    expect((await answerer().answer(request())).text).toBe(
      'Skylark uses 7443 [1] and Heron 9120 [2][1]. The cafeteria is irrelevant. See [3].',
    );
    const capped = await answerer().answer(request(), { maxCitations: 2 });
    expect(capped).toMatchObject({
      text: 'Skylark uses 7443 [1] and Heron 9120 [2][1]. The cafeteria is irrelevant. See.',
      usedPassageIds: ['skylark', 'heron'],
    });
    const plain = await answerer().answer(request(), { citations: false });
    expect(plain.text).toBe('Skylark uses 7443 and Heron 9120. The cafeteria is irrelevant. See.');
    expect(plain.usedPassageIds).toEqual(['skylark', 'heron', 'office']);
  });

  it('streams pieces that add up to the same answer, each new marker with its passage', async () => {
    script([
      { question: 'Heron', reply: 'Heron listens on 9120 {{cite:9120}}, Skylark on 7443 [3][9].' },
    ]);
    const whole = await answerer().answer(request());
    const pieces: AnswerPiece[] = [];
    const streamed = await answerer().answer(request(), { onText: (p) => pieces.push(p) });
    expect(streamed).toEqual(whole);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.map((p) => p.text).join('')).toBe(streamed.text);
    expect(pieces.flatMap((p) => p.citations)).toEqual([
      { marker: 1, passageId: 'heron' },
      { marker: 2, passageId: 'skylark' },
    ]);
    expect(fake.requests.map((r) => r.stream)).toEqual([false, true]);
  });

  it.each(['NOT_FOUND', '  NOT_FOUND', 'Not found.', ''])(
    'maps the reply %j to "not found", streamed as one piece',
    async (reply) => {
      script([{ question: 'Heron', reply }]);
      const pieces: AnswerPiece[] = [];
      const answer = await answerer().answer(request(), { onText: (p) => pieces.push(p) });
      expect(answer).toMatchObject({ text: NOT_FOUND_ANSWER, found: false, usedPassageIds: [] });
      expect(pieces).toEqual([{ text: NOT_FOUND_ANSWER, citations: [] }]);
    },
  );

  it('keeps an answer that merely starts like the token ("Not foundational…")', async () => {
    script([{ question: 'Heron', reply: 'Not foundational, but Heron uses 9120 [2].' }]);
    const answer = await answerer().answer(request(), { onText: () => undefined });
    expect(answer).toMatchObject({
      found: true,
      text: 'Not foundational, but Heron uses 9120 [1].',
    });
  });

  it('keeps the prompt within the token budget: neighbours first go, then later passages', async () => {
    script([{ question: 'Heron', reply: 'Heron listens on 9120 [1].' }]);
    const tight = answerer({ contextTokens: 180 });
    await tight.answer(request());
    const prompt = (fake.requests[0]!.body!.messages as Array<{ content: string }>).at(-1)!.content;
    const system = (fake.requests[0]!.body!.messages as Array<{ content: string }>)[0]!.content;
    expect(prompt).not.toContain('written by the platform team');
    const total = [system, prompt].reduce((sum, text) => sum + tight.counter.count(text), 0);
    expect(total).toBeLessThanOrEqual(180);
    expect(tight.counter.name).toBe('o200k_base');
  });

  it('answers "not found" with no passages, without calling the model', async () => {
    expect(await answerer().answer(request({ passages: [] }))).toMatchObject({ found: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('fails as unavailable, never with the key, when the key is refused or the stream breaks', async () => {
    const wrong = new OpenAiAnswerer({
      endpoint: {
        provider: 'openai',
        baseUrl: fake.baseUrl,
        apiKey: `${KEY}x`,
        model: 'gpt-4o-mini',
      },
    });
    const refused = await wrong.answer(request()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UnavailableError);
    expect(String(refused)).toMatch(/refused the configured API key/);
    expect(String(refused)).not.toContain(KEY);

    fake.setFault({ kind: 'error-mid-stream', afterPieces: 2 });
    const broken = await answerer()
      .answer(request(), { onText: () => undefined })
      .catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(UnavailableError);
    expect(String(broken)).toMatch(/failed in the middle of its answer/);
  });
});
