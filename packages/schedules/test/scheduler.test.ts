import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretBox } from '@docent/credentials-vault';
import { InvalidRequestError, SourceNotConnectedError } from '@docent/domain-errors';
import { ingestJobId } from '@docent/ingestion';
import { scheduledRunId } from '../src';
import { schedulesFixture, type SchedulesFixture } from './support/schedules-fixture';

describe('Scheduler', () => {
  let f: SchedulesFixture;

  beforeEach(async () => {
    f = await schedulesFixture();
  });
  afterEach(async () => {
    await f.close();
  });

  const locator = (scheduleId: string, collection = 'kb') => ({
    namespaceName: 'docs',
    collectionName: collection,
    scheduleId,
  });

  async function ingestionIds(collection = 'kb'): Promise<string[]> {
    const page = await f.ingestions.list(f.accountId, {
      namespaceName: 'docs',
      collectionName: collection,
    });
    return page.items.map((i) => i.id);
  }

  it('starts the ingestion, then re-runs it when due, once, with the sealed token', async () => {
    const { ingestion, schedule } = await f.createScheduled({ cron: '0 * * * *' });
    expect(schedule).toMatchObject({
      status: 'active',
      nextRunAt: new Date('2026-05-04T11:00:00Z'),
      lastRun: { ingestionId: ingestion.id, status: 'queued' },
      spec: { space: 'ENG', token: '***' },
    });
    await f.endRun(ingestion.id, 'succeeded');
    // The ended first run deleted its own copy of the token; the schedule keeps its own.
    expect((await f.store.ingestions.getIngestion(ingestion.id))!.secrets).toBeNull();

    const scheduler = f.scheduler();
    f.setNow('2026-05-04T10:59:59Z');
    expect(await scheduler.tick()).toMatchObject({ started: 0, settled: 1 });
    f.setNow('2026-05-04T11:00:04Z');
    expect(await scheduler.tick()).toMatchObject({ started: 1 });
    expect(await scheduler.tick()).toMatchObject({ started: 0 });

    const runId = scheduledRunId(schedule.id, new Date('2026-05-04T11:00:00Z'));
    expect(await ingestionIds()).toEqual([runId, ingestion.id]);
    const run = (await f.store.ingestions.getIngestion(runId))!;
    expect(run).toMatchObject({ status: 'queued', spec: { space: 'ENG', token: '***' } });
    expect(f.secrets.openJson(run.secrets!, runId)).toEqual({ token: 'notes-token-1' });
    expect(await f.queue.getJob(ingestJobId(runId))).toMatchObject({ state: 'waiting' });
    expect(
      await f.schedules.list(f.accountId, { namespaceName: 'docs' }).then((p) => p.items[0]),
    ).toMatchObject({
      nextRunAt: new Date('2026-05-04T12:00:00Z'),
      lastRun: { ingestionId: runId, status: 'queued' },
    });
  });

  it('fires a run missed for hours once, and counts the next from now', async () => {
    const { ingestion, schedule } = await f.createScheduled({ cron: '0 * * * *' });
    await f.endRun(ingestion.id, 'succeeded');
    f.setNow('2026-05-04T15:42:00Z');
    const scheduler = f.scheduler();
    expect(await scheduler.tick()).toMatchObject({ started: 1 });
    expect(await scheduler.tick()).toMatchObject({ started: 0 });
    expect(await ingestionIds()).toHaveLength(2);
    const after = (await f.store.schedules.getSchedule(schedule.id))!;
    expect(after.nextRunAt).toEqual(new Date('2026-05-04T16:00:00Z'));
  });

  it('fires once however many schedulers look at the same time', async () => {
    const { ingestion } = await f.createScheduled({ cron: '0 * * * *' });
    await f.endRun(ingestion.id, 'succeeded');
    f.setNow('2026-05-04T11:00:01Z');
    const ticks = await Promise.all(Array.from({ length: 4 }, () => f.scheduler().tick()));
    expect(ticks.reduce((n, t) => n + t.started, 0)).toBe(1);
    expect(await ingestionIds()).toHaveLength(2);
  });

  it('skips a run while the previous one is still queued or running, and moves on', async () => {
    const { ingestion, schedule } = await f.createScheduled({ cron: '0 * * * *' });
    f.setNow('2026-05-04T11:00:01Z');
    expect(await f.scheduler().tick()).toMatchObject({ started: 0, skipped: 1 });
    expect(await ingestionIds()).toEqual([ingestion.id]);
    expect((await f.store.schedules.getSchedule(schedule.id))!.nextRunAt).toEqual(
      new Date('2026-05-04T12:00:00Z'),
    );
    await f.endRun(ingestion.id, 'succeeded');
    f.setNow('2026-05-04T12:00:01Z');
    expect(await f.scheduler().tick()).toMatchObject({ started: 1 });
  });

  it('stops the schedule when the source refuses its credentials, saying why', async () => {
    const { ingestion, schedule } = await f.createScheduled({ cron: '0 * * * *' });
    await f.endRun(ingestion.id, 'failed', {
      code: 'source_auth_failed',
      message: 'Confluence rejected the credentials (401)',
    });
    f.setNow('2026-05-04T10:31:00Z');
    expect(await f.scheduler().tick()).toMatchObject({ settled: 1, stopped: 1 });
    const stopped = (await f.store.schedules.getSchedule(schedule.id))!;
    expect(stopped).toMatchObject({
      status: 'stopped',
      stopCode: 'source_auth_failed',
      nextRunAt: null,
      lastRun: { ingestionId: ingestion.id, status: 'failed', errorCode: 'source_auth_failed' },
    });
    expect(stopped.stopMessage).toContain(
      `The source refused the credentials of run ${ingestion.id}: Confluence rejected the credentials (401). Give new credentials`,
    );
    f.setNow('2026-05-05T10:31:00Z');
    expect(await f.scheduler().tick()).toMatchObject({ started: 0, stopped: 0, settled: 0 });
    expect(await ingestionIds()).toEqual([ingestion.id]);
  });

  it('keeps going after a run that failed for another reason', async () => {
    const { ingestion, schedule } = await f.createScheduled({ cron: '0 * * * *' });
    await f.endRun(ingestion.id, 'failed', {
      code: 'source_unreachable',
      message: 'The source could not be reached',
    });
    f.setNow('2026-05-04T11:00:01Z');
    expect(await f.scheduler().tick()).toMatchObject({ started: 1, settled: 1, stopped: 0 });
    expect((await f.store.schedules.getSchedule(schedule.id))!.status).toBe('active');
  });

  it('stops a schedule on an OAuth connection that was deleted, and resumes once reconnected', async () => {
    f.connections.connected.add(`${f.accountId}:WIKI`);
    const { ingestion, schedule } = await f.createScheduled(
      { cron: '0 3 * * *', timezone: 'Europe/Berlin' },
      { space: 'ENG' },
    );
    expect(schedule).toMatchObject({ usesConnection: true, secrets: null });
    await f.endRun(ingestion.id, 'succeeded');
    f.connections.connected.clear();
    f.setNow('2026-05-05T01:00:05Z');
    expect(await f.scheduler().tick()).toMatchObject({ started: 0, stopped: 1 });
    expect(await f.store.schedules.getSchedule(schedule.id)).toMatchObject({
      status: 'stopped',
      stopCode: 'source_not_connected',
      stopMessage: expect.stringContaining('The WIKI connection this schedule runs on was deleted'),
    });
    await expect(f.schedules.resume(f.accountId, locator(schedule.id))).rejects.toBeInstanceOf(
      SourceNotConnectedError,
    );
    f.connections.connected.add(`${f.accountId}:WIKI`);
    const resumed = await f.schedules.resume(f.accountId, locator(schedule.id));
    expect(resumed).toMatchObject({
      status: 'active',
      stopCode: null,
      stopMessage: null,
      nextRunAt: new Date('2026-05-06T01:00:00Z'),
    });
  });

  it('stops the schedules on a connection as soon as it is deleted', async () => {
    f.connections.connected.add(`${f.accountId}:WIKI`);
    const oauth = await f.createScheduled({ cron: '0 3 * * *' }, { space: 'A' });
    const token = await f.createScheduled({ cron: '0 3 * * *' }, { space: 'B', token: 't' });
    expect(await f.schedules.connectionDeleted(f.accountId, 'WIKI')).toBe(1);
    expect((await f.store.schedules.getSchedule(oauth.schedule.id))!.status).toBe('stopped');
    expect((await f.store.schedules.getSchedule(token.schedule.id))!.status).toBe('active');
  });

  it('stops a schedule whose credentials no longer open (another secret key)', async () => {
    const { ingestion, schedule } = await f.createScheduled({ cron: '0 * * * *' });
    await f.endRun(ingestion.id, 'succeeded');
    f.setNow('2026-05-04T11:00:01Z');
    const otherKey = f.scheduler({ secrets: new SecretBox(randomBytes(32)) });
    expect(await otherKey.tick()).toMatchObject({ started: 0, stopped: 1 });
    expect(await f.store.schedules.getSchedule(schedule.id)).toMatchObject({
      status: 'stopped',
      stopCode: 'credentials_unavailable',
    });
  });

  it('pauses and resumes: no run while paused, none made up afterwards', async () => {
    const { ingestion, schedule } = await f.createScheduled({ cron: '0 * * * *' });
    await f.endRun(ingestion.id, 'succeeded');
    const paused = await f.schedules.pause(f.accountId, locator(schedule.id));
    expect(paused).toMatchObject({ status: 'paused', nextRunAt: null, stopCode: null });
    expect(await f.schedules.pause(f.accountId, locator(schedule.id))).toEqual(paused);
    f.setNow('2026-05-04T13:10:00Z');
    expect(await f.scheduler().tick()).toMatchObject({ started: 0 });
    const resumed = await f.schedules.resume(f.accountId, locator(schedule.id));
    expect(resumed).toMatchObject({
      status: 'active',
      nextRunAt: new Date('2026-05-04T14:00:00Z'),
    });
    expect(await f.scheduler().tick()).toMatchObject({ started: 0 });
    expect(await f.schedules.resume(f.accountId, locator(schedule.id))).toEqual(resumed);
  });

  it('refuses a bad schedule before writing anything', async () => {
    await expect(f.createScheduled({ cron: '*/5 * * * *' })).rejects.toMatchObject({
      constructor: InvalidRequestError,
      errors: [{ field: 'schedule.cron', message: expect.stringContaining('at most hourly') }],
    });
    await expect(f.ingestions.list(f.accountId, { namespaceName: 'docs' })).rejects.toThrow(
      /Namespace docs does not exist/,
    );
  });

  it('replaces the schedule of the same source and collection, and deletes it', async () => {
    const first = await f.createScheduled({ cron: '0 * * * *' });
    await f.endRun(first.ingestion.id, 'succeeded');
    const second = await f.createScheduled(
      { cron: '30 4 * * 1', timezone: 'Europe/Paris' },
      { space: 'ENG', token: 'notes-token-2' },
    );
    expect(second.schedule).toMatchObject({
      id: first.schedule.id,
      cron: '30 4 * * 1',
      timezone: 'Europe/Paris',
      lastRun: { ingestionId: second.ingestion.id },
    });
    const other = await f.createScheduled({ cron: '0 5 * * *' }, undefined, 'other');
    expect(other.schedule.id).not.toBe(first.schedule.id);
    await f.schedules.delete(f.accountId, locator(first.schedule.id));
    expect(await f.store.schedules.getSchedule(first.schedule.id)).toBeNull();
    await expect(f.schedules.delete(f.accountId, locator(first.schedule.id))).rejects.toThrow(
      /does not exist/,
    );
    // A schedule is found only in its own collection.
    await expect(f.schedules.pause(f.accountId, locator(other.schedule.id, 'kb'))).rejects.toThrow(
      /does not exist in docs\/kb/,
    );
  });
});

describe('Scheduler across a restart', () => {
  it('keeps the next run in the database; a run missed while down fires once on start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docent-schedules-'));
    const key = randomBytes(32);
    const location = { kind: 'sqlite' as const, path: join(dir, 'docent.sqlite') };
    try {
      const before = await schedulesFixture(location, key);
      const { ingestion, schedule } = await before.createScheduled({ cron: '0 * * * *' });
      await before.endRun(ingestion.id, 'succeeded');
      await before.close();

      // Down for three days: 72 runs missed.
      const after = await schedulesFixture(location, key);
      try {
        after.setNow('2026-05-07T10:30:00Z');
        expect((await after.store.schedules.getSchedule(schedule.id))!.nextRunAt).toEqual(
          new Date('2026-05-04T11:00:00Z'),
        );
        const scheduler = after.scheduler();
        expect(await scheduler.tick()).toMatchObject({ started: 1 });
        expect(await scheduler.tick()).toMatchObject({ started: 0 });
        const page = await after.ingestions.list(after.accountId, { namespaceName: 'docs' });
        expect(page.items).toHaveLength(2);
        expect((await after.store.schedules.getSchedule(schedule.id))!.nextRunAt).toEqual(
          new Date('2026-05-07T11:00:00Z'),
        );
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
