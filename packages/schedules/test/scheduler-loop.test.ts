import { SchedulerLoop, type SchedulerTick } from '../src';
import { RecordingLogger } from './support/schedules-fixture';

const idle: SchedulerTick = { started: 0, skipped: 0, stopped: 0, settled: 0 };

describe('SchedulerLoop', () => {
  it('looks at once on start, then every pollMs, never two looks at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const starts: number[] = [];
    const scheduler = {
      async tick() {
        starts.push(starts.length);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 30));
        inFlight--;
        return idle;
      },
    };
    const loop = new SchedulerLoop(scheduler, { pollMs: 10, logger: new RecordingLogger() });
    loop.start();
    // The first look starts within start() itself.
    expect(starts).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    await loop.stop();
    const count = starts.length;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(starts).toHaveLength(count);
  });

  it('logs a failed look and looks again', async () => {
    const logger = new RecordingLogger();
    let calls = 0;
    const loop = new SchedulerLoop(
      {
        async tick() {
          calls++;
          if (calls === 1) throw new Error('database unavailable');
          return idle;
        },
      },
      { pollMs: 5, logger },
    );
    loop.start();
    await new Promise((r) => setTimeout(r, 50));
    await loop.stop();
    expect(calls).toBeGreaterThan(1);
    expect(logger.lines[0]).toEqual({
      level: 'error',
      message: 'schedules could not be checked',
      fields: { error: 'database unavailable' },
    });
  });

  it('waits for the look under way when stopped', async () => {
    let finished = false;
    const loop = new SchedulerLoop(
      {
        async tick() {
          await new Promise((r) => setTimeout(r, 40));
          finished = true;
          return idle;
        },
      },
      { pollMs: 1000, logger: new RecordingLogger() },
    );
    loop.start();
    await loop.stop();
    expect(finished).toBe(true);
  });
});
