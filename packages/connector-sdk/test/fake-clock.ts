/**
 * A clock whose `sleep` returns at once and moves time forward, so retry tests run instantly
 * and can assert the exact waits the client asked for.
 */
export interface FakeClock {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  sleeps: number[];
}

export function fakeClock(start = Date.parse('2025-03-01T12:00:00Z')): FakeClock {
  let current = start;
  const sleeps: number[] = [];
  return {
    now: () => current,
    sleep: async (ms) => {
      sleeps.push(ms);
      current += ms;
    },
    sleeps,
  };
}
