import nock from 'nock';
import { networkFailure, withNockOnly } from '@docent/connector-sdk/testing';
import { DocumentError, DocumentRequestError, SourceError } from '@docent/connector-sdk';
import { openWikiSession, rejection } from './connector-harness';

const SITE = 'https://acme.atlassian.net';
const spec = { url: SITE, space: 'ENG', username: 'ada@acme.com', token: 'secret-token' };
const page = (id: string) => ({ sourceId: id, version: '1', title: `Page ${id}` });

function cloudProbe() {
  nock(SITE).get('/wiki/api/v2/spaces').query({ limit: '1' }).reply(200, { results: [] });
}

withNockOnly(nock);

describe('a page fetched by id: its failures are its own', () => {
  it('fails the page alone when it keeps answering 500', async () => {
    cloudProbe();
    nock(SITE).get('/wiki/api/v2/pages/77').query(true).times(3).reply(500, { message: 'boom' });
    const { session, sleeps } = await openWikiSession(spec, { retry: { maxAttempts: 3 } });
    const error = await rejection(session.fetch(page('77')));
    // A DocumentError: the service records it as this page's failure and goes on.
    expect(error instanceof DocumentError && error instanceof DocumentRequestError).toBe(true);
    expect({ ...error, message: error.message }).toEqual({
      name: 'DocumentRequestError',
      code: 'source_unreachable',
      details: { status: 500, source: 'Confluence' },
      message: 'Confluence at acme.atlassian.net answered HTTP 500: boom after retries',
    });
    expect(sleeps).toHaveLength(2);
  });

  it('fails the page alone when it times out, but the source when the host is gone', async () => {
    cloudProbe();
    nock(SITE)
      .get('/wiki/api/v2/pages/77')
      .query(true)
      .times(2)
      .replyWithError(networkFailure('ETIMEDOUT'));
    nock(SITE)
      .get('/wiki/api/v2/pages/78')
      .query(true)
      .times(2)
      .replyWithError(networkFailure('ECONNREFUSED'));
    const { session } = await openWikiSession(spec, { retry: { maxAttempts: 2 } });
    const timeout = await rejection(session.fetch(page('77')));
    expect(timeout).toBeInstanceOf(DocumentRequestError);
    expect(timeout.message).toBe(
      'Confluence at acme.atlassian.net did not deliver "Page 77" (ETIMEDOUT) after 2 attempt(s)',
    );
    const refused = await rejection(session.fetch(page('78')));
    expect(refused).toBeInstanceOf(SourceError);
    expect(refused).toMatchObject({ code: 'source_unreachable' });
  });

  it('fails the source when a page fetch is refused for the credentials or throttled', async () => {
    cloudProbe();
    nock(SITE)
      .get('/wiki/api/v2/pages/77')
      .query(true)
      .reply(401, { message: 'Unauthorized' })
      .get('/wiki/api/v2/pages/78')
      .query(true)
      .times(2)
      .reply(429, { message: 'slow down' }, { 'retry-after': '1' });
    const { session } = await openWikiSession(spec, { retry: { maxAttempts: 2 } });
    expect(await rejection(session.fetch(page('77')))).toMatchObject({
      name: 'SourceError',
      code: 'source_auth_failed',
    });
    expect(await rejection(session.fetch(page('78')))).toMatchObject({
      name: 'SourceError',
      code: 'source_rate_limited',
    });
  });

  it('names the page in a 404 and treats an answer without a body as its own failure', async () => {
    cloudProbe();
    nock(SITE)
      .get('/wiki/api/v2/pages/77')
      .query(true)
      .reply(404, { errors: [{ status: 404, title: 'Not Found' }] })
      .get('/wiki/api/v2/pages/78')
      .query(true)
      .reply(200, { id: '78', status: 'current', title: 'x', version: { number: 1 }, body: {} });
    const { session } = await openWikiSession(spec);
    const gone = await rejection(session.fetch(page('77')));
    expect(gone).toBeInstanceOf(DocumentRequestError);
    expect(gone).toMatchObject({
      code: 'source_not_found',
      message: '"Page 77" no longer exists or is no longer shared with these credentials',
    });
    const empty = await rejection(session.fetch(page('78')));
    expect(empty).toBeInstanceOf(DocumentError);
    expect(empty.message).toBe('Confluence returned page 78 without its storage body');
  });

  it('stops with source_unreachable once 10 pages in a row failed, naming the last one', async () => {
    cloudProbe();
    nock(SITE)
      .get(/\/wiki\/api\/v2\/pages\/\d+/)
      .query(true)
      .times(10)
      .reply(503, 'down');
    const { session } = await openWikiSession(spec, { retry: { maxAttempts: 1 } });
    for (let i = 1; i <= 9; i += 1) {
      expect(await rejection(session.fetch(page(String(i))))).toBeInstanceOf(DocumentRequestError);
    }
    const stop = await rejection(session.fetch(page('10')));
    expect(stop).toBeInstanceOf(SourceError);
    expect(stop).toMatchObject({ code: 'source_unreachable' });
    expect(stop.message).toBe(
      'Confluence failed to serve 10 documents in a row, so the ingestion stopped: the source ' +
        'looks unavailable, try again later. The last, "Page 10": Confluence at ' +
        'acme.atlassian.net answered HTTP 503: down after retries',
    );
  });
});
