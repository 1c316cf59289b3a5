import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileClock } from '../src';

describe('fileClock', () => {
  it('reads the time from the file whenever asked', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docent-clock-'));
    try {
      const file = join(dir, 'now');
      const now = fileClock(file);
      writeFileSync(file, '2026-03-29T01:30:00Z\n');
      expect(now().toISOString()).toBe('2026-03-29T01:30:00.000Z');
      writeFileSync(file, '2026-03-29T02:30:00.000Z');
      expect(now().toISOString()).toBe('2026-03-29T02:30:00.000Z');
      writeFileSync(file, 'tomorrow');
      expect(() => now()).toThrow(/does not hold an ISO date-time/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
