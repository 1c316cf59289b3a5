import nock from 'nock';
import { DocumentRequestError, SourceError } from '@docent/connector-sdk';
import { collectWithEnd, withNockOnly } from '@docent/connector-sdk/testing';
import { decodeCheckpoint, encodeCheckpoint, sourceTag } from '../src/crawl-checkpoint';
import { documents, failures, openPagesSession, rejection, SimulatedTime } from './pages-harness';

const API = 'https://notion.example.com';
const TOKEN = 'ntn_document_failures_token';
const ROOT = '11111111-2222-4333-8444-555555555555';
const CHILD = '22222222-3333-4444-8555-666666666666';
const SIBLING = '33333333-4444-4555-8666-777777777777';
const SOURCE = '44444444-5555-4666-8777-888888888888';

function page(id: string, title: string) {
  return {
    object: 'page',
    id,
    last_edited_time: '2024-05-01T10:00:00.000Z',
    in_trash: false,
    properties: { title: { id: 'title', type: 'title', title: [{ plain_text: title }] } },
  };
}

const list = (results: unknown[]) => ({
  object: 'list',
  results,
  next_cursor: null,
  has_more: false,
});
const childPage = (id: string, title: string) => ({
  object: 'block',
  id,
  type: 'child_page',
  child_page: { title },
  has_children: false,
});
const serverError = {
  object: 'error',
  status: 500,
  code: 'internal_server_error',
  message: 'oops',
};

const open = (spec: Record<string, unknown>) =>
  openPagesSession({ token: TOKEN, ...spec }, { apiUrl: API, clock: new SimulatedTime() });

withNockOnly(nock);

describe('a page Notion keeps failing to serve', () => {
  it('fails alone: its siblings are read, and the listing says it is incomplete', async () => {
    const scope = nock(API);
    scope.get(`/v1/pages/${ROOT}`).reply(200, page(ROOT, 'Home'));
    scope
      .get(`/v1/blocks/${ROOT}/children`)
      .query(true)
      .reply(200, list([childPage(CHILD, 'Broken'), childPage(SIBLING, 'Fine')]));
    scope.get(`/v1/pages/${CHILD}`).reply(200, page(CHILD, 'Broken'));
    scope.get(`/v1/blocks/${CHILD}/children`).query(true).times(8).reply(500, serverError);
    scope.get(`/v1/pages/${SIBLING}`).reply(200, page(SIBLING, 'Fine'));
    scope.get(`/v1/blocks/${SIBLING}/children`).query(true).reply(200, list([]));
    const { session } = await open({ page_ids: [ROOT] });
    const { items, end } = await collectWithEnd(session.discover(null));
    scope.done();
    expect(documents(items).map((ref) => ref.title)).toEqual(['Home', 'Fine']);
    expect(failures(items)).toEqual([
      {
        type: 'failure',
        sourceId: CHILD,
        title: 'Broken',
        message:
          'Notion at notion.example.com answered HTTP 500 internal_server_error: oops after retries',
      },
    ]);
    // Its child pages are unknown: the service must not delete any.
    expect(end).toEqual({ complete: false, reason: expect.stringContaining('not listed') });
  });

  it('fails a selected page alone, without calling the selection missing', async () => {
    nock(API).get(`/v1/pages/${ROOT}`).times(8).reply(502, 'bad gateway');
    const { session } = await open({ page_ids: [ROOT] });
    const { items, end } = await collectWithEnd(session.discover(null));
    expect(failures(items)).toEqual([
      expect.objectContaining({ sourceId: ROOT, message: expect.stringContaining('HTTP 502') }),
    ]);
    expect(end).toMatchObject({ complete: false });
  });

  it('fails the page that fetch reads, alone', async () => {
    nock(API).get(`/v1/pages/${ROOT}`).reply(200, page(ROOT, 'Home'));
    nock(API).get(`/v1/blocks/${ROOT}/children`).query(true).times(8).reply(503, serverError);
    const { session } = await open({});
    const error = await rejection(session.fetch({ sourceId: ROOT, version: 'v', title: 'Home' }));
    expect(error).toBeInstanceOf(DocumentRequestError);
    expect(error).toMatchObject({ code: 'source_unreachable', status: 503 });
  });

  it('still fails the ingestion when the listing itself fails (a database query)', async () => {
    const scope = nock(API);
    scope.get(`/v1/pages/${ROOT}`).reply(200, page(ROOT, 'Home'));
    scope
      .get(`/v1/blocks/${ROOT}/children`)
      .query(true)
      .reply(
        200,
        list([
          {
            object: 'block',
            id: CHILD,
            type: 'child_database',
            child_database: { title: 'Tasks' },
            has_children: false,
          },
        ]),
      );
    scope.get(`/v1/databases/${CHILD}`).reply(200, {
      object: 'database',
      id: CHILD,
      data_sources: [{ id: SOURCE, name: 'Tasks' }],
    });
    scope.post(`/v1/data_sources/${SOURCE}/query`).times(8).reply(500, serverError);
    const { session } = await open({ page_ids: [ROOT] });
    const error = await rejection(collectWithEnd(session.discover(null)));
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ code: 'source_unreachable' });
  });

  it('still fails the ingestion when Notion keeps throttling a page', async () => {
    nock(API).get(`/v1/pages/${ROOT}`).reply(200, page(ROOT, 'Home'));
    nock(API)
      .get(`/v1/blocks/${ROOT}/children`)
      .query(true)
      .times(20)
      .reply(429, { object: 'error', code: 'rate_limited' }, { 'retry-after': '30' });
    const { session } = await open({ page_ids: [ROOT] });
    const error = await rejection(collectWithEnd(session.discover(null)));
    expect(error).toMatchObject({ name: 'SourceError', code: 'source_rate_limited' });
  });

  it('keeps the listing incomplete across a resume: the checkpoint carries it', async () => {
    const tag = sourceTag(`notion:pages=${ROOT}`);
    const state = { frontier: [], search: { kind: 'off' as const }, anyRootFound: true };
    const checkpoint = encodeCheckpoint(tag, { ...state, partial: true })!;
    expect(decodeCheckpoint(checkpoint, tag)).toEqual({ ...state, partial: true });
    const { session } = await open({ page_ids: [ROOT] });
    expect(await collectWithEnd(session.discover(checkpoint))).toEqual({
      items: [expect.objectContaining({ type: 'checkpoint' })],
      end: { complete: false, reason: expect.any(String) },
    });
  });
});
