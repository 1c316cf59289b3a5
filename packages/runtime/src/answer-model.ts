import { OpenAiAnswerer } from '@docent/answerers';
import type { DocentConfig } from './config';

/** The answer model `DOCENT_ANSWERER=openai` configures (null for the extractive answerer). */
export function answerModelOf(config: DocentConfig): OpenAiAnswerer | null {
  if (config.answerer !== 'openai') return null;
  const { llm } = config;
  return new OpenAiAnswerer({
    endpoint: {
      provider: llm.provider,
      baseUrl: llm.baseUrl,
      apiKey: llm.apiKey,
      model: llm.model!,
      apiVersion: llm.apiVersion,
    },
    contextTokens: llm.contextTokens,
    tokenizer: llm.tokenizer,
    timeoutMs: llm.timeoutMs,
  });
}
