import { TopKSelection } from '../../src/vectors/top-k-selection';
import { seededRandom } from '../support/seeded-random';

function fullSortTopK(scores: number[], k: number) {
  return scores
    .map((score, item) => ({ item, score }))
    .sort((a, b) => b.score - a.score || a.item - b.item)
    .slice(0, Math.max(0, k));
}

describe('TopKSelection', () => {
  it.each([0, 1, 7, 100, 1000, 1200])('selects the same top %i as a full sort', (k) => {
    const random = seededRandom(k + 1);
    // Few distinct values, so ties are common.
    const scores = Array.from({ length: 1000 }, () => Math.round(random() * 50) / 50);
    const order = scores.map((_, i) => i).sort(() => random() - 0.5);
    const top = new TopKSelection(k);
    for (const item of order) top.offer(scores[item]!, item);
    expect(top.sortedDescending()).toEqual(fullSortTopK(scores, k));
  });

  it('breaks ties by the given key', () => {
    const keys = [30, 10, 20, 5];
    const top = new TopKSelection(2, (item) => keys[item]!);
    [1, 1, 1, 0.5].forEach((score, item) => top.offer(score, item));
    expect(top.sortedDescending().map((kept) => kept.item)).toEqual([1, 2]);
  });

  it('handles negative scores', () => {
    const top = new TopKSelection(2);
    [-0.5, -0.1, -0.9].forEach((score, item) => top.offer(score, item));
    expect(top.sortedDescending()).toEqual([
      { item: 1, score: -0.1 },
      { item: 0, score: -0.5 },
    ]);
  });
});
