import {
  startFakeChatCompletions,
  startFakeConfluence,
  type FakeChatCompletions,
  type FakeConfluence,
} from '@docent/source-fakes';
import { chunksWithExtras } from './support/chunk-extras';
import type { DocentClient } from './support/docent-client';
import { startDocent, freePort, type InProcessDocent } from './support/docent-server';
import { parseEventStream, postForEvents, type StreamEvent } from './support/event-stream';
import { captureOutput } from './support/output-capture';
import { waitForIngestion } from './support/wait-for';

jest.setTimeout(300_000);

const USER = { username: 'bot@acme.test', password: 'wiki-api-token-1' };
const LLM_KEY = 'sk-proj-e2e-NEVER-SHOWN-4f1c2d9e8b7a';

const PAGES = [
  {
    id: '701',
    title: 'Skylark',
    body: `<p>Skylark is the tool we use for blue-green deployments.</p>
<p>Skylark listens on TCP port 7443 by default.</p>`,
  },
  {
    id: '702',
    title: 'Heron',
    body: `<p>Heron is the tool we use for canary releases.</p>
<p>Heron listens on TCP port 9120 by default.</p>
<p>Heron was written by the platform team in 2021.</p>`,
  },
  {
    id: '703',
    title: 'Expense policy',
    body: `<h2>Meals</h2><p>Meals on business trips are reimbursed up to 45 euros per day.</p>`,
  },
];

interface Ref {
  doc_name: string;
  page_num: number;
  sample_text: string;
  url: string | null;
  highlight: { start: number; end: number } | null;
  cited: boolean;
}
interface AskResponse {
  answer: string;
  found: boolean;
  short_answer: string | null;
  refs: Ref[];
}

/**
 * Generated answers end to end (embedded mode, or scaled with DOCENT_TEST_MODE=scaled): Docent
 * with DOCENT_ANSWERER=openai asks the chat-completions fake, whole and streamed.
 */
describe('generated answers through a chat-completions server', () => {
  let wiki: FakeConfluence;
  let llm: FakeChatCompletions;
  let docent: InProcessDocent;
  let client: DocentClient;
  let metricsPort: number;
  const output = captureOutput();
  const locator = { namespace_name: 'acme', collection_name: 'eng' };
  const ask = async (question: string, extra: Record<string, unknown> = {}) => {
    const response = await client.post<AskResponse>('/docs/ask', {
      ...locator,
      question,
      ...extra,
    });
    expect(response.status).toBe(200);
    return response.body;
  };
  const askStreamed = (question: string, extra: Record<string, unknown> = {}, headers = {}) =>
    postForEvents(client, '/docs/ask', { ...locator, question, stream: true, ...extra }, headers);
  const named = (events: StreamEvent[]) => events.map((e) => e.event);

  beforeAll(async () => {
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [USER],
      spaces: [{ key: 'ENG', name: 'Engineering', pages: PAGES }],
    });
    llm = await startFakeChatCompletions({ apiKey: LLM_KEY, models: ['gpt-4o-mini'] });
    metricsPort = await freePort();
    docent = await startDocent({
      DOCENT_ANSWERER: 'openai',
      DOCENT_LLM_BASE_URL: llm.baseUrl,
      DOCENT_LLM_API_KEY: LLM_KEY,
      DOCENT_LLM_MODEL: 'gpt-4o-mini',
      DOCENT_METRICS_PORT: String(metricsPort),
      DOCENT_LOG_LEVEL: 'debug',
    });
    client = docent.client;
    const created = await client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'WIKI',
      spec: { url: wiki.url, space: 'ENG', username: USER.username, token: USER.password },
    });
    const done = await waitForIngestion(client, {
      ...locator,
      ingestion_id: created.body.ingestion_id,
    });
    expect(done.status).toBe('succeeded');
  });

  beforeEach(() => {
    llm.clearFaults();
    llm.setReplies([]);
    llm.firstTokenDelayMs = 0;
    llm.pieceDelayMs = 0;
  });

  afterAll(async () => {
    output.restore();
    await docent?.close();
    await Promise.all([wiki?.close(), llm?.close()]);
  });

  it('ingests without chunk extras: the model reads none, so no sentence vector is stored', async () => {
    const stored = await chunksWithExtras(docent, locator, 'Heron Skylark meals port');
    expect(stored.chunks).toBeGreaterThanOrEqual(PAGES.length);
    expect(stored.withExtras).toBe(0);
  });

  it('answers with the model, its marker pointing at the cited ref', async () => {
    const answer = await ask('Which TCP port does Heron listen on by default?');
    expect(answer).toMatchObject({
      found: true,
      answer: 'Heron listens on TCP port 9120 by default [1].',
      short_answer: null,
    });
    expect(answer.refs[0]).toMatchObject({ doc_name: 'Heron', cited: true, highlight: null });
    expect(answer.refs.slice(1).every((r) => !r.cited)).toBe(true);
    const prompt = (llm.requests.at(-1)!.body!.messages as Array<{ content: string }>).at(-1)!;
    expect(prompt.content).toMatch(/\[\d\] Heron — page 1\n/);
    expect(llm.requests.at(-1)).toMatchObject({ stream: false, authScheme: 'bearer' });
  });

  it('streams refs first, then deltas, then done holding exactly the non-streamed response', async () => {
    const question = 'Which TCP port does Heron listen on by default?';
    const whole = await ask(question);
    const streamed = await askStreamed(question);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(streamed.headers.get('server-timing')).toMatch(/^retrieval;dur=\d+(\.\d)?$/);
    const names = named(streamed.events);
    expect(names[0]).toBe('refs');
    expect(names.at(-1)).toBe('done');
    expect(names.slice(1, -1).every((n) => n === 'delta')).toBe(true);
    expect(names.length).toBeGreaterThan(5);
    const done = streamed.events.at(-1)!.data as AskResponse;
    expect(done).toEqual(whole);
    const deltas = streamed.events.filter((e) => e.event === 'delta');
    const data = deltas.map(
      (e) => e.data as { text: string; citations: Array<{ marker: number; ref: number }> },
    );
    expect(data.map((d) => d.text).join('')).toBe(done.answer);
    const citation = data.flatMap((d) => d.citations);
    expect(citation).toHaveLength(1);
    const candidates = (streamed.events[0]!.data as { refs: Ref[] }).refs;
    expect(candidates[citation[0]!.ref]!.doc_name).toBe('Heron');
    expect(candidates.every((r) => !r.cited)).toBe(true);
    expect(llm.requests.at(-1)).toMatchObject({ stream: true });
    expect(llm.requests.at(-1)!.body).toMatchObject({ stream_options: { include_usage: true } });
  });

  it('streams on Accept: text/event-stream, and answers JSON when stream is false', async () => {
    const question = 'Which TCP port does Skylark listen on by default?';
    const byAccept = await postForEvents(
      client,
      '/docs/ask',
      { ...locator, question },
      { accept: 'text/event-stream' },
    );
    expect(named(byAccept.events).at(-1)).toBe('done');
    const json = await client.post<AskResponse>(
      '/docs/ask',
      { ...locator, question, stream: false },
      { headers: { accept: 'text/event-stream' } },
    );
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.body).toEqual(byAccept.events.at(-1)!.data);
  });

  it('renumbers what the model cites, drops the passage it invented, lists cited refs first', async () => {
    llm.setReplies([
      {
        question: 'blue-green',
        reply:
          'Skylark does blue-green {{cite:blue-green}}, while Heron does canaries {{cite:canary releases}} [9].',
      },
    ]);
    const answer = await ask('Which tool does blue-green deployments and which canaries?');
    expect(answer.answer).toBe('Skylark does blue-green [1], while Heron does canaries [2].');
    expect(answer.refs.slice(0, 2).map((r) => [r.doc_name, r.cited])).toEqual([
      ['Skylark', true],
      ['Heron', true],
    ]);
    expect(answer.refs.slice(2).every((r) => !r.cited)).toBe(true);
    const plain = await ask('Which tool does blue-green deployments and which canaries?', {
      citations: false,
    });
    expect(plain.answer).toBe('Skylark does blue-green, while Heron does canaries.');
  });

  it("maps the model's NOT_FOUND to found: false with no refs, streamed or not", async () => {
    llm.setReplies([{ question: 'cafeteria', reply: 'NOT_FOUND' }]);
    const question = 'Which floor is the cafeteria on?';
    expect(await ask(question)).toEqual({
      answer: 'I could not find an answer to that in this collection.',
      found: false,
      short_answer: null,
      refs: [],
    });
    const streamed = await askStreamed(question);
    expect(named(streamed.events)).toEqual(['refs', 'delta', 'done']);
    expect(streamed.events[2]!.data).toEqual(await ask(question));
  });

  it('waits out a 429 with Retry-After, then answers', async () => {
    llm.setFault({ kind: 'status', status: 429, retryAfterSeconds: 1, times: 1 });
    const streamed = await askStreamed('Which TCP port does Heron listen on by default?');
    expect((streamed.events.at(-1)!.data as AskResponse).found).toBe(true);
    expect(llm.requests.slice(-2).map((r) => r.status)).toEqual([429, 200]);
  });

  it('ends a stream the model broke off with an error event, never showing the key', async () => {
    llm.setFault({ kind: 'error-mid-stream', afterPieces: 3, times: 1 });
    const streamed = await askStreamed('Which TCP port does Heron listen on by default?');
    expect(streamed.status).toBe(200);
    expect(named(streamed.events)).toEqual(['refs', 'delta', 'delta', 'delta', 'error']);
    expect(streamed.events.at(-1)!.data).toMatchObject({
      status: 503,
      code: 'unavailable',
      detail: 'The answer model failed in the middle of its answer.',
    });
    llm.setFault({ kind: 'cut-mid-stream', afterPieces: 2, times: 1 });
    const cut = await askStreamed('Which TCP port does Heron listen on by default?');
    expect(named(cut.events).at(-1)).toBe('error');
  });

  it('says a refused key is refused (503, error event), without the key anywhere', async () => {
    llm.setFault({ kind: 'status', status: 401 });
    const json = await client.post('/docs/ask', {
      ...locator,
      question: 'Which TCP port does Heron listen on by default?',
    });
    expect(json.status).toBe(503);
    expect(json.body).toMatchObject({
      code: 'unavailable',
      detail: 'The answer model endpoint refused the configured API key (HTTP 401).',
    });
    const streamed = await askStreamed('Which TCP port does Heron listen on by default?');
    expect(named(streamed.events)).toEqual(['refs', 'error']);
    expect(JSON.stringify(json.body) + streamed.raw).not.toContain(LLM_KEY);
    const ready = await client.get<{ checks: Record<string, string> }>('/readyz');
    expect(JSON.stringify(ready.body)).not.toContain(LLM_KEY);
  });

  it('cancels the upstream completion when the client goes away', async () => {
    llm.pieceDelayMs = 100;
    const controller = new AbortController();
    const upstreamAborted = llm.nextAbort();
    const response = await fetch(`${client.baseUrl}/docs/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': client.apiKey! },
      body: JSON.stringify({
        ...locator,
        question: 'Which TCP port does Heron listen on by default?',
        stream: true,
      }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('event: delta'))
      text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const entry = await upstreamAborted;
    expect(entry.stream).toBe(true);
    expect(entry.piecesSent).toBeLessThan(5);
    expect(parseEventStream(text.slice(0, text.lastIndexOf('\n\n') + 2))[0]!.event).toBe('refs');
  });

  it('reports the answer model in /readyz and its latency and tokens at /metrics', async () => {
    const ready = await client.get<{ status: string; checks: Record<string, string> }>('/readyz');
    expect(ready.body.checks.answer_model).toMatch(/^(ok|The answer model endpoint refused)/);
    await ask('Which TCP port does Heron listen on by default?');
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(
      /docent_answerer_duration_seconds_count\{answerer="openai",outcome="found"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /docent_answerer_tokens_total\{answerer="openai",kind="prompt"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /docent_answerer_tokens_total\{answerer="openai",kind="completion"\} [1-9]/,
    );
    expect(metrics).toMatch(/docent_answerer_first_text_seconds_count\{answerer="openai"\} [1-9]/);
    expect(metrics).toMatch(
      /docent_answerer_duration_seconds_count\{answerer="openai",outcome="failed"\} [1-9]/,
    );
  });

  it('never wrote the key to a log', () => {
    expect(output.text()).not.toContain(LLM_KEY);
    expect(output.text()).toContain('dependency unavailable');
  });
});
