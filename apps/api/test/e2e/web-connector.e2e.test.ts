import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { startDocent, type InProcessDocent } from './support/docent-server';
import { waitForIngestion } from './support/wait-for';

jest.setTimeout(300_000);

/** The example connector, loaded as any third-party package: its path in DOCENT_CONNECTORS. */
const WEB_CONNECTOR = resolve(__dirname, '../../../../examples/connector-web');

const PAGES: Record<string, string> = {
  '/': `<title>Kestrel docs</title><h1>Kestrel</h1><p>Kestrel is the team's API gateway.</p>
    <ul><li><a href="/ops/restarts">Restarts</a></li><li><a href="/ops/limits">Limits</a></li>
    <li><a href="/internal/salaries">Salaries</a></li><li><a href="https://elsewhere.test/">Partner</a></li></ul>`,
  '/ops/restarts': `<title>Restarting Kestrel</title><h1>Restarting Kestrel</h1>
    <h2>Draining</h2><p>Drain the node with kestrelctl drain, then wait ninety seconds before the restart so open requests finish.</p>
    <p><a href="/">Home</a></p>`,
  '/ops/limits': `<title>Kestrel limits</title><h1>Limits</h1>
    <p>Each client may send at most 400 requests per second to the Kestrel gateway.</p>`,
  '/internal/salaries': '<title>Salaries</title><p>Not for crawlers.</p>',
};

/** A small site: robots.txt keeps crawlers out of /internal; pages carry ETags. */
async function startSite(): Promise<{
  url: string;
  server: Server;
  requests: string[];
  notModified: string[];
}> {
  const requests: string[] = [];
  const notModified: string[] = [];
  let url = '';
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    if (path === '/robots.txt') {
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /internal\n');
      return;
    }
    if (path === '/sitemap.xml') {
      const urls = ['/', '/ops/restarts', '/ops/limits'].map(
        (p) => `<url><loc>${url}${p}</loc></url>`,
      );
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<urlset>${urls.join('')}</urlset>`);
      return;
    }
    const page = PAGES[path];
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    const etag = `"${path.length}"`;
    if (req.headers['if-none-match'] === etag) {
      notModified.push(path);
      res.writeHead(304, { etag }).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html', etag })
      .end(`<!doctype html><html><body>${page}</body></html>`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, server, requests, notModified };
}

describe('WEB: a connector package from examples/, loaded by DOCENT_CONNECTORS (embedded mode)', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let docent: InProcessDocent;
  const locator = { namespace_name: 'acme', collection_name: 'kestrel' };

  beforeAll(async () => {
    site = await startSite();
    docent = await startDocent({ DOCENT_CONNECTORS: WEB_CONNECTOR });
  });
  afterAll(async () => {
    await docent?.close();
    await new Promise((done) => site?.server.close(done));
  });

  it('crawls the site, answers from it with links to its pages, and re-syncs without re-indexing', async () => {
    const ingest = async () => {
      const created = await docent.client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
        ...locator,
        type: 'WEB',
        spec: { url: `${site.url}/` },
      });
      expect(created.status).toBe(200);
      return waitForIngestion(docent.client, {
        ...locator,
        ingestion_id: created.body.ingestion_id,
      });
    };
    const first = await ingest();
    expect(first).toMatchObject({ status: 'succeeded', type: 'WEB' });
    expect(first.progress).toMatchObject({ documents_discovered: 3, documents_processed: 3 });
    expect(site.requests).not.toContain('/internal/salaries');

    const asked = await docent.client.post<{
      answer: string;
      refs: Array<{ doc_name: string; url: string | null }>;
    }>('/docs/ask', { ...locator, question: 'How long do I wait after draining a Kestrel node?' });
    expect(asked.status).toBe(200);
    expect(asked.body.answer).toMatch(/ninety seconds/);
    expect(asked.body.refs[0]).toMatchObject({
      doc_name: 'Restarting Kestrel',
      url: `${site.url}/ops/restarts`,
    });

    const second = await ingest();
    expect(second.progress).toMatchObject({ documents_processed: 0, documents_skipped: 3 });
  });

  it('from its sitemap, re-syncs with conditional requests: unchanged pages answer 304', async () => {
    const sitemap = { namespace_name: 'acme', collection_name: 'kestrel-sitemap' };
    const ingest = async () => {
      const created = await docent.client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
        ...sitemap,
        type: 'WEB',
        spec: { url: `${site.url}/sitemap.xml` },
      });
      expect(created.status).toBe(200);
      return waitForIngestion(docent.client, {
        ...sitemap,
        ingestion_id: created.body.ingestion_id,
      });
    };
    expect((await ingest()).progress).toMatchObject({ documents_processed: 3 });
    expect(site.notModified).toEqual([]);
    const again = await ingest();
    expect(again).toMatchObject({ status: 'succeeded' });
    expect(again.progress).toMatchObject({ documents_processed: 0, documents_skipped: 3 });
    expect(site.notModified.sort()).toEqual(['/', '/ops/limits', '/ops/restarts']);
  });

  it("refuses a WEB spec its schema does not allow, with the connector's field errors", async () => {
    const response = await docent.client.post('/docs/create_ingestion', {
      ...locator,
      type: 'WEB',
      spec: { url: `${site.url}/`, max_pages: 0, depth: 2 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'invalid_request',
      errors: expect.arrayContaining([
        { field: 'spec.depth', message: 'is not a known field' },
        { field: 'spec.max_pages', message: 'must be >= 1' },
      ]),
    });
  });
});
