/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import {
  buildNotionWorkspace,
  docentOAuthEnvironment,
  HANDBOOK_PAGES,
  startFakeConfluence,
  startFakeDrive,
  startFakeNotion,
  type FakeConfluence,
  type FakeDrive,
  type FakeNotion,
} from '@docent/source-fakes';
import { launchChromium, type Chromium } from './support/chromium';
import { freePort, startDocent, type InProcessDocent } from '../e2e/support/docent-server';
import { waitUntil } from '../e2e/support/wait-for';

jest.setTimeout(600_000);

const USER = { email: 'ada@acme.test', password: 'correct horse battery' };
const BOT = { username: 'bot@acme.test', password: 'wiki-token-CARDS-1' };
const CLIENTS = {
  WIKI: { clientId: 'atlassian-client', clientSecret: 'atlassian-secret' },
  DRIVE: { clientId: 'google-client.apps.googleusercontent.com', clientSecret: 'google-secret' },
  PAGES: { clientId: 'notion-client', clientSecret: 'notion-secret' },
};
// Long enough to have been broken mid-word by the old three-column cards.
const DRIVE_USER = {
  displayName: 'Ada Lovelace',
  emailAddress: 'ada.lovelace@analytical-engines.example.com',
};
const WIDE = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

/**
 * Issue 26's pages in Debian's Chromium, at 1280×860 and 390×844: ingestion cards that say what
 * they read, the next step after a failure and links to their collection; Connections cards
 * with whole values, one-line dates and buttons in a row; messages without machine codes.
 */
describe('ingestion and connection cards in the browser', () => {
  let notion: FakeNotion;
  let drive: FakeDrive;
  let wiki: FakeConfluence;
  let docent: InProcessDocent;
  let url: string;
  let browser: Chromium;
  let page: Page;

  beforeAll(async () => {
    const workspace = buildNotionWorkspace();
    notion = await startFakeNotion({
      ...workspace.options,
      oauth: {
        clients: [CLIENTS.PAGES],
        consentShares: [workspace.ids.root],
        workspaceName: 'Acme Workspace',
      },
    });
    drive = await startFakeDrive({
      user: DRIVE_USER,
      oauth: { clients: [CLIENTS.DRIVE], refreshTokens: [] },
      files: [],
    });
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [BOT],
      oauth: { cloudId: 'cloud-acme', clients: [CLIENTS.WIKI] },
      spaces: [{ key: 'KB', name: 'Knowledge base', pages: HANDBOOK_PAGES.slice(0, 3) }],
    });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    docent = await startDocent(
      { DOCENT_PUBLIC_URL: url, ...docentOAuthEnvironment({ wiki, drive, notion }, CLIENTS) },
      { port },
    );
    browser = await launchChromium(WIDE);
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await docent?.close();
    await Promise.all([notion?.close(), drive?.close(), wiki?.close()]);
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const openNav = async (name: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await heading(name).waitFor();
  };
  /** Screenshots of the page as it is, at both widths (then back to the wide one). */
  const shoot = async (name: string) => {
    await browser.screenshot(`first-hour-${name}-1280`);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    await browser.screenshot(`first-hour-${name}-390`);
    await page.setViewportSize(WIDE);
    // Nothing wider than a phone's screen.
    expect({ name, overflow }).toEqual({ name, overflow: 0 });
  };

  /** A create_ingestion as the UI's session makes it (the form is not what is tested here). */
  async function createIngestion(collection: string, spec: Record<string, unknown>) {
    const csrf = await page.evaluate(() => window.sessionStorage.getItem('docent.csrf'));
    const response = await page.request.post(`${url}/docs/create_ingestion`, {
      headers: { 'X-CSRF-Token': csrf ?? '' },
      data: { namespace_name: 'default', collection_name: collection, type: 'WIKI', spec },
    });
    expect(response.status()).toBe(200);
  }

  const card = (collection: string) =>
    page
      .getByTestId('ingestion')
      .filter({ has: page.getByRole('heading', { name: `${collection} · Confluence` }) });

  it('signs up and connects the three sources', async () => {
    await page.goto(url);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await heading('Connections').waitFor();
    for (const [type, title] of [
      ['PAGES', 'Notion'],
      ['DRIVE', 'Google Drive'],
      ['WIKI', 'Confluence'],
    ] as const) {
      await page.getByRole('button', { name: `Connect ${title}` }).click();
      // Waited for, not read: the previous type's notice stays on the page until the browser
      // leaves for the provider, so the hash alone does not say the round trip is over.
      await page
        .getByTestId('connected-notice')
        .getByText(`${title} (${type}) is connected.`, { exact: true })
        .waitFor();
      await page
        .getByTestId(`connection-${type}`)
        .getByText('Connected', { exact: true })
        .waitFor();
    }
  });

  it('lays the Connections cards out whole at 1280 px', async () => {
    await page.reload();
    await heading('Connections').waitFor();
    await page.getByTestId('connection-DRIVE').getByText(DRIVE_USER.emailAddress).waitFor();
    const layout = await page.evaluate(() => {
      /** How many lines an element's text takes. */
      const lines = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      };
      return Array.from(document.querySelectorAll('li.connection-card'), (card) => ({
        title: card.querySelector('h2')?.textContent,
        label: Array.from(card.querySelectorAll('.account-label'), lines),
        dates: Array.from(card.querySelectorAll('.when'), lines),
        buttonTops: new Set(
          Array.from(card.querySelectorAll('button'), (b) => b.getBoundingClientRect().top),
        ).size,
      }));
    });
    expect(layout).toEqual([
      { title: 'Confluence (WIKI)', label: [1], dates: [1, 1], buttonTops: 1 },
      { title: 'Google Drive (DRIVE)', label: [1], dates: [1, 1], buttonTops: 1 },
      { title: 'Notion (PAGES)', label: [1], dates: [1], buttonTops: 1 },
    ]);
    await shoot('connections');
  });

  it('shows what each run read, the next step of a failed one, and links to what it filled', async () => {
    await openNav('Ingestions');
    await createIngestion('handbook', {
      url: wiki.url,
      space: 'KB',
      username: BOT.username,
      token: BOT.password,
    });
    await createIngestion('wrong-token', {
      url: wiki.url,
      space: 'KB',
      username: BOT.username,
      token: 'not-the-token',
    });
    // Through the connection: its site, a space that is not there.
    await createIngestion('no-such-space', { url: wiki.url, space: 'NOPE' });
    await page.reload();
    await heading('Ingestions').waitFor();
    await waitUntil(
      async () => {
        const statuses = await page.getByTestId('ingestion-status').allTextContents();
        return statuses.length === 3 && statuses.every((s) => s !== 'queued' && s !== 'running')
          ? statuses
          : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 500, what: 'the three runs to end' },
    );
    expect(await page.getByTestId('ingestion-status').allTextContents()).toEqual([
      'failed',
      'failed',
      'succeeded',
    ]);

    const good = card('handbook');
    await expect(good.getByTestId('ingestion-source').textContent()).resolves.toBe(
      `Site URL ${wiki.url}Space key KBUsername ${BOT.username}with an API token`,
    );
    expect(await good.textContent()).not.toContain(BOT.password);

    const refused = card('wrong-token');
    await expect(refused.getByTestId('ingestion-error').textContent()).resolves.toMatch(
      /^Confluence at .* rejected the credentials \(HTTP 401.*\)\.$/,
    );
    // Nothing was listed: no empty bar, no row of zeros.
    expect(await refused.locator('progress').count()).toBe(0);
    await expect(refused.getByTestId('ingestion-next-step').textContent()).resolves.toBe(
      'Check the API token, or leave it empty to use your Confluence connection; then start the ingestion again with the form above.',
    );
    const missing = card('no-such-space');
    await expect(missing.getByTestId('ingestion-source').textContent()).resolves.toBe(
      `Site URL ${wiki.url}Space key NOPEthrough your Confluence connection`,
    );
    await expect(missing.getByTestId('ingestion-next-step').textContent()).resolves.toBe(
      'Check the site URL and space key: they must name something your Confluence connection can see; then start the ingestion again with the form above.',
    );
    // Words for people: no machine code on the page.
    expect(await page.locator('main').textContent()).not.toMatch(
      /source_auth_failed|source_not_found/,
    );
    // A failed first run filled nothing: no link. The good one links to its collection.
    expect(await refused.getByTestId('ingestion-collection').count()).toBe(0);
    await good.getByTestId('ingestion-ask').waitFor();
    await shoot('ingestions');

    await good.getByTestId('ingestion-ask').click();
    await heading('Ask').waitFor();
    // The collections load after the page: read the choice once they are there.
    const collection = page.getByLabel('Collection');
    await collection.locator('option', { hasText: 'handbook' }).waitFor({ state: 'attached' });
    await expect(collection.inputValue()).resolves.toBe('handbook');
    await page.goBack();
    await heading('Ingestions').waitFor();
    await card('handbook').getByTestId('ingestion-collection').click();
    await page.getByRole('heading', { name: 'Documents in handbook' }).waitFor();
    await page.getByRole('rowheader', { name: HANDBOOK_PAGES[0]!.title }).waitFor();
  });

  it('shows a refused login in words, without its code', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await heading('Log in').waitFor();
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Email or password is wrong.');
    expect(await alert.getAttribute('data-code')).toBe('unauthorized');
    await shoot('wrong-password');
    expect(browser.errors.filter((e) => /Content Security Policy|page:/.test(e))).toEqual([]);
  });
});
