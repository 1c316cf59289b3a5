import { backoffDelayMs, retryAfterDelayMs } from '../src/http/retry-timing';

const NOW = Date.parse('2025-03-01T12:00:00Z');

describe('retryAfterDelayMs', () => {
  it.each([
    ['3', 3000],
    ['0', 0],
    ['1.5', 1500],
    [' 2 ', 2000],
    ['Sat, 01 Mar 2025 12:00:10 GMT', 10_000],
    ['Sat, 01 Mar 2025 11:59:00 GMT', 0], // already past: retry now
    ['7200', 60_000], // capped
  ])('reads %p as %p ms', (header, expected) => {
    expect(retryAfterDelayMs(header, NOW, 60_000)).toBe(expected);
  });

  it.each([undefined, '', 'soon', '-5', '1e3'])('ignores %p', (header) => {
    expect(retryAfterDelayMs(header, NOW, 60_000)).toBeUndefined();
  });
});

describe('backoffDelayMs', () => {
  const policy = { baseDelayMs: 1000, maxDelayMs: 60_000 };

  it('stays between half and all of base * 2^(attempt-1)', () => {
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const step = 1000 * 2 ** (attempt - 1);
      expect(backoffDelayMs(attempt, policy, () => 0)).toBe(step / 2);
      expect(backoffDelayMs(attempt, policy, () => 0.5)).toBe((step * 3) / 4);
      expect(backoffDelayMs(attempt, policy, () => 0.9999999)).toBe(step);
    }
  });

  it('is capped at maxDelayMs', () => {
    expect(backoffDelayMs(20, policy, () => 0.9999999)).toBe(60_000);
    expect(backoffDelayMs(20, policy, () => 0)).toBe(30_000);
  });
});
