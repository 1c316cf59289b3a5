import type { Answer, AnswerOptions, Answerer, AnswerRequest } from '@docent/answerers';
import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * The answerer with its Prometheus metrics: how long answers take and how they end, how soon a
 * streamed one writes its first text, and the tokens a model read and wrote.
 */
export function meteredAnswerer(answerer: Answerer, registry: Registry, name: string): Answerer {
  const duration = new Histogram({
    name: 'docent_answerer_duration_seconds',
    help: 'Time the answerer took per answer (after retrieval), by outcome',
    labelNames: ['answerer', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const firstText = new Histogram({
    name: 'docent_answerer_first_text_seconds',
    help: 'Time from the answerer starting to the first text of a streamed answer',
    labelNames: ['answerer'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'docent_answerer_tokens_total',
    help: 'Tokens the answer model read (prompt) and wrote (completion), as it reported them',
    labelNames: ['answerer', 'kind'] as const,
    registers: [registry],
  });
  return {
    citesPassages: answerer.citesPassages,
    readsTermCounts: answerer.readsTermCounts,
    chunkExtras: answerer.chunkExtras,
    async answer(request: AnswerRequest, options: AnswerOptions = {}): Promise<Answer> {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      let first = true;
      const onText = options.onText;
      try {
        const answer = await answerer.answer(request, {
          ...options,
          ...(onText && {
            onText: (piece) => {
              if (first) firstText.observe({ answerer: name }, seconds());
              first = false;
              onText(piece);
            },
          }),
        });
        duration.observe(
          { answerer: name, outcome: answer.found ? 'found' : 'not_found' },
          seconds(),
        );
        if (answer.usage) {
          tokens.inc({ answerer: name, kind: 'prompt' }, answer.usage.promptTokens);
          tokens.inc({ answerer: name, kind: 'completion' }, answer.usage.completionTokens);
        }
        return answer;
      } catch (error) {
        const outcome = options.signal?.aborted ? 'cancelled' : 'failed';
        duration.observe({ answerer: name, outcome }, seconds());
        throw error;
      }
    },
  };
}
