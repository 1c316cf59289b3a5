import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMetadataStore, type MetadataStore } from '@docent/metadata-store';
import {
  startFakeConfluence,
  startFakeNotion,
  type FakeConfluence,
  type FakeConfluenceUser,
  type FakeNotion,
} from '@docent/source-fakes';
import { scheduledRunId } from '@docent/schedules';
import { BrowserSession, completeOAuthDance } from './support/browser-session';
import type { DocentClient } from './support/docent-client';
import { freePort, startDocent, type InProcessDocent } from './support/docent-server';
import { waitForIngestion, waitUntil, type IngestionWire, type Poster } from './support/wait-for';

jest.setTimeout(300_000);

const HOUR = 3_600_000;
const BOT = { username: 'bot@acme.test', password: 'wiki-token-SCHEDULED-1' };
const CLIENT = { clientId: 'docent-oauth-app', clientSecret: 'oauth-app-secret-5e1d' };

interface ScheduleWire {
  schedule_id: string;
  collection_name: string;
  type: string;
  spec: Record<string, unknown>;
  cron: string;
  timezone: string;
  status: 'active' | 'paused' | 'stopped';
  reason: { code: string; message: string } | null;
  next_run_at: string | null;
  last_run: {
    ingestion_id: string;
    status: string;
    created_at: string;
    finished_at: string | null;
    error: { code: string; message: string } | null;
  } | null;
}

function pages(prefix: string, count: number, firstId: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: String(firstId + i),
    title: `${prefix} page ${i + 1}`,
    body: `<p>${prefix} fact ${i + 1}: the code word is ${prefix.toLowerCase()}-${i + 1}.</p>`,
  }));
}

/**
 * Issue 17: scheduled re-syncs through the HTTP API against the real service, the schedules'
 * time moved through DOCENT_TEST_CLOCK_FILE (the scheduler looks every 200 ms).
 */
describe('scheduled re-syncs', () => {
  let wiki: FakeConfluence;
  let notion: FakeNotion;
  let users: FakeConfluenceUser[];
  let docent: InProcessDocent;
  let client: DocentClient;
  let store: MetadataStore;
  let clockDir: string;
  let clockFile: string;
  let clock: Date;

  function setClock(at: Date): void {
    clock = at;
    writeFileSync(clockFile, at.toISOString());
  }

  beforeAll(async () => {
    users = [BOT];
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users,
      spaces: [
        { key: 'ENG', pages: pages('Eng', 6, 100) },
        { key: 'OPS', pages: pages('Ops', 4, 200) },
        { key: 'SLOW', pages: pages('Slow', 8, 300) },
      ],
    });
    notion = await startFakeNotion({
      oauth: { clients: [CLIENT], workspaceName: 'Acme Workspace' },
      pages: [
        {
          title: 'Office hours',
          blocks: [{ type: 'paragraph', text: 'The Lisbon office opens at 8 am.' }],
        },
      ],
    });
    clockDir = mkdtempSync(join(tmpdir(), 'docent-clock-'));
    clockFile = join(clockDir, 'now');
    // Half past an hour, near the real time (scheduled run ids carry their due time).
    const start = new Date();
    start.setUTCMinutes(30, 0, 0);
    setClock(start);
    const port = await freePort();
    docent = await startDocent(
      {
        DOCENT_TEST_CLOCK_FILE: clockFile,
        DOCENT_SCHEDULER_POLL_MS: '200',
        DOCENT_PUBLIC_URL: `http://127.0.0.1:${port}`,
        DOCENT_PAGES_API_URL: notion.url,
        DOCENT_OAUTH_PAGES_CLIENT_ID: CLIENT.clientId,
        DOCENT_OAUTH_PAGES_CLIENT_SECRET: CLIENT.clientSecret,
        DOCENT_OAUTH_PAGES_AUTHORIZE_URL: `${notion.url}/v1/oauth/authorize`,
        DOCENT_OAUTH_PAGES_TOKEN_URL: `${notion.url}/v1/oauth/token`,
      },
      { port },
    );
    client = docent.client;
    store = await openMetadataStore(docent.deployment.metadata);
  });

  afterAll(async () => {
    await store?.close();
    await docent?.close();
    await Promise.all([wiki?.close(), notion?.close()]);
    rmSync(clockDir, { recursive: true, force: true });
  });

  const wikiSpec = (space: string) => ({
    url: wiki.url,
    space,
    username: BOT.username,
    token: BOT.password,
  });

  async function createScheduled(
    collection: string,
    spec: Record<string, unknown>,
    schedule: Record<string, unknown>,
    poster: Poster = client,
    type = 'WIKI',
  ) {
    const created = await poster.post<{ ingestion_id: string; schedule_id: string | null }>(
      '/docs/create_ingestion',
      { namespace_name: 'acme', collection_name: collection, type, spec, schedule },
    );
    expect(created.status).toBe(200);
    expect(created.body.schedule_id).toMatch(/^sch_/);
    return created.body as { ingestion_id: string; schedule_id: string };
  }

  async function scheduleOf(collection: string, poster: Poster = client): Promise<ScheduleWire> {
    const listed = await poster.post<{ schedules: ScheduleWire[] }>('/schedules/list', {
      namespace_name: 'acme',
      collection_name: collection,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.schedules).toHaveLength(1);
    return listed.body.schedules[0]!;
  }

  async function ingestionsOf(collection: string, poster: Poster = client) {
    const listed = await poster.post<{ ingestions: IngestionWire[] }>('/docs/list_ingestions', {
      namespace_name: 'acme',
      collection_name: collection,
    });
    expect(listed.status).toBe(200);
    return listed.body.ingestions;
  }

  /** Waits until the collection has `count` ingestions; returns the newest. */
  async function nthRun(collection: string, count: number, poster: Poster = client) {
    const list = await waitUntil(
      async () => {
        const all = await ingestionsOf(collection, poster);
        return all.length >= count ? all : undefined;
      },
      { timeoutMs: 30_000, what: `${count} ingestions of ${collection}` },
    );
    expect(list).toHaveLength(count);
    return list.map((i) => i.ingestion_id);
  }

  /** Moves the clock and lets the scheduler look a few times (it looks every 200 ms). */
  async function moveClockAndWait(at: Date): Promise<void> {
    setClock(at);
    await new Promise((r) => setTimeout(r, 1_500));
  }

  const locatorOf = (collection: string, scheduleId: string) => ({
    namespace_name: 'acme',
    collection_name: collection,
    schedule_id: scheduleId,
  });

  const nextHour = (from: Date) => new Date(Math.floor(from.getTime() / HOUR) * HOUR + HOUR);

  it('refuses a schedule more frequent than hourly, or in no time zone, and writes nothing', async () => {
    for (const [schedule, field, pattern] of [
      [{ cron: '*/15 * * * *' }, 'schedule.cron', /more than once an hour.*at most hourly/],
      [{ cron: '0 3 * * *', timezone: 'Mars/Olympus' }, 'schedule.timezone', /IANA time zone/],
      [{ cron: '0 3 * *' }, 'schedule.cron', /five fields/],
    ] as const) {
      const refused = await client.post<{
        code: string;
        errors: Array<{ field: string; message: string }>;
      }>('/docs/create_ingestion', {
        namespace_name: 'nothing-written',
        collection_name: 'kb',
        type: 'WIKI',
        spec: wikiSpec('ENG'),
        schedule,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_request');
      expect(refused.body.errors).toEqual([{ field, message: expect.stringMatching(pattern) }]);
    }
    // The contract refuses unknown schedule fields.
    const unknown = await client.post('/docs/create_ingestion', {
      namespace_name: 'nothing-written',
      collection_name: 'kb',
      type: 'WIKI',
      spec: wikiSpec('ENG'),
      schedule: { cron: '0 3 * * *', every: 'day' },
    });
    expect(unknown.status).toBe(400);
    const listed = await client.post('/docs/list_ingestions', {
      namespace_name: 'nothing-written',
    });
    expect(listed.status).toBe(404);
    // Without a schedule, create_ingestion answers schedule_id null.
    const plain = await client.post('/docs/create_ingestion', {
      namespace_name: 'acme',
      collection_name: 'plain',
      type: 'WIKI',
      spec: wikiSpec('OPS'),
      schedule: null,
    });
    expect(plain.body).toEqual({ ingestion_id: expect.any(String), schedule_id: null });
  });

  it('re-runs the ingestion on schedule with the sealed token, incrementally; pause, resume, delete', async () => {
    const created = await createScheduled('eng', wikiSpec('ENG'), {
      cron: '0 * * * *',
      timezone: 'Europe/Berlin',
    });
    const first = await waitForIngestion(client, {
      namespace_name: 'acme',
      collection_name: 'eng',
      ingestion_id: created.ingestion_id,
    });
    expect(first).toMatchObject({ status: 'succeeded', progress: { documents_processed: 6 } });

    const due = nextHour(clock);
    const schedule = await scheduleOf('eng');
    expect(schedule).toMatchObject({
      schedule_id: created.schedule_id,
      type: 'WIKI',
      cron: '0 * * * *',
      timezone: 'Europe/Berlin',
      status: 'active',
      reason: null,
      next_run_at: due.toISOString(),
      spec: { url: wiki.url, space: 'ENG', username: BOT.username, token: '***' },
      last_run: { ingestion_id: created.ingestion_id, status: 'succeeded', error: null },
    });
    expect(JSON.stringify(schedule)).not.toContain(BOT.password);
    // The first run's copy of the token is gone; the schedule keeps its own, sealed.
    expect((await store.ingestions.getIngestion(created.ingestion_id))!.secrets).toBeNull();
    const sealed = (await store.schedules.getSchedule(created.schedule_id))!.secrets;
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(BOT.password);

    // Due: one page changed at the source; the run re-indexes it alone.
    wiki.upsertPage('ENG', { id: '101', title: 'Eng page 2', body: '<p>Eng fact 2 changed.</p>' });
    setClock(new Date(due.getTime() + 2_000));
    const [secondId] = await nthRun('eng', 2);
    expect(secondId).toBe(scheduledRunId(created.schedule_id, due));
    const second = await waitForIngestion(client, {
      namespace_name: 'acme',
      collection_name: 'eng',
      ingestion_id: secondId!,
    });
    expect(second).toMatchObject({
      status: 'succeeded',
      spec: { token: '***' },
      progress: { documents_discovered: 6, documents_processed: 1, documents_skipped: 5 },
    });
    await waitUntil(async () => {
      const s = await scheduleOf('eng');
      return s.last_run?.status === 'succeeded' ? s : undefined;
    });
    expect(await scheduleOf('eng')).toMatchObject({
      next_run_at: new Date(due.getTime() + HOUR).toISOString(),
      last_run: { ingestion_id: secondId, status: 'succeeded' },
    });

    // Paused: no run, however late.
    const paused = await client.post<ScheduleWire>(
      '/schedules/pause',
      locatorOf('eng', created.schedule_id),
    );
    expect(paused.body).toMatchObject({ status: 'paused', next_run_at: null, reason: null });
    await moveClockAndWait(new Date(due.getTime() + 3 * HOUR + 60_000));
    expect(await ingestionsOf('eng')).toHaveLength(2);

    // Resumed: from now on, missed runs not made up.
    const resumed = await client.post<ScheduleWire>(
      '/schedules/resume',
      locatorOf('eng', created.schedule_id),
    );
    expect(resumed.body).toMatchObject({
      status: 'active',
      next_run_at: nextHour(clock).toISOString(),
    });
    expect(await ingestionsOf('eng')).toHaveLength(2);
    setClock(new Date(nextHour(clock).getTime() + 1_000));
    await nthRun('eng', 3);

    const deleted = await client.post('/schedules/delete', locatorOf('eng', created.schedule_id));
    expect(deleted.body).toEqual({ deleted: true });
    expect(await store.schedules.getSchedule(created.schedule_id)).toBeNull();
    expect(
      (await client.post('/schedules/delete', locatorOf('eng', created.schedule_id))).status,
    ).toBe(404);
    expect(
      (
        await client.post<{ schedules: unknown[] }>('/schedules/list', {
          namespace_name: 'acme',
          collection_name: 'eng',
        })
      ).body.schedules,
    ).toEqual([]);
    await waitForIngestion(client, {
      namespace_name: 'acme',
      collection_name: 'eng',
      ingestion_id: (await ingestionsOf('eng'))[0]!.ingestion_id,
    });
    await moveClockAndWait(new Date(clock.getTime() + 2 * HOUR));
    expect(await ingestionsOf('eng')).toHaveLength(3);
  });

  it('runs a schedule now with its sealed token, never twice at once, and changes its rule', async () => {
    const created = await createScheduled('runs', wikiSpec('OPS'), {
      cron: '0 3 * * *',
      timezone: 'Europe/Berlin',
    });
    const locator = locatorOf('runs', created.schedule_id);
    const collection = { namespace_name: 'acme', collection_name: 'runs' };
    await waitForIngestion(client, { ...collection, ingestion_id: created.ingestion_id });
    const before = await scheduleOf('runs');

    wiki.latencyMs = 300;
    try {
      const ran = await client.post<ScheduleWire>('/schedules/run', locator);
      expect(ran.status).toBe(200);
      const runId = ran.body.last_run!.ingestion_id;
      expect(runId).not.toBe(created.ingestion_id);
      // Outside its cron: the next scheduled run stays where it was.
      expect(ran.body).toMatchObject({ status: 'active', next_run_at: before.next_run_at });
      expect(ran.body.last_run!.status).toMatch(/queued|running/);
      // While it runs, "run now" starts nothing.
      const again = await client.post<ScheduleWire>('/schedules/run', locator);
      expect(again.body.last_run!.ingestion_id).toBe(runId);
      expect(await ingestionsOf('runs')).toHaveLength(2);
      const run = await waitForIngestion(client, { ...collection, ingestion_id: runId });
      // It ran on the sealed token: the source accepted it, and nothing changed there.
      expect(run).toMatchObject({
        status: 'succeeded',
        spec: { token: '***' },
        progress: { documents_skipped: 4 },
      });
    } finally {
      wiki.latencyMs = 0;
    }

    // A new rule: checked like a schedule given to create_ingestion, fields named plainly.
    const refused = await client.post<{ errors: Array<{ field: string }> }>('/schedules/update', {
      ...locator,
      cron: '*/5 * * * *',
      timezone: 'Mars/Olympus',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e) => e.field).sort()).toEqual(['cron', 'timezone']);
    const updated = await client.post<ScheduleWire>('/schedules/update', {
      ...locator,
      cron: '30 6 * * 1',
      timezone: 'America/New_York',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      cron: '30 6 * * 1',
      timezone: 'America/New_York',
      status: 'active',
    });
    // The next Monday 06:30 in New York, from the schedules' clock.
    const next = new Date(updated.body.next_run_at!);
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(next);
    expect(local).toBe('Mon 06:30');
    expect(next.getTime() - clock.getTime()).toBeLessThanOrEqual(7 * 24 * HOUR);
    expect(next.getTime()).toBeGreaterThan(clock.getTime());

    // Paused, it cannot run now; its rule can still change, and it stays paused.
    await client.post('/schedules/pause', locator);
    const paused = await client.post<{ detail: string }>('/schedules/run', locator);
    expect(paused.status).toBe(400);
    expect(paused.body.detail).toBe('The schedule is paused: resume it before running it.');
    const pausedUpdate = await client.post<ScheduleWire>('/schedules/update', {
      ...locator,
      cron: '0 4 * * *',
      timezone: null,
    });
    expect(pausedUpdate.body).toMatchObject({
      cron: '0 4 * * *',
      timezone: 'UTC',
      status: 'paused',
      next_run_at: null,
    });
    await client.post('/schedules/delete', locator);
  });

  it('skips a run due while the previous one still runs', async () => {
    wiki.latencyMs = 400;
    try {
      const created = await createScheduled('slow', wikiSpec('SLOW'), { cron: '0 * * * *' });
      const due = nextHour(clock);
      await waitForIngestion(
        client,
        { namespace_name: 'acme', collection_name: 'slow', ingestion_id: created.ingestion_id },
        { until: (i) => i.status === 'running' },
      );
      setClock(new Date(due.getTime() + 1_000));
      // The scheduler looked: the due run was passed over and the next one is an hour on.
      const skipped = await waitUntil(async () => {
        const s = await scheduleOf('slow');
        return s.next_run_at === new Date(due.getTime() + HOUR).toISOString() ? s : undefined;
      });
      expect(skipped.last_run).toMatchObject({
        ingestion_id: created.ingestion_id,
        status: 'running',
      });
      expect(await ingestionsOf('slow')).toHaveLength(1);
      await client.post('/schedules/delete', locatorOf('slow', created.schedule_id));
    } finally {
      wiki.latencyMs = 0;
    }
  });

  it('stops the schedule when the source revokes its token, and a new token starts it again', async () => {
    const created = await createScheduled('ops', wikiSpec('OPS'), { cron: '15 * * * *' });
    await waitForIngestion(client, {
      namespace_name: 'acme',
      collection_name: 'ops',
      ingestion_id: created.ingestion_id,
    });
    users.length = 0; // the token is revoked at the source
    let due = new Date((await scheduleOf('ops')).next_run_at!);
    setClock(new Date(due.getTime() + 1_000));
    const [failedId] = await nthRun('ops', 2);
    const failed = await waitForIngestion(client, {
      namespace_name: 'acme',
      collection_name: 'ops',
      ingestion_id: failedId!,
    });
    expect(failed.error?.code).toBe('source_auth_failed');

    const stopped = await waitUntil(async () => {
      const s = await scheduleOf('ops');
      return s.status === 'stopped' ? s : undefined;
    });
    expect(stopped).toMatchObject({
      next_run_at: null,
      reason: {
        code: 'source_auth_failed',
        message: expect.stringContaining(`The source refused the credentials of run ${failedId}`),
      },
      last_run: { ingestion_id: failedId, status: 'failed', error: { code: 'source_auth_failed' } },
    });
    expect(JSON.stringify(stopped)).not.toContain(BOT.password);
    await moveClockAndWait(new Date(clock.getTime() + 2 * HOUR));
    expect(await ingestionsOf('ops')).toHaveLength(2);
    const listedStopped = await client.post<{ schedules: ScheduleWire[] }>('/schedules/list', {
      namespace_name: 'acme',
      status: 'stopped',
    });
    expect(listedStopped.body.schedules.map((s) => s.schedule_id)).toEqual([created.schedule_id]);

    // A new token, given with the schedule again, replaces the old one and reactivates it.
    const renewed = { username: BOT.username, password: 'wiki-token-SCHEDULED-2' };
    users.push(renewed);
    const again = await createScheduled(
      'ops',
      { ...wikiSpec('OPS'), token: renewed.password },
      { cron: '15 * * * *' },
    );
    expect(again.schedule_id).toBe(created.schedule_id);
    expect(await scheduleOf('ops')).toMatchObject({ status: 'active', reason: null });
    await waitForIngestion(client, {
      namespace_name: 'acme',
      collection_name: 'ops',
      ingestion_id: again.ingestion_id,
    });
    due = new Date((await scheduleOf('ops')).next_run_at!);
    setClock(new Date(due.getTime() + 1_000));
    const [nextId] = await nthRun('ops', 4);
    expect(
      await waitForIngestion(client, {
        namespace_name: 'acme',
        collection_name: 'ops',
        ingestion_id: nextId!,
      }),
    ).toMatchObject({ status: 'succeeded' });
    await client.post('/schedules/delete', locatorOf('ops', created.schedule_id));
    users.splice(0, users.length, BOT);
  });

  it('runs on the OAuth connection; disconnecting stops it, reconnecting lets it resume', async () => {
    const ann = new BrowserSession(client.baseUrl);
    expect((await ann.signUp('ann@acme.example', 'correct horse battery staple')).status).toBe(200);
    const connect = async () => {
      const authorized = await ann.post<{ authorize_url: string }>('/connections/authorize', {
        type: 'PAGES',
      });
      expect((await completeOAuthDance(ann, authorized.body.authorize_url)).status).toBe(303);
    };
    await connect();
    const created = await createScheduled(
      'notes',
      {},
      { cron: '45 6 * * *', timezone: 'America/New_York' },
      ann,
      'PAGES',
    );
    await waitForIngestion(ann, {
      namespace_name: 'acme',
      collection_name: 'notes',
      ingestion_id: created.ingestion_id,
    });
    expect((await scheduleOf('notes', ann)).spec).toEqual({});

    expect((await ann.post('/connections/delete', { type: 'PAGES' })).status).toBe(200);
    expect(await scheduleOf('notes', ann)).toMatchObject({
      status: 'stopped',
      next_run_at: null,
      reason: {
        code: 'source_not_connected',
        message:
          'The PAGES connection this schedule runs on was deleted. Connect PAGES again, then resume the schedule.',
      },
    });
    const refused = await ann.post<{ code: string }>(
      '/schedules/resume',
      locatorOf('notes', created.schedule_id),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('source_not_connected');

    await connect();
    const resumed = await ann.post<ScheduleWire>(
      '/schedules/resume',
      locatorOf('notes', created.schedule_id),
    );
    expect(resumed.body.status).toBe('active');
    setClock(new Date(new Date(resumed.body.next_run_at!).getTime() + 1_000));
    const [runId] = await nthRun('notes', 2, ann);
    expect(
      await waitForIngestion(ann, {
        namespace_name: 'acme',
        collection_name: 'notes',
        ingestion_id: runId!,
      }),
    ).toMatchObject({ status: 'succeeded' });
    // Another account sees none of it.
    const other = await client.post('/schedules/pause', locatorOf('notes', created.schedule_id));
    expect(other.status).toBe(404);
    await ann.post('/schedules/delete', locatorOf('notes', created.schedule_id));
  });

  it('deletes the schedules of a deleted collection', async () => {
    const created = await createScheduled('doomed', wikiSpec('OPS'), { cron: '0 4 * * *' });
    await waitForIngestion(client, {
      namespace_name: 'acme',
      collection_name: 'doomed',
      ingestion_id: created.ingestion_id,
    });
    const deleted = await client.post('/collections/delete', {
      namespace_name: 'acme',
      collection_name: 'doomed',
    });
    expect(deleted.status).toBe(200);
    expect(await store.schedules.getSchedule(created.schedule_id)).toBeNull();
  });
});
