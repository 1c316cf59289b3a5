/// <reference lib="dom" />
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  startFakeChatCompletions,
  startFakeConfluence,
  type FakeChatCompletions,
  type FakeConfluence,
} from '@docent/source-fakes';
import { ARTIFACTS_DIR, launchChromium, type Chromium } from './support/chromium';
import { startDocent, type InProcessDocent } from '../e2e/support/docent-server';

jest.setTimeout(600_000);

const USER = { email: 'mo@acme.test', password: 'correct horse battery' };
const BOT = { username: 'bot@acme.test', password: 'wiki-token-GEN-1' };

const PAGES = [
  {
    id: '901',
    title: 'Skylark',
    body: `<p>Skylark is the tool we use for blue-green deployments.</p><p>Skylark listens on TCP port 7443 by default.</p>`,
  },
  {
    id: '902',
    title: 'Heron',
    body: `<p>Heron is the tool we use for canary releases.</p><p>Heron listens on TCP port 9120 by default.</p>`,
  },
  {
    id: '903',
    title: 'Expense policy',
    body: `<p>Meals on business trips are reimbursed up to 45 euros per day.</p>`,
  },
];

/**
 * Issue 24 item 6 in Debian's Chromium: with DOCENT_ANSWERER=openai (the chat-completions fake,
 * answering slowly piece by piece), the Ask page shows the sources as soon as they are known,
 * the answer as it is written, and each [n] as a link to its source.
 */
describe('the Ask page with a generating answerer', () => {
  let wiki: FakeConfluence;
  let llm: FakeChatCompletions;
  let docent: InProcessDocent;
  let browser: Chromium;
  let page: Page;

  beforeAll(async () => {
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [BOT],
      spaces: [{ key: 'ENG', name: 'Engineering', pages: PAGES }],
    });
    llm = await startFakeChatCompletions({
      apiKey: 'sk-browser-test',
      replies: [
        {
          question: 'deploy',
          reply:
            'We deploy with two tools: Skylark for blue-green deployments {{cite:blue-green}}, listening on port 7443 {{cite:7443}}, and Heron for canary releases {{cite:canary}} on port 9120 {{cite:9120}}.',
        },
      ],
    });
    docent = await startDocent({
      DOCENT_ANSWERER: 'openai',
      DOCENT_LLM_BASE_URL: llm.baseUrl,
      DOCENT_LLM_API_KEY: 'sk-browser-test',
      DOCENT_LLM_MODEL: 'gpt-4o-mini',
    });
    browser = await launchChromium({ width: 1280, height: 860 });
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await docent?.close();
    await Promise.all([wiki?.close(), llm?.close()]);
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const shot = (name: string) =>
    page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: false });

  it('signs up and ingests the space', async () => {
    await page.goto(docent.client.baseUrl);
    await heading('Log in').waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await heading('Connections').waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Ingestions' })
      .click();
    await page.getByLabel('Namespace').fill('acme');
    await page.getByLabel('Source').selectOption('WIKI');
    await page.getByLabel('Collection').fill('eng');
    await page.getByLabel('Site URL').fill(wiki.url);
    await page.getByRole('textbox', { name: 'Space key' }).fill('ENG');
    await page.getByLabel('Username (optional)').fill(BOT.username);
    await page.getByLabel('Token (optional)').fill(BOT.password);
    await page.getByRole('button', { name: 'Start ingestion' }).click();
    const status = page.getByTestId('ingestion-status').first();
    await page.waitForFunction(
      (el) => ['succeeded', 'failed', 'canceled'].includes(el?.textContent ?? ''),
      await status.elementHandle(),
      { timeout: 300_000 },
    );
    expect(await status.textContent()).toBe('succeeded');
  });

  it('streams the answer and links each [n] to its source', async () => {
    llm.pieceDelayMs = 120;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ask' }).click();
    await page
      .getByLabel('Collection')
      .locator('option', { hasText: 'eng' })
      .waitFor({ state: 'attached' });
    const box = page.getByLabel('Question', { exact: true });
    await box.fill('How do we deploy, and on which ports?');
    await box.press('Enter');

    // Mid-stream: part of the text, the first source already listed, the cursor blinking.
    const live = page.getByTestId('exchange-streaming');
    await live.getByTestId('citation').first().waitFor();
    const partial = await live.getByTestId('answer').textContent();
    await shot('generated-1280-01-streaming');
    expect(partial!.length).toBeGreaterThan(10);
    expect(partial).not.toContain('9120');
    expect(await live.getAttribute('aria-busy')).toBe('true');
    expect(await live.getByTestId('source').count()).toBeGreaterThanOrEqual(1);

    // Done: the whole text, a link per marker, the cited sources numbered under it.
    const done = page.getByTestId('exchange');
    await done.waitFor();
    expect(await done.getByTestId('answer').textContent()).toBe(
      'We deploy with two tools: Skylark for blue-green deployments [1], listening on port 7443 [1], and Heron for canary releases [2] on port 9120 [2].',
    );
    const citations = done.getByTestId('citation');
    expect(await citations.allTextContents()).toEqual(['[1]', '[1]', '[2]', '[2]']);
    expect(await done.getByTestId('source').allTextContents()).toEqual([
      expect.stringMatching(/^\[1\] Skylark, page 1.*blue-green/s),
      expect.stringMatching(/^\[2\] Heron, page 1.*canary releases/s),
    ]);
    await shot('generated-1280-02-done');

    // Following [2] focuses Heron's source without changing the page's route.
    const route = await page.evaluate(() => location.hash);
    await citations.nth(2).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('exchange-0-source-2');
    expect(await page.evaluate(() => location.hash)).toBe(route);
    await shot('generated-1280-03-source-2');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await shot('generated-390-04-done');
  });
});
