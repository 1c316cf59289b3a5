import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEFAULT_WEB_DIST } from '../../../src/web/web-ui-bundle';

/** Debian's Chromium (apt-get install chromium); playwright-core downloads no browser. */
export const CHROMIUM_PATH = process.env.DOCENT_CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where screenshots and figures go (gitignored): `test-artifacts/browser/`. */
export const ARTIFACTS_DIR = resolve(__dirname, '../../../../../test-artifacts/browser');

/** The built UI the api serves. */
export const WEB_DIST = DEFAULT_WEB_DIST;

export interface Chromium {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests seen so far (a CSP violation shows up here). */
  errors: string[];
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** A fresh Chromium profile (its own `--user-data-dir`), one page, errors collected. */
export async function launchChromium(
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<Chromium> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: apt-get install chromium (or set DOCENT_CHROMIUM_PATH).`,
    );
  }
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(`The web UI is not built (${WEB_DIST}): run pnpm build first.`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'docent-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return {
    context,
    page,
    errors,
    async screenshot(name) {
      await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
