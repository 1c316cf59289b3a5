import { describe, expect, it } from 'vitest';
import { highlightRuns, shortAnswerRuns, shortenedRuns } from '../src/ask/answer-text';

const marked = (runs: { text: string; marked: boolean }[]) =>
  runs.filter((r) => r.marked).map((r) => r.text);
const joined = (runs: { text: string }[]) => runs.map((r) => r.text).join('');

describe('the short answer inside the answer', () => {
  it('marks its first occurrence only', () => {
    const runs = shortAnswerRuns('Port 7443, not 7443-b: 7443.', '7443');
    expect(runs).toEqual([
      { text: 'Port ', marked: false },
      { text: '7443', marked: true },
      { text: ', not 7443-b: 7443.', marked: false },
    ]);
  });

  it('marks nothing when there is none or the answer does not hold it', () => {
    expect(marked(shortAnswerRuns('Heron listens on 9120.', null))).toEqual([]);
    expect(marked(shortAnswerRuns('Heron listens on 9120.', ''))).toEqual([]);
    expect(marked(shortAnswerRuns('Heron listens on 9120.', '7443'))).toEqual([]);
    expect(joined(shortAnswerRuns('Heron listens on 9120.', '7443'))).toBe(
      'Heron listens on 9120.',
    );
  });
});

describe('the highlight of the quoted sentence, in code points', () => {
  // '🚀' is one code point but two UTF-16 units: offsets counted in units would cut one early.
  const text = '🚀 Launch notes. Skylark listens on TCP port 7443. The end.';
  const start = Array.from(text).indexOf('S');
  const end = start + Array.from('Skylark listens on TCP port 7443.').length;

  it('cuts the excerpt by code points, so an emoji before the sentence shifts nothing', () => {
    const runs = highlightRuns(text, { start, end });
    expect(marked(runs)).toEqual(['Skylark listens on TCP port 7443.']);
    expect(joined(runs)).toBe(text);
    // The same offsets used as UTF-16 indices would have been off by one.
    expect(text.slice(start, end)).not.toBe('Skylark listens on TCP port 7443.');
  });

  it('marks nothing for a null, empty or out-of-range span', () => {
    for (const span of [
      null,
      { start: 3, end: 3 },
      { start: 5, end: 500 },
      { start: -1, end: 2 },
    ]) {
      expect(highlightRuns(text, span)).toEqual([{ text, marked: false }]);
    }
  });

  it('shortens a long excerpt around the highlight at word boundaries, with ellipses', () => {
    const before = 'alpha '.repeat(60);
    const after = ' omega'.repeat(60);
    const sentence = 'The window opens at 02:30 UTC.';
    const long = `${before}${sentence}${after}`;
    const at = Array.from(before).length;
    const runs = shortenedRuns(long, { start: at, end: at + sentence.length }, 40)!;
    expect(marked(runs)).toEqual([sentence]);
    const shown = joined(runs);
    expect(shown.startsWith('… alpha')).toBe(true);
    expect(shown.endsWith('omega …')).toBe(true);
    expect(shown.length).toBeLessThan(sentence.length + 2 * 40 + 10);
    expect(shortenedRuns(`${sentence} short`, { start: 0, end: sentence.length }, 40)).toBeNull();
  });
});
