import type { AskResult } from '@docent/retrieval';
import { serverTiming } from '../../src/docs/docs.controller';

describe('serverTiming', () => {
  it('gives the two totals, then every stage of the ask in order', () => {
    const result = {
      timings: {
        retrievalMs: 6.04,
        answerMs: 9.96,
        stages: [
          { name: 'embed', ms: 4.123 },
          { name: 'bm25', ms: 1.5 },
          { name: 'short-answer', ms: 3, cpuMs: 3.1 },
        ],
      },
    } as AskResult;
    expect(serverTiming(result)).toBe(
      'retrieval;dur=6.0, answer;dur=10.0, embed;dur=4.12, bm25;dur=1.50, short-answer;dur=3.00',
    );
  });
});
