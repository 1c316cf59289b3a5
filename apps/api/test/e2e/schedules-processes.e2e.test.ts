import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeConfluence, type FakeConfluence } from '@docent/source-fakes';
import { scheduledRunId } from '@docent/schedules';
import { testSecretKey } from '@docent/test-support';
import {
  createTestDeployment,
  freePort,
  spawnDocent,
  type SpawnedDocent,
  type TestDeployment,
} from './support/docent-server';
import type { DocentClient } from './support/docent-client';
import { waitForIngestion, waitUntil, type IngestionWire } from './support/wait-for';

jest.setTimeout(600_000);

const HOUR = 3_600_000;
const BOT = { username: 'bot@acme.test', password: 'wiki-token-REPLICAS-1' };

interface ScheduleWire {
  schedule_id: string;
  next_run_at: string | null;
  last_run: { ingestion_id: string; status: string } | null;
}

/**
 * Issue 17: schedules in real server processes, in the test mode's engines (SQLite + the
 * embedded queue, or PostgreSQL + BullMQ): a restart keeps the next run and fires a missed one
 * once; two worker processes fire each run once.
 */
describe('scheduled re-syncs across processes', () => {
  let wiki: FakeConfluence;
  let dataDir: string;
  let deployment: TestDeployment;
  let clockFile: string;
  let env: Record<string, string>;
  const processes: SpawnedDocent[] = [];

  const spec = () => ({ url: wiki.url, space: 'KB', username: BOT.username, token: BOT.password });

  function setClock(at: Date): Date {
    writeFileSync(clockFile, at.toISOString());
    return at;
  }

  beforeAll(async () => {
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [BOT],
      spaces: [
        {
          key: 'KB',
          pages: [1, 2, 3].map((n) => ({
            id: String(n),
            title: `Runbook ${n}`,
            body: `<p>Runbook ${n}: restart the service with command number ${n}.</p>`,
          })),
        },
      ],
    });
    dataDir = mkdtempSync(join(tmpdir(), 'docent-schedules-'));
    deployment = await createTestDeployment(dataDir);
    clockFile = join(dataDir, 'clock');
    env = {
      ...deployment.env,
      DOCENT_SECRET_KEY: deployment.env.DOCENT_SECRET_KEY ?? testSecretKey(),
      DOCENT_TEST_CLOCK_FILE: clockFile,
      DOCENT_SCHEDULER_POLL_MS: '100',
      DOCENT_LOG_LEVEL: 'info',
    };
  });

  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await wiki?.close();
    await deployment?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function stop(process: SpawnedDocent): Promise<void> {
    process.child.kill('SIGTERM');
    await process.exited;
  }

  async function ingestionsOf(client: DocentClient, collection: string): Promise<IngestionWire[]> {
    const listed = await client.post<{ ingestions: IngestionWire[] }>('/docs/list_ingestions', {
      namespace_name: 'acme',
      collection_name: collection,
    });
    expect(listed.status).toBe(200);
    return listed.body.ingestions;
  }

  async function scheduleOf(client: DocentClient, collection: string): Promise<ScheduleWire> {
    const listed = await client.post<{ schedules: ScheduleWire[] }>('/schedules/list', {
      namespace_name: 'acme',
      collection_name: collection,
    });
    expect(listed.body.schedules).toHaveLength(1);
    return listed.body.schedules[0]!;
  }

  async function createScheduled(client: DocentClient, collection: string) {
    const created = await client.post<{ ingestion_id: string; schedule_id: string }>(
      '/docs/create_ingestion',
      {
        namespace_name: 'acme',
        collection_name: collection,
        type: 'WIKI',
        spec: spec(),
        schedule: { cron: '0 * * * *' },
      },
    );
    expect(created.status).toBe(200);
    await waitForIngestion(client, {
      namespace_name: 'acme',
      collection_name: collection,
      ingestion_id: created.body.ingestion_id,
    });
    return created.body;
  }

  /** Until every ingestion of the collection has ended, and there are `count` of them. */
  async function settledRuns(client: DocentClient, collection: string, count: number) {
    return waitUntil(
      async () => {
        const all = await ingestionsOf(client, collection);
        const ended = all.every((i) => ['succeeded', 'failed', 'canceled'].includes(i.status));
        return all.length >= count && ended ? all : undefined;
      },
      { timeoutMs: 120_000, what: `${count} ended ingestions of ${collection}` },
    );
  }

  it('keeps the next run across a restart, and fires a run missed while down once', async () => {
    let clock = setClock(new Date(Math.floor(Date.now() / HOUR) * HOUR + 30 * 60_000));
    const port = await freePort();
    const first = await spawnDocent(dataDir, port, { ...env, DOCENT_ROLE: 'all' });
    processes.push(first);
    const created = await createScheduled(first.client, 'restart');
    const due = new Date(clock.getTime() + 30 * 60_000);
    expect((await scheduleOf(first.client, 'restart')).next_run_at).toBe(due.toISOString());
    await stop(first);

    // Down for three days: 72 runs missed.
    clock = setClock(new Date(clock.getTime() + 72 * HOUR + 10 * 60_000));
    const second = await spawnDocent(dataDir, port, { ...env, DOCENT_ROLE: 'all' });
    processes.push(second);
    const runs = await settledRuns(second.client, 'restart', 2);
    expect(runs.map((i) => i.ingestion_id)).toContain(scheduledRunId(created.schedule_id, due));
    expect(runs.every((i) => i.status === 'succeeded')).toBe(true);
    // Once, not 72 times: the next run is counted from now.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await ingestionsOf(second.client, 'restart')).toHaveLength(2);
    expect((await scheduleOf(second.client, 'restart')).next_run_at).toBe(
      new Date(Math.floor(clock.getTime() / HOUR) * HOUR + HOUR).toISOString(),
    );
    await second.client.post('/schedules/delete', {
      namespace_name: 'acme',
      collection_name: 'restart',
      schedule_id: created.schedule_id,
    });
    await stop(second);
  });

  it('fires each run once with two worker processes looking every 100 ms', async () => {
    let clock = setClock(new Date(Math.floor(Date.now() / HOUR) * HOUR + 30 * 60_000));
    const api = await spawnDocent(dataDir, await freePort(), { ...env, DOCENT_ROLE: 'api' });
    processes.push(api);
    const workers = [
      await spawnDocent(dataDir, 0, env, 'worker'),
      await spawnDocent(dataDir, 0, env, 'worker'),
    ];
    processes.push(...workers);
    const collections = ['r1', 'r2', 'r3', 'r4'];
    const schedules = new Map<string, string>();
    for (const c of collections)
      schedules.set(c, (await createScheduled(api.client, c)).schedule_id);

    for (let round = 1; round <= 3; round++) {
      const due = new Date(Math.floor(clock.getTime() / HOUR) * HOUR + HOUR);
      clock = setClock(new Date(due.getTime() + 1_000));
      for (const c of collections) {
        const runs = await settledRuns(api.client, c, round + 1);
        expect(runs.map((i) => i.ingestion_id)).toContain(scheduledRunId(schedules.get(c)!, due));
      }
      // Both workers looked many times since; still one run per collection and hour.
      await new Promise((r) => setTimeout(r, 1_000));
      for (const c of collections) {
        expect(await ingestionsOf(api.client, c)).toHaveLength(round + 1);
      }
    }
    // Each run was started by one worker or the other (they share them: 4 and 8 in one run).
    const started = workers.map(
      (w) => w.output().match(/"message":"scheduled run started"/g)?.length ?? 0,
    );
    expect(started[0]! + started[1]!).toBe(collections.length * 3);
  });
});
