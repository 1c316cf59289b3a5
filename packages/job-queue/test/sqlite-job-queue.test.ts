import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeJobQueueConformance } from './conformance/job-queue.conformance';
import { SqliteJobQueue } from '../src';

describeJobQueueConformance('SqliteJobQueue', async (jobs) => {
  const dir = mkdtempSync(join(tmpdir(), 'docent-job-queue-'));
  const path = join(dir, 'queue.db');
  const open = (): SqliteJobQueue => new SqliteJobQueue({ path, jobs, pollIntervalMs: 25 });
  const opened = [open()];
  return {
    queue: opened[0]!,
    openAnother: async () => {
      const another = open();
      opened.push(another);
      return another;
    },
    cleanup: async () => {
      for (const queue of opened) await queue.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
