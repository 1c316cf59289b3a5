import { backoffDelay, decideOutcome, errorMessage, type OutcomeInput } from '../src/job-outcome';
import { PermanentJobError, RetryLaterError } from '../src';

const base: OutcomeInput = {
  end: { kind: 'returned' },
  abortCause: null,
  attempt: 1,
  maxAttempts: 3,
  backoffMs: 100,
};
const threw = (error: unknown): OutcomeInput['end'] => ({ kind: 'threw', error });

describe('decideOutcome', () => {
  it('completes a handler that returned, even after a stop abort', () => {
    expect(decideOutcome(base)).toEqual({ kind: 'completed' });
    expect(decideOutcome({ ...base, abortCause: 'stop' })).toEqual({ kind: 'completed' });
  });

  it('cancels whatever the handler did once cancel aborted it', () => {
    expect(decideOutcome({ ...base, abortCause: 'cancel' })).toEqual({ kind: 'canceled' });
    expect(
      decideOutcome({ ...base, abortCause: 'cancel', end: threw(new PermanentJobError('x')) }),
    ).toEqual({ kind: 'canceled' });
  });

  it('retries with exponential backoff, keeping the message', () => {
    expect(decideOutcome({ ...base, end: threw(new Error('a')), attempt: 1 })).toEqual({
      kind: 'requeue',
      delayMs: 100,
      refundAttempt: false,
      rejoin: false,
      error: 'a',
    });
    expect(decideOutcome({ ...base, end: threw(new Error('b')), attempt: 2 })).toMatchObject({
      delayMs: 200,
    });
  });

  it('fails after the last attempt and at once on PermanentJobError', () => {
    expect(decideOutcome({ ...base, end: threw(new Error('last')), attempt: 3 })).toEqual({
      kind: 'failed',
      error: 'last',
    });
    expect(decideOutcome({ ...base, end: threw(new PermanentJobError('bad')) })).toEqual({
      kind: 'failed',
      error: 'bad',
    });
  });

  it('recognises the port errors by name when they come from another copy of the module', () => {
    const foreignLater = Object.assign(new Error('later'), { name: 'RetryLaterError', delayMs: 7 });
    const foreignPermanent = Object.assign(new Error('perm'), { name: 'PermanentJobError' });
    expect(decideOutcome({ ...base, end: threw(foreignLater) })).toEqual({
      kind: 'requeue',
      delayMs: 7,
      refundAttempt: true,
      rejoin: true,
    });
    expect(decideOutcome({ ...base, end: threw(foreignPermanent) })).toEqual({
      kind: 'failed',
      error: 'perm',
    });
  });

  it('postpones on RetryLaterError without using the attempt, even on the last one, in a new round', () => {
    expect(decideOutcome({ ...base, end: threw(new RetryLaterError(1_500)), attempt: 3 })).toEqual({
      kind: 'requeue',
      delayMs: 1_500,
      refundAttempt: true,
      rejoin: true,
    });
    expect(decideOutcome({ ...base, end: threw(new RetryLaterError(-5)) })).toMatchObject({
      delayMs: 0,
    });
  });

  it('hands back a job whose handler threw because of a stop, without using the attempt', () => {
    expect(
      decideOutcome({ ...base, abortCause: 'stop', end: threw(new Error('aborted')), attempt: 3 }),
    ).toEqual({ kind: 'requeue', delayMs: 0, refundAttempt: true, rejoin: false });
  });
});

describe('backoffDelay', () => {
  it('doubles the base per failed attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(5_000, attempt))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
  });
});

describe('errorMessage', () => {
  it('keeps only the message, bounded in length', () => {
    expect(errorMessage(new Error('nope'))).toBe('nope');
    expect(errorMessage('plain')).toBe('plain');
    const long = errorMessage(new Error('x'.repeat(5_000)));
    expect(long.length).toBe(2_001);
    expect(long.endsWith('…')).toBe(true);
  });
});
