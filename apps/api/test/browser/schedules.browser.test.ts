/// <reference lib="dom" />
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  HANDBOOK_PAGES,
  startFakeConfluence,
  type FakeConfluence,
  type FakeConfluenceUser,
} from '@docent/source-fakes';
import { launchChromium, type Chromium } from './support/chromium';
import { startDocent, type InProcessDocent } from '../e2e/support/docent-server';
import { waitUntil } from '../e2e/support/wait-for';

jest.setTimeout(600_000);

const USER = { email: 'grace@acme.test', password: 'correct horse battery' };
const BOT = { username: 'bot@acme.test', password: 'wiki-token-BROWSER-1' };
const HOUR = 3_600_000;

/** Every page of the app, as the main navigation names it, and its heading. */
const PAGES = ['Ask', 'Ingestions', 'Collections', 'Schedules', 'Connections', 'API keys'];

/**
 * Issue 17 in Debian's Chromium: a new account's pages say there is nothing yet (never an
 * error); a schedule is set up from the ingestion form, then watched, paused, resumed, stopped
 * by a revoked token and deleted from the Schedules page.
 */
describe('schedules and empty states in the browser', () => {
  let wiki: FakeConfluence;
  let users: FakeConfluenceUser[];
  let docent: InProcessDocent;
  let url: string;
  let browser: Chromium;
  let page: Page;
  let clockDir: string;
  let clockFile: string;
  let clock: Date;

  const setClock = (at: Date) => {
    clock = at;
    writeFileSync(clockFile, at.toISOString());
  };

  beforeAll(async () => {
    users = [BOT];
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users,
      spaces: [{ key: 'KB', name: 'Knowledge base', pages: HANDBOOK_PAGES.slice(0, 3) }],
    });
    clockDir = mkdtempSync(join(tmpdir(), 'docent-clock-'));
    clockFile = join(clockDir, 'now');
    const start = new Date();
    start.setUTCMinutes(30, 0, 0);
    setClock(start);
    docent = await startDocent({
      DOCENT_TEST_CLOCK_FILE: clockFile,
      DOCENT_SCHEDULER_POLL_MS: '200',
    });
    url = docent.client.baseUrl;
    browser = await launchChromium();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await docent?.close();
    await wiki?.close();
    rmSync(clockDir, { recursive: true, force: true });
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const openNav = async (name: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await heading(name).waitFor();
  };
  const scheduleCard = () => page.getByTestId('schedule');

  it('shows a new account what to do on every page, never an error', async () => {
    await page.goto(url);
    await heading('Log in').waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await heading('Connections').waitFor();

    const emptyStates: Record<string, string> = {};
    for (const name of PAGES) {
      await openNav(name);
      // Let every request the page made answer and render.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(200);
      expect({ name, alerts: await page.getByRole('alert').allTextContents() }).toEqual({
        name,
        alerts: [],
      });
      expect(await page.locator('main').textContent()).not.toMatch(/not_found|does not exist/);
      const empty = page.getByTestId('empty-state');
      if ((await empty.count()) > 0) emptyStates[name] = (await empty.textContent()) ?? '';
      await browser.screenshot(`schedules-01-empty-${name.toLowerCase().replace(' ', '-')}`);
    }
    expect(emptyStates).toEqual({
      Ingestions: expect.stringMatching(/^No ingestions in default yet\. Start one with the form/),
      Collections: expect.stringMatching(/^No collections in default yet\..*start an ingestion/),
      Ask: expect.stringMatching(/^Nothing to ask in default yet: .*Start an ingestion\.$/),
      Schedules: expect.stringMatching(/^No schedules in default yet\. To re-sync a source/),
      'API keys': expect.stringMatching(/^No keys yet\. Create one above/),
    });
    // No script error on any page (the console does note the API's 404s for the namespace).
    expect(browser.errors.filter((e) => e.startsWith('page:'))).toEqual([]);
  });

  async function fillWikiForm(cron: string): Promise<void> {
    await openNav('Ingestions');
    await page.getByLabel('Source').selectOption('WIKI');
    await page.getByLabel('Collection').fill('handbook');
    await page.getByLabel('Site URL').fill(wiki.url);
    await page.getByRole('textbox', { name: 'Space key' }).fill('KB');
    await page.getByLabel('Username (optional)').fill(BOT.username);
    await page.getByLabel('Token (optional)').fill(BOT.password);
    await page.getByLabel('Re-sync on a schedule').check();
    await page.getByLabel('Repeat').selectOption('custom');
    await page.getByLabel('Cron').fill(cron);
    await page.getByLabel('Time zone').selectOption('UTC');
    await page.getByRole('button', { name: 'Start ingestion' }).click();
  }

  it('refuses a schedule more often than hourly where it was given, naming the field', async () => {
    await fillWikiForm('*/5 * * * *');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/schedule\.cron.*more than once an hour/);
    await browser.screenshot('schedules-02-refused-cron');
  });

  it('starts a scheduled ingestion from the form and shows the schedule', async () => {
    await fillWikiForm('0 * * * *');
    await page
      .getByRole('status')
      .filter({ hasText: 'Ingestion into handbook started; it re-runs on its schedule' })
      .waitFor();
    await openNav('Schedules');
    const card = scheduleCard();
    await card.waitFor();
    expect(await card.getByTestId('schedule-status').textContent()).toBe('active');
    expect(await card.getByTestId('schedule-when').textContent()).toBe(
      'every hour at minute 0, UTC (0 * * * *)',
    );
    expect(await card.textContent()).toContain(
      `Site URL: ${wiki.url} · Space key: KB · Username: ${BOT.username} · with its stored API token`,
    );
    expect(await card.textContent()).not.toContain(BOT.password);
    // Polled while the first run is under way, until it succeeded.
    await card
      .getByTestId('schedule-last-run')
      .filter({ hasText: 'succeeded' })
      .waitFor({ timeout: 120_000 });
    await browser.screenshot('schedules-03-active');
  });

  it('runs the schedule now, and names the zone of its next run', async () => {
    const card = scheduleCard();
    const nextRun = await card.getByTestId('schedule-next-run').textContent();
    const before = await card.getByTestId('schedule-last-run').locator('code').textContent();
    await card.getByRole('button', { name: 'Run now' }).click();
    const lastRunId = card.getByTestId('schedule-last-run').locator('code');
    await waitUntil(
      async () => {
        const id = await lastRunId.textContent();
        return id && id !== before ? id : undefined;
      },
      { timeoutMs: 30_000, what: 'a new last run' },
    );
    await card
      .getByTestId('schedule-last-run')
      .filter({ hasText: 'succeeded' })
      .waitFor({ timeout: 120_000 });
    // Outside the cron: the next run stays, in the schedule's own zone.
    expect(await card.getByTestId('schedule-next-run').textContent()).toBe(nextRun);
    expect(nextRun).toMatch(/ UTC$/);
    await browser.screenshot('schedules-03b-run-now');
  });

  it('pauses and resumes the schedule', async () => {
    const card = scheduleCard();
    await card.getByRole('button', { name: 'Pause' }).click();
    await card.getByTestId('schedule-status').filter({ hasText: 'paused' }).waitFor();
    expect(await card.getByTestId('schedule-next-run').textContent()).toBe('none while paused');
    await browser.screenshot('schedules-04-paused');
    await card.getByRole('button', { name: 'Resume' }).click();
    await card.getByTestId('schedule-status').filter({ hasText: 'active' }).waitFor();
    expect(await card.getByTestId('schedule-next-run').textContent()).not.toMatch(/none/);
  });

  it('edits when the schedule runs with the presets and a zone from the list, then back', async () => {
    const card = scheduleCard();
    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = card.getByTestId('schedule-editor');
    // The hourly cron is read back as the hourly preset.
    expect(await editor.getByLabel('Repeat').inputValue()).toBe('hourly');
    await editor.getByLabel('Repeat').selectOption('weekly');
    await editor.getByLabel('On', { exact: true }).selectOption({ label: 'Monday' });
    await editor.getByLabel('At', { exact: true }).fill('06:30');
    await editor.getByLabel('Time zone').selectOption('Europe/Berlin');
    expect(await editor.getByTestId('schedule-cron').textContent()).toBe('30 6 * * 1');
    await browser.screenshot('schedules-04b-editing');
    await editor.getByRole('button', { name: 'Save' }).click();
    await card
      .getByTestId('schedule-when')
      .filter({ hasText: 'every Monday at 06:30, Europe/Berlin (30 6 * * 1)' })
      .waitFor();
    expect(await card.getByTestId('schedule-next-run').textContent()).toMatch(
      /06:30 Europe\/Berlin$/,
    );
    await browser.screenshot('schedules-04c-edited');
    // Back to every hour, which the next test's clock relies on.
    await card.getByRole('button', { name: 'Edit' }).click();
    await editor.getByLabel('Repeat').selectOption('hourly');
    await editor.getByLabel('At minute').fill('0');
    await editor.getByLabel('Time zone').selectOption('UTC');
    await editor.getByRole('button', { name: 'Save' }).click();
    await card
      .getByTestId('schedule-when')
      .filter({ hasText: 'every hour at minute 0, UTC (0 * * * *)' })
      .waitFor();
  });

  it('shows a schedule stopped by a revoked token, with the reason and the failed run', async () => {
    users.length = 0;
    setClock(new Date(Math.floor(clock.getTime() / HOUR) * HOUR + HOUR + 1_000));
    const card = scheduleCard();
    // The page polls while the scheduled run is under way; a reload picks up the end state.
    for (let i = 0; i < 60; i++) {
      await page.reload();
      await heading('Schedules').waitFor();
      await card.waitFor();
      if ((await card.getByTestId('schedule-status').textContent()) === 'stopped') break;
      await page.waitForTimeout(500);
    }
    expect(await card.getByTestId('schedule-status').textContent()).toBe('stopped');
    expect(await card.getByTestId('schedule-reason').textContent()).toMatch(
      /^Stopped: The source refused the credentials of run ing_/,
    );
    expect(await card.getByTestId('schedule-reason').getAttribute('data-code')).toBe(
      'source_auth_failed',
    );
    expect(await card.getByTestId('schedule-run-error').getAttribute('data-code')).toBe(
      'source_auth_failed',
    );
    expect(await card.getByTestId('schedule-next-run').textContent()).toBe('none while stopped');
    // A stopped schedule is news, not a page error.
    expect(await page.getByRole('alert').count()).toBe(0);
    await browser.screenshot('schedules-05-stopped');
    // The scheduled run is among the ingestions too (after the first run and the one run now).
    await openNav('Ingestions');
    await page.getByTestId('ingestion').nth(2).waitFor();
    expect(await page.getByTestId('ingestion-status').allTextContents()).toEqual([
      'failed',
      'succeeded',
      'succeeded',
    ]);
    users.push(BOT);
  });

  it('deletes the schedule in two clicks, and the page says there is none', async () => {
    await openNav('Schedules');
    const card = scheduleCard();
    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Delete the schedule of handbook' }).click();
    await page.getByTestId('empty-state').waitFor();
    expect(await scheduleCard().count()).toBe(0);
    await browser.screenshot('schedules-06-deleted');
  });
});
