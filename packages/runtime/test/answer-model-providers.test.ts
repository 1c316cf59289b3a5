import type { Passage } from '@docent/answerers';
import {
  startFakeChatCompletions,
  type ChatProviderProfile,
  type FakeChatCompletions,
} from '@docent/source-fakes';
import { answerModelOf, loadConfig } from '../src';

/**
 * The README's provider table, row by row: each example's environment (its host swapped for the
 * chat-completions fake, configured as that server is) loads, probes ready, and answers whole
 * and streamed. Keep the two in step.
 */
const EXAMPLES: Array<{
  provider: string;
  profile: ChatProviderProfile;
  served: string[];
  key?: string;
  env: Record<string, string>;
  tokenizer: string;
}> = [
  {
    provider: 'OpenAI',
    profile: 'openai',
    served: ['gpt-4o-mini'],
    key: 'sk-proj-example',
    env: { DOCENT_LLM_MODEL: 'gpt-4o-mini', OPENAI_API_KEY: 'sk-proj-example' },
    tokenizer: 'o200k_base',
  },
  {
    provider: 'Azure OpenAI',
    profile: 'azure',
    served: ['answers'],
    key: 'azure-key-example',
    env: {
      DOCENT_LLM_PROVIDER: 'azure',
      DOCENT_LLM_BASE_URL: 'https://acme.openai.azure.com/openai/deployments/answers',
      DOCENT_LLM_API_KEY: 'azure-key-example',
      DOCENT_LLM_API_VERSION: '2024-10-21',
      DOCENT_LLM_MODEL: 'gpt-4o-mini',
    },
    tokenizer: 'o200k_base',
  },
  {
    provider: 'Ollama',
    profile: 'ollama',
    served: ['llama3.1:8b'],
    env: { DOCENT_LLM_BASE_URL: 'http://localhost:11434/v1', DOCENT_LLM_MODEL: 'llama3.1:8b' },
    tokenizer: 'llama3',
  },
  {
    provider: 'vLLM',
    profile: 'vllm',
    served: ['meta-llama/Llama-3.1-8B-Instruct'],
    key: 'vllm-example-key',
    env: {
      DOCENT_LLM_BASE_URL: 'http://localhost:8000/v1',
      DOCENT_LLM_MODEL: 'meta-llama/Llama-3.1-8B-Instruct',
      DOCENT_LLM_API_KEY: 'vllm-example-key',
    },
    tokenizer: 'llama3',
  },
  {
    provider: 'llama.cpp server',
    profile: 'llamacpp',
    served: ['qwen2.5-7b-instruct'],
    env: {
      DOCENT_LLM_BASE_URL: 'http://localhost:8080/v1',
      DOCENT_LLM_MODEL: 'qwen2.5-7b-instruct',
    },
    tokenizer: 'o200k_base × 1.25',
  },
  {
    provider: 'LM Studio',
    profile: 'lmstudio',
    served: ['qwen2.5-7b-instruct'],
    env: {
      DOCENT_LLM_BASE_URL: 'http://localhost:1234/v1',
      DOCENT_LLM_MODEL: 'qwen2.5-7b-instruct',
    },
    tokenizer: 'o200k_base × 1.25',
  },
];

const PASSAGES: Passage[] = [
  {
    id: 'a',
    docName: 'Skylark',
    pageNum: 1,
    text: 'Skylark listens on TCP port 7443.',
    headings: '',
    score: 1,
  },
  {
    id: 'b',
    docName: 'Heron',
    pageNum: 1,
    text: 'Heron listens on TCP port 9120.',
    headings: '',
    score: 0.9,
  },
];
const QUESTION = 'Which TCP port does Heron listen on?';

describe.each(EXAMPLES)('the README example for $provider', (example) => {
  let fake: FakeChatCompletions;
  beforeAll(async () => {
    fake = await startFakeChatCompletions({
      profile: example.profile,
      models: example.served,
      ...(example.key && { apiKey: example.key }),
    });
  });
  afterAll(() => fake.close());

  /** The example's environment, its scheme, host and port swapped for the fake's. */
  const environment = () => {
    const base = example.env.DOCENT_LLM_BASE_URL ?? 'https://api.openai.com/v1';
    const url = new URL(base);
    return {
      ...example.env,
      DOCENT_ANSWERER: 'openai',
      DOCENT_LLM_BASE_URL: `${fake.url}${url.pathname}`,
    };
  };

  it('is ready, answers whole and streamed, and counts with its family tokenizer', async () => {
    const model = answerModelOf(loadConfig(environment()))!;
    expect(model.counter.name).toBe(example.tokenizer);
    await expect(model.probe()).resolves.toBeUndefined();
    const request = {
      question: QUESTION,
      standaloneQuestion: QUESTION,
      history: [],
      passages: PASSAGES,
    };
    const whole = await model.answer(request);
    const pieces: string[] = [];
    const streamed = await model.answer(request, { onText: (p) => pieces.push(p.text) });
    expect(whole).toMatchObject({ found: true, text: 'Heron listens on TCP port 9120 [1].' });
    expect(streamed).toEqual(whole);
    expect(pieces.join('')).toBe(whole.text);
    const chat = fake.requests.filter((r) => r.method === 'POST');
    expect(chat.map((r) => r.status)).toEqual([200, 200]);
    if (example.profile === 'azure') {
      expect(chat[0]).toMatchObject({
        path: '/openai/deployments/answers/chat/completions',
        query: { 'api-version': '2024-10-21' },
        authScheme: 'api-key',
      });
    }
  });

  it('is reported not ready when it names a model the server does not serve', async () => {
    if (example.profile === 'azure') return; // the deployment is the model; see the 404 test below
    const model = answerModelOf(
      loadConfig({ ...environment(), DOCENT_LLM_MODEL: 'no-such-model' }),
    )!;
    await expect(model.probe()).rejects.toThrow(/does not serve model "no-such-model"/);
  });
});

describe('Azure OpenAI misconfigured', () => {
  it('names a missing deployment or API version (404) and refuses a base URL that is no deployment', async () => {
    const fake = await startFakeChatCompletions({
      profile: 'azure',
      models: ['answers'],
      apiKey: 'k',
    });
    try {
      const env = {
        DOCENT_ANSWERER: 'openai',
        DOCENT_LLM_PROVIDER: 'azure',
        DOCENT_LLM_API_KEY: 'k',
        DOCENT_LLM_MODEL: 'gpt-4o-mini',
      };
      const wrong = answerModelOf(
        loadConfig({ ...env, DOCENT_LLM_BASE_URL: `${fake.url}/openai/deployments/other` }),
      )!;
      await expect(
        wrong.answer({
          question: QUESTION,
          standaloneQuestion: QUESTION,
          history: [],
          passages: PASSAGES,
        }),
      ).rejects.toThrow('The Azure OpenAI deployment or API version was not found (HTTP 404).');
      const oldVersion = answerModelOf(
        loadConfig({
          ...env,
          DOCENT_LLM_BASE_URL: `${fake.url}/openai/deployments/answers`,
          DOCENT_LLM_API_VERSION: '2022-12-01',
        }),
      )!;
      await expect(oldVersion.probe()).rejects.toThrow(/HTTP 404/);
      expect(() => loadConfig({ ...env, DOCENT_LLM_BASE_URL: `${fake.url}/openai` })).toThrow(
        /deployment URL/,
      );
    } finally {
      await fake.close();
    }
  });
});
