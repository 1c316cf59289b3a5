import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePage {
  title: string;
  /** The body's HTML (inside `<body>`). */
  body: string;
  /** Served with this ETag (and answers 304 to a matching If-None-Match). */
  etag?: string;
  /** Served as Last-Modified (and answers 304 to the same If-Modified-Since, without an ETag). */
  lastModified?: string;
}

export interface FakeSiteOptions {
  pages: Record<string, FakePage>;
  robots?: string;
  /** Served at /sitemap.xml: these paths, with lastmod when given. */
  sitemap?: string[];
  /** Every request must carry `Authorization: Bearer <token>`. */
  token?: string;
}

/** A small web site over HTTP, with faults per path and a log of the paths asked for. */
export interface FakeSite {
  url: string;
  requests: string[];
  setStatus(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startFakeSite(options: FakeSiteOptions): Promise<FakeSite> {
  const requests: string[] = [];
  const statuses = new Map<string, number>();
  let base = '';
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push(path);
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      res.writeHead(401, { 'content-type': 'text/html' }).end('<h1>Unauthorized</h1>');
      return;
    }
    const status = statuses.get(path);
    if (status !== undefined) {
      res.writeHead(status, { 'content-type': 'text/html' }).end('<h1>Error</h1>');
      return;
    }
    if (path === '/robots.txt') {
      if (options.robots === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(options.robots);
      return;
    }
    if (path === '/sitemap.xml' && options.sitemap) {
      const urls = options.sitemap.map((p) => `<url><loc>${base}${p}</loc></url>`).join('');
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
        );
      return;
    }
    const page = options.pages[path];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (page.etag) headers.etag = page.etag;
    if (page.lastModified) headers['last-modified'] = page.lastModified;
    const unchanged =
      (page.etag !== undefined && req.headers['if-none-match'] === page.etag) ||
      (page.etag === undefined &&
        page.lastModified !== undefined &&
        req.headers['if-modified-since'] === page.lastModified);
    if (unchanged) {
      res.writeHead(304, headers).end();
      return;
    }
    res
      .writeHead(200, headers)
      .end(
        `<!doctype html><html><head><title>${page.title}</title></head><body>${page.body}</body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    setStatus: (path, status) => statuses.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A handbook of `count` pages linked from the home page, each with a heading and some text. */
export function handbookPages(count: number): Record<string, FakePage> {
  const pages: Record<string, FakePage> = {};
  const paths = Array.from({ length: count }, (_, i) => `/guide/${i + 1}`);
  pages['/'] = {
    title: 'Handbook',
    body: `<h1>Handbook</h1><ul>${paths.map((p, i) => `<li><a href="${p}">Chapter ${i + 1}</a></li>`).join('')}</ul>`,
  };
  paths.forEach((path, i) => {
    pages[path] = {
      title: `Chapter ${i + 1}`,
      body: `<h1>Chapter ${i + 1}</h1><p>Chapter ${i + 1} explains topic number ${i + 1} in detail.</p><p><a href="/">Home</a></p>`,
      etag: `"v1-${i + 1}"`,
    };
  });
  return pages;
}
