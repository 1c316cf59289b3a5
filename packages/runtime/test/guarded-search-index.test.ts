import { DependencyMonitor } from '@docent/dependency-health';
import { DependencyUnavailableError } from '@docent/domain-errors';
import type { SearchIndex } from '@docent/search-index';
import { GuardedSearchIndex } from '../src/guarded-search-index';

describe('GuardedSearchIndex.assertUp', () => {
  let indexAnswers = true;
  const monitor = new DependencyMonitor({
    probes: {
      database: async () => undefined,
      queue: async () => undefined,
      index: async () => {
        if (!indexAnswers) throw new Error('index still down');
      },
    },
    probeIntervalMs: 60_000,
    logger: { info: () => undefined, warn: () => undefined },
  });
  const guarded = new GuardedSearchIndex({} as SearchIndex, monitor);

  afterAll(() => monitor.close());

  it('passes while the index is not known to be down', () => {
    expect(() => guarded.assertUp()).not.toThrow();
  });

  it('refuses at once, as an unavailable index, once the monitor knows it is down', () => {
    indexAnswers = false;
    monitor.noteFailure('index', 'connection refused');
    let thrown: unknown;
    try {
      guarded.assertUp();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DependencyUnavailableError);
    expect(thrown).toMatchObject({
      dependency: 'index',
      message: 'The search index is unavailable; retry later.',
      reason: 'not tried: the index is known to be down',
    });
  });
});
