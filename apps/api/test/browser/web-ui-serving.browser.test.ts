/// <reference lib="dom" />
import { startDocent, type InProcessDocent } from '../e2e/support/docent-server';
import type { Request, Response } from 'express';
import { ProblemError } from '../../src/http/problem';
import { loadWebUiBundle } from '../../src/web/web-ui-bundle';
import { CONTENT_SECURITY_POLICY } from '../../src/web/web-ui-headers';
import { WebUiController } from '../../src/web/web-ui.controller';
import { launchChromium, type Chromium } from './support/chromium';

jest.setTimeout(120_000);

/** The api serves the built UI at `/` with a strict CSP, and every API route still wins. */
describe('web UI serving', () => {
  let docent: InProcessDocent;
  let base: string;

  beforeAll(async () => {
    docent = await startDocent();
    base = docent.client.baseUrl;
  });

  afterAll(async () => {
    await docent?.close();
  });

  async function assetPaths(): Promise<string[]> {
    const html = await (await fetch(`${base}/`)).text();
    return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  }

  it('serves index.html at / with a strict CSP, never cached without revalidation', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    // No inline script: the CSP would block it.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('serves the hashed assets for a year, gzipped when asked, and answers 304 to a known ETag', async () => {
    const paths = await assetPaths();
    expect(paths.some((p) => p.endsWith('.js'))).toBe(true);
    expect(paths.some((p) => p.endsWith('.css'))).toBe(true);
    for (const path of paths) {
      const response = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('content-type')).toMatch(
        path.endsWith('.js') ? /^text\/javascript/ : /^text\/css/,
      );
      expect((await response.text()).length).toBeGreaterThan(100);
      const again = await fetch(`${base}${path}`, {
        headers: { 'If-None-Match': response.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    }
  });

  it('answers an unknown asset or path with a 404 problem, not with the UI', async () => {
    for (const path of ['/assets/nope.js', '/no-such-page']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });

  it('leaves the API routes as they were', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ask = await fetch(`${base}/docs/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(ask.status).toBe(401);
  });

  it('explains at / that the UI is not built when apps/web/dist is missing', () => {
    expect(loadWebUiBundle('/nonexistent/web/dist')).toBeNull();
    const controller = new WebUiController(null);
    const call = () => controller.index({} as Request, {} as Response);
    expect(call).toThrow(ProblemError);
    expect(call).toThrow(/not built.*pnpm build/);
  });

  describe('in Chromium', () => {
    let browser: Chromium;

    beforeAll(async () => {
      browser = await launchChromium({ width: 375, height: 740 });
    });

    afterAll(async () => {
      await browser?.close();
    });

    it('starts on the login page at phone width, without a CSP violation or a script error', async () => {
      const { page } = browser;
      await page.goto(`${base}/`);
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await browser.screenshot('login-375px');
      // The page fits the phone: nothing wider than the viewport.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(browser.errors.filter((e) => /Content Security Policy|page:/.test(e))).toEqual([]);
    });
  });
});
