import { StageClock } from '../src';

describe('StageClock', () => {
  it('times each stage from the end of the previous one, adding up a stage lapped twice, and the whole since its start', () => {
    const now = jest.spyOn(performance, 'now');
    now.mockReturnValue(100);
    const clock = new StageClock();
    for (const [at, stage] of [
      [103, 'embed'],
      [110, 'support'],
      [111, 'scoring'],
      [115, 'support'],
    ] as const) {
      now.mockReturnValue(at);
      clock.lap(stage);
    }
    now.mockReturnValue(120);
    expect(clock.elapsed()).toBe(20);
    now.mockRestore();
    expect(clock.timings()).toEqual([
      { name: 'embed', ms: 3 },
      { name: 'support', ms: 11 },
      { name: 'scoring', ms: 1 },
    ]);
  });

  it("measures the process's CPU per stage only when asked", () => {
    const clock = new StageClock(true);
    let spin = 0;
    const until = performance.now() + 5;
    while (performance.now() < until) spin++;
    clock.lap('busy');
    const [busy] = clock.timings();
    expect(spin).toBeGreaterThan(0);
    expect(busy?.cpuMs).toBeGreaterThan(0);
  });
});
