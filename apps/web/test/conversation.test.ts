import { describe, expect, it } from 'vitest';
import { MAX_HISTORY, historyOf, recentHistory, type Exchange } from '../src/ask/conversation';

const exchange = (n: number): Exchange => ({ question: `q${n}`, answer: `a${n}`, refs: [] });

describe('conversation history', () => {
  it('sends earlier exchanges as canonical [question, answer] pairs, oldest first', () => {
    expect(historyOf([exchange(1), exchange(2)])).toEqual([
      ['q1', 'a1'],
      ['q2', 'a2'],
    ]);
  });

  it('keeps only the latest exchanges the API accepts', () => {
    const many = Array.from({ length: MAX_HISTORY + 3 }, (_, i) => exchange(i));
    const history = recentHistory(many);
    expect(history).toHaveLength(MAX_HISTORY);
    expect(history[0]).toEqual(['q3', 'a3']);
  });
});
