import { inSplit, splitOf, squadSplit } from '../src/datasets/bench-split';
import type { SquadData } from '../src/datasets/squad';

describe('bench splits', () => {
  it('reads BENCH_SPLIT, all when unset, and refuses anything else', () => {
    expect(splitOf('even')).toBe('even');
    expect(splitOf('odd')).toBe('odd');
    expect(splitOf(undefined)).toBeUndefined();
    expect(splitOf('all')).toBeUndefined();
    expect(() => splitOf('half')).toThrow('BENCH_SPLIT must be even, odd or all, not half');
  });

  it('splits by position: even numbers to even, odd to odd, all to no split', () => {
    expect([0, 1, 2, 3].map((i) => inSplit('even', i))).toEqual([true, false, true, false]);
    expect([0, 1, 2, 3].map((i) => inSplit('odd', i))).toEqual([false, true, false, true]);
    expect([0, 1].map((i) => inSplit(undefined, i))).toEqual([true, true]);
  });

  it("keeps a SQuAD question by its article's position, so a half holds whole articles", () => {
    const question = (article: string) => ({ article }) as SquadData['questions'][number];
    const squad = {
      articles: [{ title: 'Normans' }, { title: 'Oxygen' }, { title: 'Rhine' }],
      questions: [],
    } as unknown as SquadData;
    const odd = squadSplit(squad, 'odd');
    expect(['Normans', 'Oxygen', 'Rhine'].map((a) => odd(question(a)))).toEqual([
      false,
      true,
      false,
    ]);
  });
});
