/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type Chromium } from './support/chromium';
import { startDocent, type InProcessDocent } from '../e2e/support/docent-server';

jest.setTimeout(600_000);

/** The example connector, loaded as a third party's package would be. */
const WEB_CONNECTOR = resolve(__dirname, '../../../../examples/connector-web');
const USER = { email: 'lin@acme.test', password: 'correct horse battery' };
const WIDE = { width: 1280, height: 860 };
const NARROW = { width: 390, height: 844 };

const SITE: Record<string, string> = {
  '/': '<title>Kestrel docs</title><h1>Kestrel</h1><p>Kestrel is the API gateway.</p><a href="/limits">Limits</a>',
  '/limits': '<title>Limits</title><h1>Limits</h1><p>At most 400 requests per second.</p>',
};

async function startSite(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const page = SITE[req.url ?? '/'];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body>${page}`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * Issue 25's forms in Debian's Chromium: the ingestion form of a connector the UI has no code
 * for (WEB, loaded by DOCENT_CONNECTORS) comes from GET /connectors, refuses a missing required
 * field, ingests, and schedules with a preset; the Confluence form's space-or-CQL choice; the
 * schedule's Edit. Screenshots at 1280×860 and 390×844.
 */
describe('ingestion and schedule forms from the connector descriptors', () => {
  let site: { url: string; server: Server };
  let docent: InProcessDocent;
  let browser: Chromium;
  let page: Page;

  beforeAll(async () => {
    site = await startSite();
    docent = await startDocent({ DOCENT_CONNECTORS: WEB_CONNECTOR });
    browser = await launchChromium(WIDE);
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await docent?.close();
    await new Promise((done) => site?.server.close(done));
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const openNav = async (name: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await heading(name).waitFor();
  };
  const form = () => page.locator('form.ingestion-form');

  it('offers the loaded WEB connector by its title and renders its fields', async () => {
    await page.goto(docent.client.baseUrl);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await heading('Connections').waitFor();
    await openNav('Ingestions');
    const source = form().getByLabel('Source');
    await source.waitFor();
    const options = await source
      .locator('option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options).toEqual([
      ['WIKI', 'Confluence'],
      ['DRIVE', 'Google Drive'],
      ['PAGES', 'Notion'],
      ['WEB', 'Web site'],
    ]);
    await source.selectOption('WEB');
    await form().getByText('The pages of a web site, from a start page').waitFor();
    expect(await form().getByLabel('Start page or sitemap.xml').getAttribute('placeholder')).toBe(
      'https://docs.example.com/',
    );
    expect(await form().getByLabel('Page limit (optional)').getAttribute('type')).toBe('number');
    expect(await form().getByLabel('Bearer token (optional)').getAttribute('type')).toBe(
      'password',
    );
    // WEB has no OAuth: nothing about connections.
    expect(await form().textContent()).not.toMatch(/connection/i);
    await browser.screenshot('forms-01-web-1280');
  });

  it('says which required field is missing, then ingests the site on a weekly schedule', async () => {
    await form().getByLabel('Collection').fill('kestrel');
    await form().getByRole('button', { name: 'Start ingestion' }).click();
    await form().getByText('Start page or sitemap.xml is required.').waitFor();
    expect(await form().getByLabel('Start page or sitemap.xml').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await browser.screenshot('forms-02-web-required-1280');

    await form().getByLabel('Start page or sitemap.xml').fill(`${site.url}/`);
    await form().getByLabel('Page limit (optional)').fill('10');
    await form().getByLabel('Re-sync on a schedule').check();
    // The browser's zone comes first in the zone list and is picked.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const zones = form().getByLabel('Time zone').locator('option');
    expect(await zones.first().getAttribute('value')).toBe(zone);
    expect(await zones.count()).toBeGreaterThan(300);
    await form().getByLabel('Repeat').selectOption('weekly');
    await form().getByLabel('On', { exact: true }).selectOption({ label: 'Friday' });
    await form().getByLabel('At', { exact: true }).fill('18:00');
    await form().getByLabel('Time zone').selectOption('Asia/Tokyo');
    expect(await form().getByTestId('schedule-cron').textContent()).toBe('0 18 * * 5');
    await browser.screenshot('forms-03-web-schedule-1280');
    await form().getByRole('button', { name: 'Start ingestion' }).click();
    await page
      .getByTestId('started-notice')
      .filter({ hasText: 'Ingestion into kestrel started; it re-runs on its schedule' })
      .waitFor();
    await page
      .getByTestId('ingestion-status')
      .filter({ hasText: 'succeeded' })
      .waitFor({ timeout: 300_000 });
  });

  it("shows the schedule in the connector's words and edits it", async () => {
    await openNav('Schedules');
    const card = page.getByTestId('schedule');
    await card.getByText('· Web site').waitFor();
    expect(await card.getByTestId('schedule-when').textContent()).toBe(
      'every Friday at 18:00, Asia/Tokyo (0 18 * * 5)',
    );
    expect(await card.textContent()).toContain(
      `Start page or sitemap.xml: ${site.url}/ · Page limit: 10`,
    );
    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = card.getByTestId('schedule-editor');
    expect(await editor.getByLabel('Repeat').inputValue()).toBe('weekly');
    await editor.getByLabel('Repeat').selectOption('daily');
    await editor.getByLabel('At', { exact: true }).fill('07:15');
    await browser.screenshot('forms-04-schedule-edit-1280');
    await editor.getByRole('button', { name: 'Save' }).click();
    await card
      .getByTestId('schedule-when')
      .filter({ hasText: 'every day at 07:15, Asia/Tokyo (15 7 * * *)' })
      .waitFor();
    expect(await card.getByTestId('schedule-next-run').textContent()).toMatch(/07:15 Asia\/Tokyo$/);
    await browser.screenshot('forms-05-schedule-edited-1280');
  });

  it("renders Confluence's space-or-CQL choice as radio buttons", async () => {
    await openNav('Ingestions');
    await form().getByLabel('Source').selectOption('WIKI');
    const choice = form().getByRole('group', { name: 'Space key or CQL query' });
    expect(await choice.getByRole('radio', { name: 'Space key' }).isChecked()).toBe(true);
    await choice.getByRole('textbox', { name: 'Space key' }).waitFor();
    await browser.screenshot('forms-06-wiki-1280');
    await choice.getByRole('radio', { name: 'CQL query' }).check();
    await choice.getByRole('textbox', { name: 'CQL query' }).waitFor();
    expect(await choice.getByRole('textbox').count()).toBe(1);
  });

  it('fits a phone: the forms at 390×844', async () => {
    await page.setViewportSize(NARROW);
    await form().getByLabel('Source').selectOption('WEB');
    await form().getByLabel('Re-sync on a schedule').check();
    await form().getByLabel('Repeat').selectOption('weekly');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await browser.screenshot('forms-07-web-390');
    await form().getByLabel('Source').selectOption('WIKI');
    await browser.screenshot('forms-08-wiki-390');
    await openNav('Schedules');
    await page.getByTestId('schedule').getByRole('button', { name: 'Edit' }).click();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await browser.screenshot('forms-09-schedule-edit-390');
    expect(browser.errors.filter((e) => e.startsWith('page:'))).toEqual([]);
  });
});
