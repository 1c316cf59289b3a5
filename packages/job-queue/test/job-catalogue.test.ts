import { JobCatalogue } from '../src/job-catalogue';
import { defineJob, jobHandler } from '../src';

describe('JobCatalogue', () => {
  it('fills in the default retry policy', () => {
    const catalogue = new JobCatalogue([
      defineJob('a'),
      defineJob('b', { maxAttempts: 1, backoffMs: 0 }),
    ]);
    expect(catalogue.require('a')).toEqual({ name: 'a', maxAttempts: 3, backoffMs: 5_000 });
    expect(catalogue.require('b')).toEqual({ name: 'b', maxAttempts: 1, backoffMs: 0 });
    expect(catalogue.names).toEqual(['a', 'b']);
  });

  it('rejects duplicate names and nonsensical policies', () => {
    expect(() => new JobCatalogue([defineJob('a'), defineJob('a')])).toThrow(/declared twice/);
    expect(() => new JobCatalogue([defineJob('a', { maxAttempts: 0 })])).toThrow(/maxAttempts/);
    expect(() => new JobCatalogue([defineJob('a', { maxAttempts: 1.5 })])).toThrow(/maxAttempts/);
    expect(() => new JobCatalogue([defineJob('a', { backoffMs: -1 })])).toThrow(/backoffMs/);
    expect(() => new JobCatalogue([defineJob('')])).toThrow(/non-empty/);
  });

  it('lists every mismatch between handlers and catalogue in one error', () => {
    const a = defineJob<{ x: number }>('a');
    const b = defineJob('b');
    const c = defineJob('c');
    const catalogue = new JobCatalogue([a, b]);
    const noop = async (): Promise<void> => undefined;
    expect(() =>
      catalogue.resolveHandlers([jobHandler(a, noop), jobHandler(a, noop), jobHandler(c, noop)]),
    ).toThrow(
      'Job handlers do not match the catalogue: no handler for "b"; several handlers for "a"; handlers for undeclared "c"',
    );
    expect([
      ...catalogue.resolveHandlers([jobHandler(b, noop), jobHandler(a, noop)]).keys(),
    ]).toEqual(['b', 'a']);
  });
});
