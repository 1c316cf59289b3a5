import { describe, expect, it } from 'vitest';
import {
  MAX_HISTORY,
  exchangeOf,
  historyOf,
  recentHistory,
  type Exchange,
} from '../src/ask/conversation';

const exchange = (n: number): Exchange => ({
  question: `q${n}`,
  answer: `a${n}`,
  found: true,
  shortAnswer: null,
  refs: [],
  collection: 'eng',
  docName: null,
  markers: new Map(),
  streaming: false,
});

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

  it('keeps the API\'s "not found" sentence for the history, and no refs with it', () => {
    const ref = {
      doc_name: 'd',
      page_num: 1,
      sample_text: 't',
      url: null,
      highlight: null,
      cited: false,
    };
    const notFound = exchangeOf(
      'q',
      { answer: 'Nothing answers that.', found: false, short_answer: null, refs: [ref] },
      { collection: 'eng', docName: null },
    );
    expect(notFound).toMatchObject({ answer: 'Nothing answers that.', found: false, refs: [] });
    expect(historyOf([notFound])).toEqual([['q', 'Nothing answers that.']]);
  });
});
