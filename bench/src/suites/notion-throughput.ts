import { setTimeout as delay } from 'node:timers/promises';
import { PagesConnector, pagesConnector, type PagesSpec } from '@docent/connector-pages';
import {
  createSourceHttpClient,
  type ConnectorContext,
  type DiscoveryItem,
} from '@docent/connector-sdk';
import {
  buildNotionWorkspace,
  startFakeNotion,
  type FakeNotionRateLimit,
} from '@docent/source-fakes';
import type { BenchRow } from '../support/report';
import { round } from '../support/stats';

/**
 * Notion's documented average, with smaller bursts than the connector's (4): its first burst
 * meets 429s.
 */
const FAKE_RATE_LIMIT: FakeNotionRateLimit = { requestsPerSecond: 3, burst: 2 };
/**
 * `pagesConnector` keeps one bucket per token for the whole process: between runs it is given
 * time to refill (burst 4 at 3/s) and for any 429 pause to end, so each run starts as a fresh
 * process would.
 */
const SETTLE_MS = 3_000;

interface NotionRunSetup {
  label: string;
  latencyMs: number;
  connector: PagesConnector;
}

const RUNS: NotionRunSetup[] = [
  { label: 'real time, local fake', latencyMs: 0, connector: pagesConnector },
  { label: 'real time, fake answering after 250 ms', latencyMs: 250, connector: pagesConnector },
  { label: 'real time, fake answering after 500 ms', latencyMs: 500, connector: pagesConnector },
  {
    label: 'same, one request and one page at a time',
    latencyMs: 500,
    connector: new PagesConnector({ concurrency: 1, pagesInFlight: 1 }),
  },
];

interface NotionRunResult {
  label: string;
  latencyMs: number;
  pages: number;
  seconds: number;
  answered: number;
  throttled: number;
  pagesPerSecond: number;
  requestsPerPage: number;
}

/**
 * The PAGES connector's figures (packages/connector-pages/README.md): the real connector and SDK
 * HTTP client, in real time, crawling `buildNotionWorkspace()` from its root on the fake Notion
 * with the fake's rate limit on.
 */
export async function notionThroughput(): Promise<{
  rows: BenchRow[];
  details: Record<string, unknown>;
}> {
  const results: NotionRunResult[] = [];
  for (const [index, setup] of RUNS.entries()) {
    if (index > 0) await delay(SETTLE_MS);
    results.push(await crawlOnce(setup));
  }
  const rows = results.flatMap((result): BenchRow[] => [
    {
      metric: `${result.label}: throughput`,
      value: round(result.pagesPerSecond, 2),
      unit: 'pages/s',
      note: `${result.pages} pages in ${round(result.seconds, 2)} s`,
    },
    {
      metric: `${result.label}: requests per page`,
      value: round(result.requestsPerPage, 2),
      unit: 'requests',
      note: `${result.answered} answered`,
    },
    { metric: `${result.label}: 429s`, value: result.throttled, unit: 'answers' },
  ]);
  return { rows, details: { fakeRateLimit: FAKE_RATE_LIMIT, runs: results } };
}

async function crawlOnce(setup: NotionRunSetup): Promise<NotionRunResult> {
  const workspace = buildNotionWorkspace();
  const fake = await startFakeNotion({
    ...workspace.options,
    latencyMs: setup.latencyMs,
    rateLimit: FAKE_RATE_LIMIT,
  });
  try {
    const validation = setup.connector.validateSpec({
      token: workspace.token,
      page_ids: [workspace.ids.root],
    });
    if (!validation.ok) throw new Error(`invalid spec: ${JSON.stringify(validation.errors)}`);
    const context: ConnectorContext<PagesSpec> = {
      spec: validation.spec,
      credentials: { mode: 'bearer', token: workspace.token },
      http: createSourceHttpClient({ allowPrivateNetwork: true }),
      signal: new AbortController().signal,
      log: { debug: () => undefined, info: () => undefined, warn: () => undefined },
      endpoints: { pagesApiUrl: fake.url },
    };
    const session = await setup.connector.open(context);
    const startedAt = performance.now();
    const items = await collectItems(session.discover(null));
    const seconds = (performance.now() - startedAt) / 1000;
    await session.close?.();

    const pages = items.filter((item) => item.type === 'document').length;
    const failed = items.filter((item) => item.type === 'failure').length;
    // A crawl that missed pages would flatter the figures.
    if (failed > 0 || pages !== workspace.expectedTitles.length) {
      throw new Error(
        `${setup.label}: read ${pages} of ${workspace.expectedTitles.length} pages, ` +
          `${failed} failures`,
      );
    }
    const answered = fake.requests.filter((request) => request.status === 200).length;
    return {
      label: setup.label,
      latencyMs: setup.latencyMs,
      pages,
      seconds,
      answered,
      throttled: fake.requests.filter((request) => request.status === 429).length,
      pagesPerSecond: pages / seconds,
      requestsPerPage: answered / pages,
    };
  } finally {
    await fake.close();
  }
}

async function collectItems(items: AsyncIterable<DiscoveryItem>): Promise<DiscoveryItem[]> {
  const collected: DiscoveryItem[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}
