/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { startFakeNotion, type FakeNotion } from '@docent/source-fakes';
import { launchChromium, type Chromium } from './support/chromium';
import { BrowserSession } from '../e2e/support/browser-session';
import { DocentClient } from '../e2e/support/docent-client';
import { freePort, startDocent, type InProcessDocent } from '../e2e/support/docent-server';
import { waitForIngestion } from '../e2e/support/wait-for';

jest.setTimeout(300_000);

const VICTIM = { email: 'vera@acme.test', password: 'correct horse battery' };
const ATTACKER = { email: 'mallory@evil.test', password: 'another long passphrase' };
const CLIENT = { clientId: 'notion-client', clientSecret: 'notion-secret' };
/** Shown raw, this title reads "Invoice exe.pdf" and flips what follows it. */
const SPOOFED_TITLE = 'Invoice \u202Efdp.exe';

/**
 * Issue 21 in Debian's Chromium: a cookie planted from another port of the same host does not
 * switch the victim's UI to the attacker's account; an API key's connect link asks to log in
 * first and connects only the account logged in; the Account page; titles cannot be spoofed.
 */
describe('accounts and connections only their owner controls, in the browser', () => {
  let notion: FakeNotion;
  let docent: InProcessDocent;
  let url: string;
  let attackerSite: Server;
  let attackerUrl: string;
  let attackerToken: string;
  let browser: Chromium;
  let page: Page;

  beforeAll(async () => {
    notion = await startFakeNotion({
      oauth: { clients: [CLIENT], workspaceName: 'Victim Corp' },
      pages: [
        {
          title: SPOOFED_TITLE,
          blocks: [{ type: 'paragraph', text: 'The invoice total is 1,250 euros, due in March.' }],
        },
      ],
    });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    docent = await startDocent(
      {
        DOCENT_PUBLIC_URL: url,
        DOCENT_PAGES_API_URL: notion.url,
        DOCENT_OAUTH_PAGES_CLIENT_ID: CLIENT.clientId,
        DOCENT_OAUTH_PAGES_CLIENT_SECRET: CLIENT.clientSecret,
        DOCENT_OAUTH_PAGES_AUTHORIZE_URL: `${notion.url}/v1/oauth/authorize`,
        DOCENT_OAUTH_PAGES_TOKEN_URL: `${notion.url}/v1/oauth/token`,
      },
      { port },
    );
    // The attacker's own Docent account: its session cookie is what gets planted.
    const attacker = new BrowserSession(url);
    expect((await attacker.signUp(ATTACKER.email, ATTACKER.password)).status).toBe(200);
    attackerToken = attacker.cookie!.split('=')[1]!;
    // A page on another port of the same host: cookies are not isolated by port.
    const attackerPort = await freePort();
    attackerUrl = `http://127.0.0.1:${attackerPort}`;
    attackerSite = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html',
        'set-cookie': `docent_session=${attackerToken}; Path=/account; SameSite=Lax`,
      });
      res.end('<!DOCTYPE html><title>Free stickers</title><h1>Free stickers</h1>');
    });
    await new Promise<void>((resolve) => attackerSite.listen(attackerPort, '127.0.0.1', resolve));
    browser = await launchChromium();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => attackerSite?.close(resolve));
    await docent?.close();
    await notion?.close();
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });

  async function logIn(account = VICTIM): Promise<void> {
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  it('signs the victim up in the UI (sign-up, then log-in)', async () => {
    await page.goto(`${url}/#/signup`);
    await heading('Create your account').waitFor();
    await page.getByLabel('Email').fill(VICTIM.email);
    await page.getByLabel('Password').fill(VICTIM.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await heading('Connections').waitFor();
    expect(await page.getByTestId('account-email').textContent()).toBe(VICTIM.email);
  });

  it('does not let a cookie planted from another port switch the UI to another account', async () => {
    await page.goto(attackerUrl);
    await page.getByRole('heading', { name: 'Free stickers' }).waitFor();
    const planted = (await browser.context.cookies()).filter((c) => c.name === 'docent_session');
    // The browser now holds two: the victim's at / and the attacker's at /account.
    expect(planted.map((c) => c.path).sort()).toEqual(['/', '/account']);

    await page.goto(`${url}/#/connections`);
    // Two session cookies: refused and cleared, never the attacker's account.
    await heading('Log in').waitFor();
    expect(await page.getByText(ATTACKER.email).count()).toBe(0);
    await browser.screenshot('21-01-tossed-cookie-refused');
    expect((await browser.context.cookies(url)).filter((c) => c.name === 'docent_session')).toEqual(
      [],
    );

    await logIn();
    await heading('Connections').waitFor();
    expect(await page.getByTestId('account-email').textContent()).toBe(VICTIM.email);
  });

  it("connects an API key's link only after logging in to that key's account", async () => {
    // A script of the victim's asks for a link with her key.
    const http = new BrowserSession(url);
    await http.logIn(VICTIM.email, VICTIM.password);
    const key = (await http.post<{ key: string }>('/account/api_keys/create', { label: 'bot' }))
      .body.key;
    const viaKey = new DocentClient(url, key);
    const link = (
      await viaKey.post<{ authorize_url: string }>('/connections/authorize', { type: 'PAGES' })
    ).body.authorize_url;
    expect(link.startsWith(`${url}/oauth/start?link=`)).toBe(true);

    // In a browser logged in to another account (the attacker's), it connects nothing.
    await browser.context.clearCookies();
    await page.goto(url);
    await logIn(ATTACKER);
    await heading('Ask').waitFor();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Not connected' }).waitFor();
    expect(await page.textContent('main')).toContain(ATTACKER.email);
    await browser.screenshot('21-02-link-other-account');

    // Logged out: the link asks to log in, then goes on to the provider and back.
    await browser.context.clearCookies();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Log in to connect Notion (PAGES)' }).waitFor();
    await browser.screenshot('21-03-link-log-in-first');
    await page.getByRole('link', { name: 'Log in' }).click();
    await heading('Log in').waitFor();
    await logIn();
    // Connected for the account this browser is logged in to: back on its Connections page.
    await page.waitForURL(
      (address) => address.pathname === '/' && address.hash.startsWith('#/connections'),
    );
    await page.getByTestId('connected-notice').getByText('Notion (PAGES) is connected.').waitFor();
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(VICTIM.email);
    await expect(page.getByTestId('connection-PAGES').textContent()).resolves.toContain(
      'as Victim Corp',
    );
    await browser.screenshot('21-04-link-connected');
    const connections = await viaKey.post<{ connections: Array<{ type: string }> }>(
      '/connections/list',
      {},
    );
    expect(connections.body.connections.map((c) => c.type)).toEqual(['PAGES']);
    const attackerView = new BrowserSession(url);
    await attackerView.logIn(ATTACKER.email, ATTACKER.password);
    expect(
      (await attackerView.post<{ connections: unknown[] }>('/connections/list', {})).body
        .connections,
    ).toEqual([]);
  });

  it('shows a spoofing title as what it is, isolated from the text around it', async () => {
    const http = new BrowserSession(url);
    await http.logIn(VICTIM.email, VICTIM.password);
    const locator = { namespace_name: 'default', collection_name: 'invoices' };
    const created = await http.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'PAGES',
      spec: {},
    });
    const done = await waitForIngestion(http, {
      ...locator,
      ingestion_id: created.body.ingestion_id,
    });
    expect(done.status).toBe('succeeded');
    await page.goto(`${url}/#/collections`);
    await heading('Collections').waitFor();
    await page.getByRole('button', { name: 'invoices', exact: true }).click();
    const name = page.getByRole('rowheader').locator('bdi');
    await name.waitFor();
    expect(await name.textContent()).toBe('Invoice fdp.exe');
    await browser.screenshot('21-05-title-without-bidi-controls');
  });

  it('changes the password, lists the sessions and logs out everywhere', async () => {
    const elsewhere = new BrowserSession(url);
    await elsewhere.logIn(VICTIM.email, VICTIM.password);
    await page.goto(`${url}/#/account`);
    await heading('Account').waitFor();
    const sessions = page.getByTestId('sessions');
    await sessions.waitFor();
    await sessions.getByText('this browser').waitFor();
    expect(await sessions.getByRole('row').count()).toBeGreaterThan(2);
    await browser.screenshot('21-06-account-sessions');

    await page.getByLabel('Current password').fill(VICTIM.password);
    await page.getByLabel('New password').fill('password12');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('too common').waitFor();
    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByTestId('password-changed')
      .getByText(/Password changed\./)
      .waitFor();
    expect((await elsewhere.post('/account/me', {})).status).toBe(401);
    await browser.screenshot('21-07-password-changed');

    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await page.getByRole('button', { name: 'Yes, log out every session' }).click();
    await heading('Log in').waitFor();
    // Refused requests show up as console lines (401, 403, 400 above); no script failed.
    expect(browser.errors.filter((e) => e.startsWith('page:'))).toEqual([]);
  });
});
