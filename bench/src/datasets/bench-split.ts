import type { SquadData, SquadQuestion } from './squad';

/**
 * The half of a dataset a run asks: `even` (tuned on), `odd` (held out), or all of it. Articles
 * and queries are split by their position, so both halves keep whole articles.
 */
export type Split = 'even' | 'odd' | undefined;

/** `BENCH_SPLIT`'s value as a split. */
export function splitOf(value: string | undefined): Split {
  if (value === undefined || value === '' || value === 'all') return undefined;
  if (value === 'even' || value === 'odd') return value;
  throw new Error(`BENCH_SPLIT must be even, odd or all, not ${value}`);
}

/** Whether a question of article / query number `index` is in the split. */
export function inSplit(split: Split, index: number): boolean {
  return split === undefined || (index % 2 === 0) === (split === 'even');
}

/** Whether a SQuAD question's article is in the split. */
export function squadSplit(squad: SquadData, split: Split): (question: SquadQuestion) => boolean {
  const articleIndex = new Map(squad.articles.map((article, i) => [article.title, i]));
  return (question) => inSplit(split, articleIndex.get(question.article)!);
}
