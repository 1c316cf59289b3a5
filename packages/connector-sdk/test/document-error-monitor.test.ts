import { DocumentErrorMonitor, DocumentRequestError, SourceError } from '../src';

const failure = new DocumentRequestError('source_unreachable', 'HTTP 500 after retries', {
  status: 500,
});

describe('DocumentErrorMonitor', () => {
  it('stops once more than 15 of the last 100 documents failed', () => {
    const monitor = new DocumentErrorMonitor('Feed');
    let stop: SourceError | undefined;
    for (let i = 0; i < 100 && !stop; i += 1) {
      // Every 5th document fails: never 10 in a row, 20 % of them.
      if (i % 5 === 0) stop = monitor.failed(`d${i}`, `document d${i}`, failure);
      else monitor.answered(`d${i}`);
      if (stop) {
        expect(i).toBe(75);
        expect(stop.message).toMatch(/^Feed failed to serve 16 of the last 76 documents/);
      }
    }
    expect(stop).toBeInstanceOf(SourceError);
  });

  it('forgets failures that slid out of the window, and tolerates up to 15', () => {
    const monitor = new DocumentErrorMonitor('Feed');
    for (let round = 0; round < 5; round += 1) {
      for (let i = 0; i < 100; i += 1) {
        const id = `r${round}-${i}`;
        // 15 failures spread over the 100: never 10 in a row.
        if (i % 6 === 0 && i < 90) expect(monitor.failed(id, id, failure)).toBeUndefined();
        else monitor.answered(id);
      }
    }
  });

  it('takes its thresholds as a policy, and stays stopped', () => {
    const monitor = new DocumentErrorMonitor('Feed', {
      maxConsecutiveFailures: 2,
      windowSize: 10,
      maxFailuresInWindow: 5,
    });
    expect(monitor.failed('a', 'a', failure)).toBeUndefined();
    const stop = monitor.failed('b', 'b', failure);
    expect(stop?.message).toMatch(/^Feed failed to serve 2 documents in a row/);
    monitor.answered('c');
    expect(monitor.failed('d', 'd', failure)).toBe(stop);
  });
});
