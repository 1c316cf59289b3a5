import type { MetadataStore, NewIngestion, ScheduleInput } from '../../src';
import { freshStore, seedCollection, seedIngestion, t0, type OpenMetadataStore } from './fixture';

const hour = 3_600_000;
const at = (ms: number) => new Date(t0.getTime() + ms);

async function seedSchedule(
  store: MetadataStore,
  overrides: Partial<ScheduleInput> = {},
  names: { account?: string; namespace?: string; collection?: string } = {},
) {
  const { account, namespace, collection } = await seedCollection(
    store,
    names.account,
    names.namespace,
    names.collection,
  );
  const first = await seedIngestion(store, collection.id, account.id);
  const schedule = await store.schedules.saveSchedule({
    id: `sch_${collection.id.slice(0, 12)}`,
    accountId: account.id,
    collectionId: collection.id,
    type: 'WIKI',
    spec: { url: 'https://x.example', space: 'ENG', token: '***' },
    secrets: 'sealed-for-the-schedule',
    sourceKey: 'k1',
    usesConnection: false,
    cron: '0 * * * *',
    timezone: 'UTC',
    nextRunAt: at(hour),
    lastRunIngestionId: first.id,
    at: t0,
    ...overrides,
  });
  return { account, namespace, collection, first, schedule };
}

function runOf(
  schedule: { accountId: string; collectionId: string },
  id: string,
  sourceKey = 'k1',
): NewIngestion {
  return {
    id,
    accountId: schedule.accountId,
    collectionId: schedule.collectionId,
    type: 'WIKI',
    spec: { url: 'https://x.example', space: 'ENG', token: '***' },
    secrets: `sealed-for-${id}`,
    sourceKey,
    createdAt: at(hour),
  };
}

/** ScheduleStore: what every adapter of the schedules must do. */
export function describeScheduleStoreConformance(adapterName: string, open: OpenMetadataStore) {
  describe(`ScheduleStore conformance: ${adapterName}`, () => {
    const store = freshStore(open);
    const schedules = () => store().schedules;

    it('saves a schedule active, with its names, sealed credentials and first run', async () => {
      const { schedule, first } = await seedSchedule(store());
      expect(schedule).toMatchObject({
        namespaceName: 'docs',
        collectionName: 'handbook',
        type: 'WIKI',
        spec: { token: '***' },
        secrets: 'sealed-for-the-schedule',
        usesConnection: false,
        cron: '0 * * * *',
        timezone: 'UTC',
        status: 'active',
        stopCode: null,
        nextRunAt: at(hour),
        lastRun: { ingestionId: first.id, status: 'queued', finishedAt: null, errorCode: null },
        version: 1,
      });
      expect(await schedules().getSchedule(schedule.id)).toEqual(schedule);
      expect(await schedules().getSchedule('sch_missing')).toBeNull();
    });

    it('changes the rule of a schedule at the version it was read at, once', async () => {
      const { schedule } = await seedSchedule(store());
      const patch = {
        cron: '0 6 * * 1',
        timezone: 'Europe/Berlin',
        nextRunAt: at(5 * hour),
        at: at(1000),
      };
      expect(await schedules().updateScheduleRule(schedule.id, schedule.version, patch)).toBe(true);
      // Read before the change: it lost.
      expect(
        await schedules().updateScheduleRule(schedule.id, schedule.version, {
          ...patch,
          cron: '0 7 * * *',
        }),
      ).toBe(false);
      expect(await schedules().getSchedule(schedule.id)).toMatchObject({
        cron: '0 6 * * 1',
        timezone: 'Europe/Berlin',
        status: 'active',
        nextRunAt: at(5 * hour),
        updatedAt: at(1000),
        version: schedule.version + 1,
        secrets: 'sealed-for-the-schedule',
      });
    });

    it('replaces the schedule of the same source, keeping its id, and reactivates it', async () => {
      const { schedule, collection, account } = await seedSchedule(store());
      expect(
        await schedules().updateScheduleState(schedule.id, schedule.version, {
          status: 'stopped',
          stop: { code: 'source_auth_failed', message: 'refused' },
          nextRunAt: null,
          at: t0,
        }),
      ).toBe(true);
      const second = await seedIngestion(store(), collection.id, account.id);
      const replaced = await schedules().saveSchedule({
        id: 'sch_other',
        accountId: account.id,
        collectionId: collection.id,
        type: 'WIKI',
        spec: { url: 'https://x.example', space: 'ENG', token: '***' },
        secrets: 'new-token',
        sourceKey: 'k1',
        usesConnection: false,
        cron: '30 3 * * *',
        timezone: 'Europe/Berlin',
        nextRunAt: at(2 * hour),
        lastRunIngestionId: second.id,
        at: at(1000),
      });
      expect(replaced).toMatchObject({
        id: schedule.id,
        cron: '30 3 * * *',
        timezone: 'Europe/Berlin',
        secrets: 'new-token',
        status: 'active',
        stopCode: null,
        stopMessage: null,
        nextRunAt: at(2 * hour),
        lastRun: { ingestionId: second.id },
        createdAt: t0,
        updatedAt: at(1000),
      });
      expect(replaced.version).toBeGreaterThan(schedule.version + 1);
      // Another source of the same collection has a schedule of its own.
      const third = await seedIngestion(store(), collection.id, account.id, 'k2');
      const other = await schedules().saveSchedule({
        ...replaced,
        id: 'sch_k2',
        sourceKey: 'k2',
        nextRunAt: at(hour),
        lastRunIngestionId: third.id,
        at: t0,
      });
      expect(other.id).toBe('sch_k2');
    });

    it('lists the schedules of a namespace or collection, newest first, paged and filtered', async () => {
      const { namespace, account } = await seedCollection(store());
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const c = await store().catalog.ensureCollection(namespace.id, `c${i}`, t0);
        const run = await seedIngestion(store(), c.id, account.id);
        const s = await schedules().saveSchedule({
          id: `sch_${String(i).padStart(4, '0')}`,
          accountId: account.id,
          collectionId: c.id,
          type: 'WIKI',
          spec: {},
          secrets: null,
          sourceKey: 'k1',
          usesConnection: true,
          cron: '0 3 * * *',
          timezone: 'UTC',
          nextRunAt: at(hour),
          lastRunIngestionId: run.id,
          at: t0,
        });
        ids.push(s.id);
        if (i === 1) {
          await schedules().updateScheduleState(s.id, s.version, {
            status: 'paused',
            stop: null,
            nextRunAt: null,
            at: t0,
          });
        }
      }
      const page1 = await schedules().listSchedules({ namespaceId: namespace.id, limit: 3 });
      expect(page1.items.map((s) => s.id)).toEqual([ids[4], ids[3], ids[2]]);
      const page2 = await schedules().listSchedules({
        namespaceId: namespace.id,
        limit: 3,
        after: page1.nextAfter!,
      });
      expect(page2.items.map((s) => s.id)).toEqual([ids[1], ids[0]]);
      expect(page2.nextAfter).toBeNull();
      const paused = await schedules().listSchedules({
        namespaceId: namespace.id,
        status: 'paused',
        limit: 10,
      });
      expect(paused.items.map((s) => [s.id, s.nextRunAt])).toEqual([[ids[1], null]]);
      const one = await schedules().listSchedules({
        namespaceId: namespace.id,
        collectionId: page1.items[0]!.collectionId,
        limit: 10,
      });
      expect(one.items.map((s) => s.id)).toEqual([ids[4]]);
      const empty = await store().catalog.ensureNamespace(account.id, 'empty', t0);
      expect(await schedules().listSchedules({ namespaceId: empty.id, limit: 10 })).toEqual({
        items: [],
        nextAfter: null,
      });
    });

    it('changes state only at the expected version', async () => {
      const { schedule } = await seedSchedule(store());
      const pause = { status: 'paused' as const, stop: null, nextRunAt: null, at: at(5) };
      expect(await schedules().updateScheduleState(schedule.id, schedule.version, pause)).toBe(
        true,
      );
      expect(await schedules().updateScheduleState(schedule.id, schedule.version, pause)).toBe(
        false,
      );
      const paused = (await schedules().getSchedule(schedule.id))!;
      expect(paused).toMatchObject({ status: 'paused', nextRunAt: null, updatedAt: at(5) });
      expect(
        await schedules().updateScheduleState(schedule.id, paused.version, {
          status: 'active',
          stop: null,
          nextRunAt: at(3 * hour),
          at: at(6),
        }),
      ).toBe(true);
      expect(await schedules().getSchedule(schedule.id)).toMatchObject({
        status: 'active',
        nextRunAt: at(3 * hour),
      });
    });

    it('lists due active schedules, most overdue first', async () => {
      const a = await seedSchedule(store(), { nextRunAt: at(2 * hour) }, { collection: 'a' });
      const b = await seedSchedule(store(), { nextRunAt: at(hour) }, { collection: 'b' });
      const c = await seedSchedule(store(), { nextRunAt: at(5 * hour) }, { collection: 'c' });
      const d = await seedSchedule(store(), { nextRunAt: at(hour) }, { collection: 'd' });
      await schedules().updateScheduleState(d.schedule.id, d.schedule.version, {
        status: 'paused',
        stop: null,
        nextRunAt: at(hour),
        at: t0,
      });
      const due = await schedules().listDueSchedules(at(2 * hour), 10);
      expect(due.map((s) => s.id)).toEqual([b.schedule.id, a.schedule.id]);
      expect(await schedules().listDueSchedules(at(2 * hour), 1)).toHaveLength(1);
      expect((await schedules().listDueSchedules(at(6 * hour), 10)).map((s) => s.id)).toContain(
        c.schedule.id,
      );
    });

    it('lets exactly one of many concurrent claimers start the run', async () => {
      const { schedule, first } = await seedSchedule(store());
      await store().ledger.endIngestion(first.id, ['queued'], 'succeeded', {
        at: t0,
        error: null,
      });
      const claims = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          schedules().claimRun({
            scheduleId: schedule.id,
            version: schedule.version,
            nextRunAt: at(2 * hour),
            run: runOf(schedule, `ing_run_${i}`),
            at: at(hour),
          }),
        ),
      );
      expect(claims.filter((c) => c === 'started')).toHaveLength(1);
      expect(claims.filter((c) => c === 'lost')).toHaveLength(5);
      const winner = `ing_run_${claims.indexOf('started')}`;
      const run = await store().ingestions.getIngestion(winner);
      expect(run).toMatchObject({
        status: 'queued',
        secrets: `sealed-for-${winner}`,
        collectionId: schedule.collectionId,
        createdAt: at(hour),
      });
      const after = (await schedules().getSchedule(schedule.id))!;
      expect(after).toMatchObject({
        nextRunAt: at(2 * hour),
        lastRun: { ingestionId: winner, status: 'queued' },
      });
      // Due again only at the next run, and claimed only at the new version.
      expect(await schedules().listDueSchedules(at(hour), 10)).toEqual([]);
      expect(
        await schedules().claimRun({
          scheduleId: schedule.id,
          version: schedule.version,
          nextRunAt: at(3 * hour),
          run: runOf(schedule, 'ing_stale'),
          at: at(hour),
        }),
      ).toBe('lost');
    });

    it('skips a run while the previous run of the source is still queued or running', async () => {
      const { schedule, first } = await seedSchedule(store());
      expect(first.status).toBe('queued');
      expect(
        await schedules().claimRun({
          scheduleId: schedule.id,
          version: schedule.version,
          nextRunAt: at(2 * hour),
          run: runOf(schedule, 'ing_skipped'),
          at: at(hour),
        }),
      ).toBe('skipped');
      expect(await store().ingestions.getIngestion('ing_skipped')).toBeNull();
      const after = (await schedules().getSchedule(schedule.id))!;
      expect(after).toMatchObject({ nextRunAt: at(2 * hour), lastRun: { ingestionId: first.id } });
      // Another source's run in the same collection does not hold it back.
      await store().ledger.endIngestion(first.id, ['queued'], 'succeeded', {
        at: t0,
        error: null,
      });
      await seedIngestion(store(), schedule.collectionId, schedule.accountId, 'k-other');
      expect(
        await schedules().claimRun({
          scheduleId: schedule.id,
          version: after.version,
          nextRunAt: at(3 * hour),
          run: runOf(schedule, 'ing_next'),
          at: at(2 * hour),
        }),
      ).toBe('started');
    });

    it('does not claim a paused schedule', async () => {
      const { schedule, first } = await seedSchedule(store());
      await store().ledger.endIngestion(first.id, ['queued'], 'succeeded', {
        at: t0,
        error: null,
      });
      await schedules().updateScheduleState(schedule.id, schedule.version, {
        status: 'paused',
        stop: null,
        nextRunAt: null,
        at: t0,
      });
      const paused = (await schedules().getSchedule(schedule.id))!;
      expect(
        await schedules().claimRun({
          scheduleId: schedule.id,
          version: paused.version,
          nextRunAt: at(2 * hour),
          run: runOf(schedule, 'ing_paused'),
          at: at(hour),
        }),
      ).toBe('lost');
    });

    it('hands out each ended run once to settle, and stops the schedule when told', async () => {
      const { schedule, first } = await seedSchedule(store());
      expect(await schedules().listSchedulesWithEndedRuns(10)).toEqual([]);
      await store().ledger.endIngestion(first.id, ['queued'], 'failed', {
        at: at(10),
        error: { code: 'source_auth_failed', message: 'The source answered 401.' },
      });
      const ended = await schedules().listSchedulesWithEndedRuns(10);
      expect(ended.map((s) => s.id)).toEqual([schedule.id]);
      expect(ended[0]!.lastRun).toMatchObject({
        ingestionId: first.id,
        status: 'failed',
        finishedAt: at(10),
        errorCode: 'source_auth_failed',
        errorMessage: 'The source answered 401.',
      });
      const stop = { code: 'source_auth_failed' as const, message: 'credentials refused' };
      expect(await schedules().settleRun(schedule.id, first.id, stop, at(20))).toBe(true);
      expect(await schedules().settleRun(schedule.id, first.id, stop, at(20))).toBe(false);
      expect(await schedules().listSchedulesWithEndedRuns(10)).toEqual([]);
      expect(await schedules().getSchedule(schedule.id)).toMatchObject({
        status: 'stopped',
        stopCode: 'source_auth_failed',
        stopMessage: 'credentials refused',
        nextRunAt: null,
        updatedAt: at(20),
      });
      // A settled run that ended well changes nothing else.
      const other = await seedSchedule(store(), {}, { collection: 'other' });
      await store().ledger.endIngestion(other.first.id, ['queued'], 'succeeded', {
        at: at(10),
        error: null,
      });
      expect(await schedules().settleRun(other.schedule.id, other.first.id, null, at(20))).toBe(
        true,
      );
      expect(await schedules().getSchedule(other.schedule.id)).toMatchObject({
        status: 'active',
        nextRunAt: at(hour),
      });
    });

    it('stops the schedules running on a deleted connection, only those', async () => {
      const oauth = await seedSchedule(
        store(),
        { usesConnection: true, secrets: null, type: 'PAGES' },
        { collection: 'oauth' },
      );
      const token = await seedSchedule(store(), { type: 'PAGES' }, { collection: 'token' });
      const wiki = await seedSchedule(
        store(),
        { usesConnection: true, secrets: null },
        { collection: 'wiki' },
      );
      const stop = { code: 'source_not_connected' as const, message: 'PAGES disconnected' };
      expect(
        await schedules().stopSchedulesOnConnection(oauth.account.id, 'PAGES', stop, at(1)),
      ).toBe(1);
      expect(await schedules().getSchedule(oauth.schedule.id)).toMatchObject({
        status: 'stopped',
        stopCode: 'source_not_connected',
        nextRunAt: null,
      });
      expect((await schedules().getSchedule(token.schedule.id))!.status).toBe('active');
      expect((await schedules().getSchedule(wiki.schedule.id))!.status).toBe('active');
    });

    it('deletes a schedule, and the schedules of a deleted collection', async () => {
      const a = await seedSchedule(store(), {}, { collection: 'a' });
      const b = await seedSchedule(store(), {}, { collection: 'b' });
      expect(await schedules().deleteSchedule(a.schedule.id)).toBe(true);
      expect(await schedules().deleteSchedule(a.schedule.id)).toBe(false);
      expect(await schedules().getSchedule(a.schedule.id)).toBeNull();
      await store().catalog.deleteCollection(b.collection.id);
      expect(await schedules().getSchedule(b.schedule.id)).toBeNull();
    });
  });
}
