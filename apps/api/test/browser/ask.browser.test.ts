/// <reference lib="dom" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { HANDBOOK_PAGES, startFakeConfluence, type FakeConfluence } from '@docent/source-fakes';
import { ARTIFACTS_DIR, launchChromium, type Chromium } from './support/chromium';
import { startDocent, type InProcessDocent } from '../e2e/support/docent-server';

jest.setTimeout(600_000);

const USER = { email: 'lin@acme.test', password: 'correct horse battery' };
const BOT = { username: 'bot@acme.test', password: 'wiki-token-ASK-1' };
const INGESTION_TIMEOUT_MS = 300_000;

/**
 * A small engineering space: two tools with near-identical pages (one opening with an emoji, so
 * the highlight's code-point offsets differ from UTF-16 ones), a policy, an FAQ.
 */
const PAGES = [
  {
    id: '801',
    title: 'Skylark',
    body: `<p>🚀 Skylark is the tool we use for blue-green deployments.</p>
<p>Skylark listens on TCP port 7443 by default.</p>
<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">bash</ac:parameter><ac:plain-text-body><![CDATA[skylark deploy --env production --strategy blue-green]]></ac:plain-text-body></ac:structured-macro>
<p>See the Heron page for canary releases.</p>`,
  },
  {
    id: '802',
    title: 'Heron',
    body: `<p>Heron is the tool we use for canary releases.</p>
<p>Heron listens on TCP port 9120 by default.</p>
<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">bash</ac:parameter><ac:plain-text-body><![CDATA[heron release --canary 5%]]></ac:plain-text-body></ac:structured-macro>
<p>Heron was written by the platform team in 2021.</p>`,
  },
  {
    id: '803',
    title: 'Expense policy',
    body: `<h2>Meals</h2>
<p>Meals on business trips are reimbursed up to 45 euros per day.</p>
<h2>Reports</h2>
<p>Expense reports must be filed within 30 days of the trip.</p>`,
  },
  {
    id: '804',
    title: 'Office FAQ',
    body: `<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">Where is the new office?</ac:parameter><ac:rich-text-body><p>The new office is on the fourth floor of the Meridian building.</p></ac:rich-text-body></ac:structured-macro>`,
  },
  {
    // One long passage: the cited excerpt is shown shortened around the quoted sentence.
    id: '805',
    title: 'Incident runbook',
    body: `<p>An incident starts when an alert pages the on-call engineer or a customer reports an outage through support. The on-call engineer acknowledges the page within five minutes and posts a short summary in the incidents channel. Severity is set by customer impact: severity one means customers cannot work at all, severity two means a degraded service, severity three means a cosmetic problem. For severity one and two the on-call engineer names an incident commander, who may be the on-call engineer. The incident bridge is opened on the Zephyr conference line. Status updates go out every thirty minutes until the incident is resolved, written for customers rather than engineers. When the service is back, the incident commander closes the bridge and schedules a review within five working days. The review is blameless: it records what happened, what helped, what slowed the response down, and the follow-up tasks with an owner each. Follow-up tasks are tracked in the reliability board and reviewed every Monday by the platform team.</p>`,
  },
];

/** The two widths the Ask page is checked at: a laptop and a phone. */
const VIEWPORTS = [
  { name: '1280', width: 1280, height: 860 },
  { name: '390', width: 390, height: 844 },
] as const;

interface InView {
  questionTop: number;
  answerTop: number;
  answerBottom: number;
  /** The bottom of what the pinned composer leaves visible. */
  visibleBottom: number;
  scrollY: number;
  focusedLabel: string | null;
}

/**
 * Issue 20 item 6 in Debian's Chromium: the question and its answer stay in view after the
 * answer arrives and after a follow-up, the composer takes the focus without scrolling, nothing
 * is drawn invalid before a submit, the answer is a quote of its page with the short answer in
 * bold, the quoted sentence is highlighted in its passage, other passages are folded, "not
 * found" comes with none; the collection is picked from the account's collections.
 */
describe('the Ask page in the browser', () => {
  let wiki: FakeConfluence;
  let docent: InProcessDocent;
  let url: string;
  let browser: Chromium;
  let page: Page;
  const asks: Array<Record<string, unknown>> = [];
  const placements: Record<string, InView> = {};

  beforeAll(async () => {
    wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [BOT],
      spaces: [
        { key: 'ENG', name: 'Engineering', pages: PAGES },
        { key: 'KB', name: 'Knowledge base', pages: HANDBOOK_PAGES.slice(0, 3) },
      ],
    });
    docent = await startDocent();
    url = docent.client.baseUrl;
    browser = await launchChromium({ width: 1280, height: 860 });
    page = browser.page;
    page.on('request', (request: Request) => {
      if (request.url().endsWith('/docs/ask'))
        asks.push(request.postDataJSON() as Record<string, unknown>);
    });
  });

  afterAll(async () => {
    writeFileSync(
      join(ARTIFACTS_DIR, 'ask-page-placements.json'),
      `${JSON.stringify(placements, null, 2)}\n`,
    );
    await browser?.close();
    await docent?.close();
    await wiki?.close();
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const openNav = async (name: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await heading(name).waitFor();
  };
  /** What the viewport shows, as a person sees it (not the whole page). */
  const shot = (name: string) =>
    page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: false });
  const exchanges = () => page.getByTestId('exchange');

  /** Where the question and the answer (or "not found") of an exchange are in the viewport. */
  const placement = (index: number): Promise<InView> =>
    page.evaluate((i) => {
      const exchange = document.querySelectorAll('[data-testid="exchange"]')[i]!;
      const answer = exchange.querySelector('[data-testid="answer"], [data-testid="not-found"]')!;
      const question = exchange.querySelector('.question')!.getBoundingClientRect();
      const box = answer.getBoundingClientRect();
      const composer = document.querySelector('.composer')!.getBoundingClientRect();
      const focused = document.activeElement;
      return {
        questionTop: question.top,
        answerTop: box.top,
        answerBottom: box.bottom,
        visibleBottom: Math.min(window.innerHeight, composer.top),
        scrollY: window.scrollY,
        focusedLabel:
          focused && focused.id
            ? (document.querySelector(`label[for="${CSS.escape(focused.id)}"]`)?.textContent ??
              null)
            : null,
      };
    }, index);

  async function expectInView(index: number, label: string): Promise<void> {
    const where = await placement(index);
    placements[label] = where;
    expect({ label, ...where }).toMatchObject({
      label,
      questionTop: expect.any(Number),
      focusedLabel: 'Follow-up question',
    });
    // The question and the whole answer are on screen, not under the pinned composer.
    expect(where.questionTop).toBeGreaterThanOrEqual(0);
    expect(where.answerTop).toBeGreaterThan(where.questionTop);
    expect(where.answerBottom).toBeLessThanOrEqual(where.visibleBottom);
  }

  /** Asks from the composer with Enter and waits for the exchange `index` to arrive. */
  async function ask(question: string, index: number): Promise<void> {
    const box = page.getByLabel(index === 0 ? 'Question' : 'Follow-up question', { exact: true });
    await box.fill(question);
    await box.press('Enter');
    await exchanges().nth(index).waitFor();
    // The layout effect has scrolled and focused by the time the exchange is drawn; let a frame pass.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }

  it('signs up and ingests the space through the form', async () => {
    await page.goto(url);
    await heading('Log in').waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await heading('Connections').waitFor();

    for (const [collection, space] of [
      ['eng', 'ENG'],
      ['handbook', 'KB'],
    ] as const) {
      await openNav('Ingestions');
      await page.getByLabel('Namespace').fill('acme');
      await page.getByLabel('Source').selectOption('WIKI');
      await page.getByLabel('Collection').fill(collection);
      await page.getByLabel('Site URL').fill(wiki.url);
      await page.getByRole('textbox', { name: 'Space key' }).fill(space);
      await page.getByLabel('Username (optional)').fill(BOT.username);
      await page.getByLabel('Token (optional)').fill(BOT.password);
      await page.getByRole('button', { name: 'Start ingestion' }).click();
      await page.getByText(`Ingestion into ${collection} started:`).waitFor();
    }
    for (const collection of ['eng', 'handbook']) {
      const title = page.getByRole('heading', { name: new RegExp(`^${collection} ·`) });
      const status = page
        .getByTestId('ingestion')
        .filter({ has: title })
        .first()
        .getByTestId('ingestion-status');
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
  });

  it("picks the collection from the namespace's collections, and draws no field invalid before a submit", async () => {
    await openNav('Ask');
    // The namespace last used (on the Ingestions page) is remembered.
    expect(await page.getByLabel('Namespace').inputValue()).toBe('acme');
    const collection = page.getByLabel('Collection');
    await collection.locator('option', { hasText: 'handbook' }).waitFor({ state: 'attached' });
    expect(await collection.evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await collection.locator('option').allTextContents()).toEqual([
      `eng (${PAGES.length} documents)`,
      'handbook (3 documents)',
    ]);
    await collection.selectOption('eng');

    // The document picker suggests the collection's documents.
    await page.getByText('Options', { exact: true }).click();
    const documents = page.getByTestId('document-options').locator('option');
    await documents.first().waitFor({ state: 'attached' });
    expect(
      (await documents.evaluateAll((os) => os.map((o) => o.getAttribute('value')))).sort(),
    ).toEqual(PAGES.map((p) => p.title).sort());
    await page.getByLabel('Only this document (optional)').fill('Hero');
    await shot('ask-1280-00-options');
    await page.getByLabel('Only this document (optional)').fill('');
    await page.getByText('Options', { exact: true }).click();

    // Clearing a field and leaving it, before any submit: no red border anywhere.
    const box = page.getByLabel('Question', { exact: true });
    await box.fill('x');
    await box.fill('');
    await page.getByLabel('Namespace').focus();
    expect(await page.locator('[aria-invalid="true"], :user-invalid').count()).toBe(0);
  });

  for (const viewport of VIEWPORTS) {
    const name = (step: string) => `ask-${viewport.name}-${step}`;

    it(`keeps each answer in view at ${viewport.width}×${viewport.height}: ask, follow up, near miss`, async () => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openNav('Ask');
      await page.getByLabel('Collection').selectOption('eng');
      const asksBefore = asks.length;

      // A question whose answer quotes the Skylark page, after the page's emoji.
      await ask('Which TCP port does Skylark listen on by default?', 0);
      await expectInView(0, name('answer'));
      await shot(name('01-answer'));
      const first = exchanges().nth(0);
      const answer = first.getByTestId('answer');
      const answerText = (await answer.textContent()) ?? '';
      expect(answerText).toContain('7443');
      // A quote of its page, attributed before it is read, the short answer in bold.
      expect(await first.locator('figure.answer figcaption').textContent()).toBe(
        'Quoted from Skylark, page 1',
      );
      expect(await answer.locator('strong').allTextContents()).toEqual(['7443']);
      // The quoted sentence is highlighted inside its passage (code points: the emoji before it).
      const cited = first.getByTestId('cited');
      expect(await cited.locator('mark').allTextContents()).toEqual([answerText]);
      expect(await cited.getByTestId('cited-excerpt').textContent()).toContain('🚀 Skylark is');
      const link = cited.getByRole('link', { name: 'Skylark' });
      expect(await link.getAttribute('href')).toMatch(/^https?:\/\/.+801/);
      // Other passages, if any, are folded away.
      const others = first.getByTestId('other-passages');
      if ((await others.count()) > 0) {
        expect(await others.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
        await others.locator('summary').click();
        await shot(name('01b-other-passages'));
        await others.locator('summary').click();
      }
      // The empty follow-up box has the focus and is not drawn invalid.
      const followUp = page.getByLabel('Follow-up question');
      expect(
        await followUp.evaluate((el) => el.matches(':user-invalid, [aria-invalid="true"]')),
      ).toBe(false);

      // New conversation, then a question and a follow-up that must resolve to the same tool.
      await page.getByRole('button', { name: 'New conversation' }).click();
      await ask('Which tool do we use for canary releases?', 0);
      await expectInView(0, name('canary'));
      expect(await exchanges().nth(0).getByTestId('answer').textContent()).toContain('Heron');
      // Typing the follow-up does not scroll the answer away either.
      const scrolled = (await placement(0)).scrollY;
      await page.keyboard.type('Which TCP port does it listen on by default?');
      expect((await placement(0)).scrollY).toBe(scrolled);
      await page.keyboard.press('Enter');
      await exchanges().nth(1).waitFor();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await expectInView(1, name('follow-up'));
      await shot(name('02-follow-up'));
      const followed = (await exchanges().nth(1).getByTestId('answer').textContent()) ?? '';
      expect(followed).toContain('9120');
      expect(followed).not.toContain('7443');
      expect(asks.at(-1)).toMatchObject({
        namespace_name: 'acme',
        collection_name: 'eng',
        question: 'Which TCP port does it listen on by default?',
        history_messages: [
          [
            'Which tool do we use for canary releases?',
            await exchanges().nth(0).getByTestId('answer').textContent(),
          ],
        ],
      });

      // A near miss: the space never says which port billing listens on.
      await ask('Which port does billing listen on?', 2);
      await expectInView(2, name('near-miss'));
      await shot(name('03-near-miss'));
      const miss = exchanges().nth(2);
      expect(await miss.getByTestId('not-found').textContent()).toMatch(/^Not found\./);
      expect(
        await miss
          .locator('[data-testid="answer"], [data-testid="cited"], details, mark, a')
          .count(),
      ).toBe(0);
      expect(asks.length - asksBefore).toBe(4);

      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(ARTIFACTS_DIR, `${name('04-whole-page')}.png`),
        fullPage: true,
      });
      await page.getByRole('button', { name: 'New conversation' }).click();
    });
  }

  it('shows a long passage shortened around the quoted sentence, whole on demand', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await ask('Which conference line is the incident bridge opened on?', 0);
    await expectInView(0, 'ask-390-long-passage');
    const cited = exchanges().nth(0).getByTestId('cited');
    const excerpt = cited.getByTestId('cited-excerpt');
    const answer = (await exchanges().nth(0).getByTestId('answer').textContent()) ?? '';
    expect(answer).toContain('Zephyr');
    expect(await excerpt.locator('mark').allTextContents()).toEqual([answer]);
    const shortened = (await excerpt.textContent()) ?? '';
    expect(shortened).toMatch(/^… .+ …$/);
    await shot('ask-390-05-long-passage');
    const toggle = cited.getByRole('button', { name: 'Show the whole passage' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const whole = (await excerpt.textContent()) ?? '';
    expect(whole).not.toMatch(/^…/);
    expect(whole.length).toBeGreaterThan(shortened.length);
    expect(await excerpt.locator('mark').allTextContents()).toEqual([answer]);
    // The quoted sentence stays in view, clear of the composer, as the text grows around it.
    const mark = await excerpt.locator('mark').evaluate((el) => {
      const box = el.getBoundingClientRect();
      const composer = document.querySelector('.composer')!.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, visibleBottom: composer.top };
    });
    expect(mark.top).toBeGreaterThanOrEqual(0);
    expect(mark.bottom).toBeLessThanOrEqual(mark.visibleBottom);
    await shot('ask-390-06-long-passage-whole');
  });

  it('raised no script or Content Security Policy error', () => {
    expect(browser.errors.filter((e) => /Content Security Policy|page:/.test(e))).toEqual([]);
  });
});
