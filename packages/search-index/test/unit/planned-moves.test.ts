import {
  isPlannedMove,
  type CollectionLayoutEntry,
} from '../../src/elasticsearch/layout-maintenance';

const entry = (overrides: Partial<CollectionLayoutEntry>): CollectionLayoutEntry => ({
  collectionId: 'handbook',
  dimensions: 384,
  layout: 'dedicated',
  index: 'docent-c-0',
  unregistered: false,
  state: 'ready',
  chunks: 12,
  wanted: 'shared',
  ...overrides,
});

describe('isPlannedMove', () => {
  it('moves a ready collection the rules want elsewhere', () => {
    expect(isPlannedMove(entry({}))).toBe(true);
  });

  it('leaves a collection where the rules want it', () => {
    expect(isPlannedMove(entry({ wanted: 'dedicated' }))).toBe(false);
  });

  // Status, dry-run and migrate once disagreed here: dry-run listed it, migrate skipped it.
  it('leaves a collection marked moving to the move under way', () => {
    expect(isPlannedMove(entry({ state: 'moving' }))).toBe(false);
  });
});
