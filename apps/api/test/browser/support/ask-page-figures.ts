/// <reference lib="dom" />
import type { CDPSession, Page } from 'playwright-core';
import { loadWebUiBundle } from '../../../src/web/web-ui-bundle';

export interface BundleWeight {
  js: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
}

/**
 * JS and CSS bytes of the built UI as the api serves them, raw and gzipped (one bundle serves
 * every page, the Ask page included).
 */
export function bundleWeight(distDir: string): BundleWeight {
  const bundle = loadWebUiBundle(distDir);
  if (!bundle) throw new Error(`The web UI is not built (${distDir}).`);
  const weight: BundleWeight = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
  for (const [name, file] of bundle.assets) {
    const kind = name.endsWith('.js') ? 'js' : name.endsWith('.css') ? 'css' : null;
    if (!kind) continue;
    weight[kind].raw += file.body.length;
    // Small files go out uncompressed.
    weight[kind].gzip += (file.gzipped ?? file.body).length;
  }
  return weight;
}

export interface LoadTiming {
  /** Navigation start to `domInteractive` (HTML parsed). */
  domInteractiveMs: number;
  /** Navigation start to the Ask form rendered with its question box ready for input. */
  askReadyMs: number;
  /** Bytes over the wire for the page's JS and CSS (0 when served from the cache). */
  transferredBytes: number;
}

/**
 * Loads `#/ask` and times it: the document's own `domInteractive`, then the moment the app has
 * checked the session and mounted the Ask form (the page's `docent:ask-ready` mark).
 */
export async function timeAskPageLoad(page: Page, url: string): Promise<LoadTiming> {
  // From a blank page: going from `#/x` to `#/ask` would only change the hash, not load.
  await page.goto('about:blank');
  await page.goto(`${url}/#/ask`);
  await page.waitForFunction(() => performance.getEntriesByName('docent:ask-ready').length > 0);
  return page.evaluate(() => {
    // Marked by the Ask page when it has mounted (the session checked, the form rendered).
    const askReadyMs = performance.getEntriesByName('docent:ask-ready')[0]!.startTime;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const transferredBytes = (
      performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    )
      .filter((r) => /\.(js|css)$/.test(new URL(r.name).pathname))
      .reduce((sum, r) => sum + r.transferSize, 0);
    return { domInteractiveMs: navigation.domInteractive, askReadyMs, transferredBytes };
  });
}

export async function setCacheDisabled(cdp: CDPSession, disabled: boolean): Promise<void> {
  // The cache switch only takes effect with the Network domain on.
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: disabled });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
