/// <reference lib="dom" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
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
import {
  bundleWeight,
  median,
  setCacheDisabled,
  timeAskPageLoad,
  type LoadTiming,
} from './support/ask-page-figures';
import { ARTIFACTS_DIR, launchChromium, WEB_DIST, type Chromium } from './support/chromium';
import { DocentClient } from '../e2e/support/docent-client';
import { freePort, startDocent, type InProcessDocent } from '../e2e/support/docent-server';
import { waitUntil } from '../e2e/support/wait-for';

jest.setTimeout(600_000);

const USER = { email: 'ada@acme.test', password: 'correct horse battery' };
const CLIENTS = {
  WIKI: { clientId: 'atlassian-client', clientSecret: 'atlassian-secret' },
  DRIVE: { clientId: 'google-client.apps.googleusercontent.com', clientSecret: 'google-secret' },
  PAGES: { clientId: 'notion-client', clientSecret: 'notion-secret' },
};
const NOTION_WORKSPACE = 'Acme Workspace';
const DRIVE_USER = { displayName: 'Ada Lovelace', emailAddress: 'ada@acme.test' };
const INGESTION_TIMEOUT_MS = 300_000;

/**
 * Issue 6's "done means", in Debian's Chromium: a new user signs up, creates an API key,
 * connects WIKI, DRIVE and PAGES through the full OAuth dance against the fake authorization
 * servers, ingests without ever handling a token, watches the progress bar finish, asks and
 * follows up; after disconnecting, a token-less ingestion fails with `source_not_connected`.
 */
describe('onboarding in the browser', () => {
  const workspace = buildNotionWorkspace();
  let notion: FakeNotion;
  let drive: FakeDrive;
  let wiki: FakeConfluence;
  let docent: InProcessDocent;
  let url: string;
  let browser: Chromium;
  let page: Page;
  const asks: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    notion = await startFakeNotion({
      ...workspace.options,
      oauth: {
        clients: [CLIENTS.PAGES],
        // On the consent screen the user shares the handbook (59 pages), as in issue 5.
        consentShares: [workspace.ids.root],
        workspaceName: NOTION_WORKSPACE,
      },
    });
    drive = await startFakeDrive({
      user: DRIVE_USER,
      oauth: { clients: [CLIENTS.DRIVE], refreshTokens: [] },
      files: [
        {
          name: 'Travel policy.txt',
          mimeType: 'text/plain',
          content: 'Economy class is booked for every flight shorter than six hours.',
        },
      ],
    });
    wiki = await startFakeConfluence({
      mode: 'cloud',
      oauth: { cloudId: 'cloud-acme', clients: [CLIENTS.WIKI] },
      spaces: [{ key: 'KB', name: 'Knowledge base', pages: HANDBOOK_PAGES.slice(0, 3) }],
    });
    // OAuth redirect URIs are built from DOCENT_PUBLIC_URL: the port must be known up front.
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    docent = await startDocent(
      { DOCENT_PUBLIC_URL: url, ...docentOAuthEnvironment({ wiki, drive, notion }, CLIENTS) },
      { port },
    );
    browser = await launchChromium();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: url,
    });
    page = browser.page;
    page.on('request', (request: Request) => {
      if (request.url().endsWith('/docs/ask'))
        asks.push(request.postDataJSON() as Record<string, unknown>);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await docent?.close();
    await Promise.all([notion?.close(), drive?.close(), wiki?.close()]);
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const openNav = async (name: string, title = name) => {
    const before = page.url();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await heading(title).waitFor();
    if (page.url() !== before) {
      // Focus moves to the new page's heading, so screen readers announce it.
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    }
  };

  it('signs a new user up', async () => {
    await page.goto(url);
    await heading('Log in').waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await heading('Create your account').waitFor();
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // A new account starts on the connections page.
    await heading('Connections').waitFor();
    expect(await page.getByTestId('account-email').textContent()).toBe(USER.email);
    // The session is an HttpOnly cookie: no script can read it.
    const cookie = (await browser.context.cookies(url)).find((c) => c.name === 'docent_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('docent_session');
    await browser.screenshot('01-signed-up');
  });

  it('creates an API key, shown once with a copy button, that works on the API', async () => {
    await openNav('API keys');
    await page.getByLabel('Label (optional)').fill('ci');
    await page.getByRole('button', { name: 'Create key' }).click();
    const keyBox = page.getByLabel('New API key');
    await keyBox.waitFor();
    const key = await keyBox.inputValue();
    expect(key.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'ci', exact: true }) });
    await row.waitFor();
    expect(await row.textContent()).not.toContain(key);
    await browser.screenshot('02-api-key-created');

    // The key authenticates API calls for this account.
    const viaKey = new DocentClient(url, key);
    const listed = await viaKey.post<{ api_keys: Array<{ label: string | null }> }>(
      '/account/api_keys/list',
      {},
    );
    expect(listed.status).toBe(200);
    expect(listed.body.api_keys.map((k) => k.label)).toEqual(['ci']);
    // Shown once: after leaving the page only the prefix remains.
    await openNav('Connections');
    await openNav('API keys');
    await page.getByRole('cell', { name: 'ci', exact: true }).waitFor();
    expect(await page.getByLabel('New API key').count()).toBe(0);

    // Revoked (two clicks), it is gone from the list and refused by the API.
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: /^Revoke .+…$/ }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No keys yet.').waitFor();
    expect((await viaKey.post('/account/api_keys/list', {})).status).toBe(401);
  });

  it.each([
    ['PAGES', 'Notion', NOTION_WORKSPACE],
    ['DRIVE', 'Google Drive', DRIVE_USER.emailAddress],
    // The fake Atlassian lists one accessible site.
    ['WIKI', 'Confluence', 'fake-site'],
  ] as const)(
    'connects %s through the OAuth dance with the fake provider',
    async (type, title, label) => {
      await openNav('Connections');
      const state = page.getByTestId(`connection-${type}`);
      await state.getByText('Not connected', { exact: true }).waitFor();
      await page.getByRole('button', { name: `Connect ${title}` }).click();
      // UI → /connections/authorize → the provider's consent (auto-approved) → /oauth/callback,
      // which sends the browser back to Connections, saying what was connected.
      await page.waitForURL(
        (address) => address.pathname === '/' && address.hash.startsWith('#/connections'),
      );
      await heading('Connections').waitFor();
      // Waited for, not read: the page was on Connections already (the previous type's notice
      // is on it) until the browser leaves for the provider.
      await page
        .getByTestId('connected-notice')
        .filter({ hasText: new RegExp(`\\(${type}\\) is connected\\.$`) })
        .waitFor();
      await state.getByText('Connected', { exact: true }).waitFor();
      await expect(state.textContent()).resolves.toContain(label);
      await browser.screenshot(`04-connected-${type}`);
    },
  );

  it('restores the session from the cookie alone in a new tab', async () => {
    // A new tab has no CSRF token yet: /account/me must give it for the cookie's session.
    const tab = await browser.context.newPage();
    try {
      await tab.goto(`${url}/#/connections`);
      await tab.getByRole('heading', { level: 1, name: 'Connections' }).waitFor();
      expect(await tab.getByTestId('account-email').textContent()).toBe(USER.email);
    } finally {
      await tab.close();
    }
  });

  async function startIngestion(
    type: 'WIKI' | 'DRIVE' | 'PAGES',
    collection: string,
    fill?: () => Promise<void>,
  ) {
    await openNav('Ingestions');
    await page.getByLabel('Namespace').fill('acme');
    await page.getByLabel('Source').selectOption(type);
    await page.getByLabel('Collection').fill(collection);
    await fill?.();
    expect(await page.getByLabel('Token (optional)').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Start ingestion' }).click();
  }

  function ingestionItem(collection: string) {
    const title = page.getByRole('heading', { name: new RegExp(`^${collection} ·`) });
    return page.getByTestId('ingestion').filter({ has: title }).first();
  }

  it('ingests the Notion workspace without a token, with a live progress bar', async () => {
    await startIngestion('PAGES', 'notion');
    await expect(
      page.getByText(/Leave empty to use your Notion connection \(Acme Workspace\)\./).count(),
    ).resolves.toBe(1);
    await page.getByText('Ingestion into notion started:').waitFor();
    const item = ingestionItem('notion');
    await item.waitFor();
    const bar = item.locator('progress');
    await bar.waitFor();
    // The bar moves while documents are processed (polled every second), then fills up.
    const readBar = () =>
      bar.evaluate((el: HTMLProgressElement) => ({
        // A bar without a value attribute is indeterminate (the source is being listed).
        value: el.hasAttribute('value') ? el.value : null,
        max: el.max,
      }));
    const runningValues = new Set<number>();
    await waitUntil(
      async () => {
        const status = await item.getByTestId('ingestion-status').textContent();
        if (status === 'succeeded' || status === 'failed' || status === 'canceled') return status;
        const { value } = await readBar();
        if (status === 'running' && value !== null && !runningValues.has(value)) {
          if (runningValues.size === 0) await browser.screenshot('05-ingestion-running');
          runningValues.add(value);
        }
        return undefined;
      },
      { timeoutMs: INGESTION_TIMEOUT_MS, intervalMs: 200, what: 'the PAGES ingestion to end' },
    );
    expect(runningValues.size).toBeGreaterThan(1);
    const summary = await item.getByTestId('ingestion-summary').textContent();
    expect(summary).toContain(
      `Succeeded: ${workspace.expectedTitles.length} of ${workspace.expectedTitles.length} documents`,
    );
    const { value, max } = await readBar();
    expect(value).toBe(max);
    await browser.screenshot('06-ingestion-succeeded');
  });

  it('ingests DRIVE and WIKI through their connections too', async () => {
    await startIngestion('DRIVE', 'drive');
    await page.getByText('Ingestion into drive started:').waitFor();
    await startIngestion('WIKI', 'wiki', async () => {
      // The connection's site (Atlassian accessible-resources), offered: one click fills it.
      await page.getByTestId('connection-sites').getByRole('button', { name: 'fake-site' }).click();
      await expect(page.getByLabel('Site URL').inputValue()).resolves.toBe(wiki.url);
      await page.getByRole('textbox', { name: 'Space key' }).fill('KB');
    });
    await page.getByText('Ingestion into wiki started:').waitFor();
    for (const collection of ['drive', 'wiki']) {
      const status = ingestionItem(collection).getByTestId('ingestion-status');
      await page.waitForFunction(
        (el) => ['succeeded', 'failed', 'canceled'].includes(el?.textContent ?? ''),
        await status.elementHandle(),
        { timeout: INGESTION_TIMEOUT_MS },
      );
      expect({ collection, status: await status.textContent() }).toEqual({
        collection,
        status: 'succeeded',
      });
    }
    await browser.screenshot('07-all-ingestions');
  });

  it('lists the collections and their documents', async () => {
    await openNav('Collections');
    await page.getByLabel('Namespace').fill('acme');
    await page.getByRole('button', { name: 'notion', exact: true }).click();
    await page.getByRole('heading', { name: 'Documents in notion' }).waitFor();
    await page.getByRole('rowheader', { name: 'Vault access' }).waitFor();
    await browser.screenshot('08-collections');

    // Deleting a document takes two clicks and updates the list and the counts.
    const [gone, kept] = HANDBOOK_PAGES.map((p) => p.title);
    await page.getByRole('button', { name: 'wiki', exact: true }).click();
    await page.getByRole('heading', { name: 'Documents in wiki' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: gone }) });
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: `Delete ${gone}` }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: kept }).waitFor();
    const wikiRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'wiki', exact: true }) });
    // The first cell after the name is the document count: 3 pages, one deleted.
    await wikiRow.getByRole('cell').first().filter({ hasText: /^2$/ }).waitFor();
  });

  it('asks, shows the answer with its references, and follows up with the history', async () => {
    await openNav('Ask');
    await page.getByLabel('Namespace').fill('acme');
    await page.getByLabel('Collection').selectOption('notion');
    const first = workspace.facts.find((f) => f.pageTitle === 'Laptop setup')!;
    await page.getByLabel('Question', { exact: true }).fill(first.question);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const exchanges = page.getByTestId('exchange');
    await exchanges.first().waitFor();
    expect(await exchanges.first().getByTestId('answer').textContent()).toContain(first.answer);
    // The passage the answer quotes: its document and page, linking to the page.
    const cited = await exchanges.first().getByTestId('cited').textContent();
    expect(cited).toContain('Laptop setup');
    expect(cited).toContain('page 1');
    // Each reference opens its page in the source, in a tab that cannot reach back.
    const link = exchanges
      .first()
      .getByTestId('cited')
      .getByRole('link', { name: /Laptop setup/ })
      .first();
    expect(await link.getAttribute('href')).toMatch(
      /^https:\/\/www\.notion\.so\/Laptop-setup-[0-9a-f]{32}$/,
    );
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    // The follow-up box has the focus and sends the conversation so far.
    const followUp = page.getByLabel('Follow-up question');
    expect(await followUp.evaluate((el) => el === document.activeElement)).toBe(true);
    await followUp.fill('And where are they ordered?');
    await page.keyboard.press('Enter');
    await exchanges.nth(1).waitFor();
    const firstAnswer = await exchanges.first().getByTestId('answer').textContent();
    expect(asks.at(-1)).toMatchObject({
      namespace_name: 'acme',
      collection_name: 'notion',
      question: 'And where are they ordered?',
      history_messages: [[first.question, firstAnswer]],
    });
    expect(await exchanges.nth(1).getByTestId('answer').textContent()).toContain('Helpdesk portal');
    await browser.screenshot('09-ask-follow-up');
    await page.setViewportSize({ width: 375, height: 800 });
    await browser.screenshot('10-ask-375px');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('measures the weight and time to interactive of the Ask page', async () => {
    const cdp = await browser.context.newCDPSession(page);
    const cold: LoadTiming[] = [];
    const warm: LoadTiming[] = [];
    await setCacheDisabled(cdp, true);
    for (let i = 0; i < 5; i++) cold.push(await timeAskPageLoad(page, url));
    await setCacheDisabled(cdp, false);
    await timeAskPageLoad(page, url);
    for (let i = 0; i < 5; i++) warm.push(await timeAskPageLoad(page, url));
    const figures = {
      measured_at: new Date().toISOString(),
      bundle: bundleWeight(WEB_DIST),
      transferred_bytes_cold: cold[0]!.transferredBytes,
      cold_median_ms: {
        dom_interactive: median(cold.map((t) => t.domInteractiveMs)),
        ask_ready: median(cold.map((t) => t.askReadyMs)),
      },
      warm_median_ms: {
        dom_interactive: median(warm.map((t) => t.domInteractiveMs)),
        ask_ready: median(warm.map((t) => t.askReadyMs)),
      },
    };
    writeFileSync(
      join(ARTIFACTS_DIR, 'ask-page-figures.json'),
      `${JSON.stringify(figures, null, 2)}\n`,
    );
    console.log(`Ask page figures: ${JSON.stringify(figures)}`);
    expect(figures.bundle.js.raw).toBeGreaterThan(0);
    expect(figures.cold_median_ms.ask_ready).toBeGreaterThan(
      figures.cold_median_ms.dom_interactive,
    );
  });

  it('disconnects PAGES, after which a token-less PAGES ingestion fails with source_not_connected', async () => {
    await openNav('Connections');
    await page.getByRole('button', { name: 'Disconnect Notion' }).click();
    await page.getByRole('button', { name: 'Yes, disconnect Notion' }).click();
    await page
      .getByTestId('connection-PAGES')
      .getByText('Not connected', { exact: true })
      .waitFor();
    await browser.screenshot('11-disconnected');

    await startIngestion('PAGES', 'notion-again');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    // Words for people; the code is for programs.
    expect(await alert.getAttribute('data-code')).toBe('source_not_connected');
    expect(await alert.textContent()).not.toContain('source_not_connected');
    await browser.screenshot('12-source-not-connected');
  });

  it('logs out, refuses a wrong password visibly, and logs back in', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await heading('Log in').waitFor();
    await page.reload();
    await heading('Log in').waitFor();

    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.getAttribute('data-code')).toBe('unauthorized');
    expect(await alert.textContent()).not.toContain('unauthorized');
    await browser.screenshot('13-wrong-password');
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await heading('Ask').waitFor();
    expect(browser.errors.filter((e) => /Content Security Policy|page:/.test(e))).toEqual([]);
  });
});
