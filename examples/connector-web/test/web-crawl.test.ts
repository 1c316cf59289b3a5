import {
  collectWithEnd,
  documents,
  failures,
  openTestSession,
  readBytes,
} from '@docent/connector-sdk/testing';
import { webConnector, webDescriptor } from '../src';
import { handbookPages, startFakeSite, type FakeSite } from './fake-site';

describe('WEB connector, from a start page', () => {
  let site: FakeSite | undefined;
  afterEach(() => site?.close());

  const list = async (spec: Record<string, unknown>) => {
    const { session } = await openTestSession(webConnector, spec);
    await session.check();
    return (await collectWithEnd(session.discover(null))).items;
  };

  it('follows same-site links breadth-first, hands each page over as served, and versions pages by ETag or hash', async () => {
    site = await startFakeSite({
      pages: {
        '/': {
          title: 'Home',
          body: `<nav><a href="/a">A</a></nav><h1>Welcome</h1><p>Start &amp; read.</p>
            <a href="/b#part">B</a> <a href="https://elsewhere.test/x">away</a>
            <a href="mailto:x@y.test">mail</a> <a href="/logo.png">logo</a>`,
        },
        '/a': { title: 'A', body: '<h2>Alpha</h2><p>First.</p>', etag: '"a1"' },
        '/b': {
          title: 'B',
          body: '<h2>Beta</h2><ul><li>one</li><li>two</li></ul><a href="/">home</a>',
        },
      },
    });
    const items = await list({ url: `${site.url}/` });
    const refs = documents(items);
    expect(refs.map((r) => r.sourceId)).toEqual([`${site.url}/`, `${site.url}/a`, `${site.url}/b`]);
    expect(refs.map((r) => r.title)).toEqual(['Home', 'A', 'B']);
    expect(refs[1]!.version).toBe('etag:"a1"');
    expect(refs[0]!.version).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The page goes to the service's HTML parser as it was served.
    expect(refs[0]!.content).toMatchObject({
      kind: 'file',
      mediaType: 'text/html; charset=utf-8',
    });
    const served = (await readBytes(refs[0]!.content!)).toString('utf8');
    expect(served).toContain('<h1>Welcome</h1><p>Start &amp; read.</p>');
    expect((await readBytes(refs[2]!.content!)).toString('utf8')).toContain(
      '<h2>Beta</h2><ul><li>one</li>',
    );
    // Off-site, mail and image links were never requested.
    expect(site.requests.filter((p) => p !== '/robots.txt')).toEqual(['/', '/', '/a', '/b']);
  });

  it('honours robots.txt (the docent group over *), noindex and nofollow', async () => {
    site = await startFakeSite({
      robots:
        'User-agent: *\nDisallow: /\n\nUser-agent: docent\nDisallow: /private\nAllow: /private/ok$\n',
      pages: {
        '/': {
          title: 'Home',
          body: '<a href="/private/x">x</a><a href="/private/ok">ok</a><a href="/hidden">h</a><a href="/dead-end">d</a>',
        },
        '/private/x': { title: 'X', body: '<p>secret</p>' },
        '/private/ok': { title: 'OK', body: '<p>allowed</p>' },
        '/hidden': {
          title: 'Hidden',
          body: '<meta name="robots" content="noindex"><p>not indexed</p><a href="/after-hidden">n</a>',
        },
        '/after-hidden': { title: 'After', body: '<p>reached through a noindex page</p>' },
        '/dead-end': {
          title: 'Dead end',
          body: '<meta name="robots" content="nofollow"><a href="/never">never</a>',
        },
        '/never': { title: 'Never', body: '<p>never</p>' },
      },
    });
    const ids = documents(await list({ url: `${site.url}/` })).map(
      (r) => new URL(r.sourceId).pathname,
    );
    expect(ids).toEqual(['/', '/private/ok', '/dead-end', '/after-hidden']);
    expect(site.requests).not.toContain('/private/x');
    expect(site.requests).not.toContain('/never');
  });

  it('stops at max_pages, and reports a page that fails without stopping', async () => {
    site = await startFakeSite({ pages: handbookPages(8) });
    site.setStatus('/guide/2', 404);
    const items = await list({ url: `${site.url}/`, max_pages: 5 });
    expect(documents(items).map((r) => new URL(r.sourceId).pathname)).toEqual([
      '/',
      '/guide/1',
      '/guide/3',
      '/guide/4',
    ]);
    expect(failures(items)).toEqual([
      {
        type: 'failure',
        sourceId: `${site.url}/guide/2`,
        message: expect.stringMatching(/no longer exists/),
      },
    ]);
  });

  it('refuses a start page robots.txt forbids, and a 5xx robots.txt stops everything', async () => {
    site = await startFakeSite({ robots: 'User-agent: *\nDisallow: /\n', pages: handbookPages(1) });
    const { session } = await openTestSession(webConnector, { url: `${site.url}/` });
    await expect(session.check()).rejects.toMatchObject({
      code: 'source_not_found',
      message: expect.stringMatching(/robots\.txt .* does not allow reading/),
    });
    await site.close();
    site = await startFakeSite({ pages: handbookPages(1) });
    site.setStatus('/robots.txt', 503);
    const { session: down } = await openTestSession(webConnector, { url: `${site.url}/` });
    expect(documents(await collectWithEnd(down.discover(null)).then((r) => r.items))).toEqual([]);
  });

  it('from a sitemap, asks conditionally for what was indexed, and skips a 304 page unread', async () => {
    site = await startFakeSite({
      pages: {
        '/a': { title: 'A', body: '<p>alpha</p>', etag: '"a2"' },
        '/b': { title: 'B', body: '<p>beta</p>', lastModified: 'Tue, 03 Nov 2026 10:00:00 GMT' },
        '/c': { title: 'C', body: '<p>gamma</p>', etag: '"c1"' },
      },
      sitemap: ['/a', '/b', '/c'],
    });
    const indexedVersions = {
      [`${site.url}/a`]: 'etag:"a1"',
      [`${site.url}/b`]: 'modified:Tue, 03 Nov 2026 10:00:00 GMT',
      [`${site.url}/c`]: 'etag:"c1"',
    };
    const { session } = await openTestSession(
      webConnector,
      { url: `${site.url}/sitemap.xml` },
      {
        indexedVersions,
      },
    );
    const refs = documents((await collectWithEnd(session.discover(null))).items);
    expect(
      refs.map((r) => [new URL(r.sourceId).pathname, r.version, r.content !== undefined]),
    ).toEqual([
      ['/a', 'etag:"a2"', true],
      ['/b', 'modified:Tue, 03 Nov 2026 10:00:00 GMT', false],
      ['/c', 'etag:"c1"', false],
    ]);
    // Unchanged pages cost a 304, not a body; fetch (the service's, if ever) is unconditional.
    expect((await session.fetch(refs[2]!)).kind).toBe('file');
  });

  it('validates its spec: URL, page cap; the token is the secret field', () => {
    expect(webConnector.validateSpec({ url: ' https://docs.example.com/guide#intro ' })).toEqual({
      ok: true,
      spec: { url: 'https://docs.example.com/guide', max_pages: 500 },
    });
    expect(webConnector.validateSpec({ url: 'ftp://x', max_pages: 0 })).toEqual({
      ok: false,
      errors: [
        { field: 'spec.url', message: 'use http or https' },
        { field: 'spec.max_pages', message: 'must be an integer from 1 to 10000' },
      ],
    });
    expect(webConnector.sourceKey({ url: 'https://d.test/', max_pages: 5, token: 't' })).toBe(
      'web:https://d.test/',
    );
    expect(webDescriptor.secretFields).toEqual(['token']);
  });
});
