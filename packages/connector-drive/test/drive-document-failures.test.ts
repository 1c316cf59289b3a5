import nock from 'nock';
import { withNockOnly } from '@docent/connector-sdk/testing';
import { DocumentRequestError, MAX_CHECKPOINT_CHARS, SourceError } from '@docent/connector-sdk';
import { boundedCheckpoint, decodeCheckpoint, type CrawlState } from '../src/crawl-state';
import { collect, documents, failures, openDriveSession, rejection } from './drive-harness';

const API = 'https://www.googleapis.com';
const TOKEN = 'ya29.secret-access-token';
const FOLDER = 'application/vnd.google-apps.folder';
const SHORTCUT = 'application/vnd.google-apps.shortcut';
const GDOC = 'application/vnd.google-apps.document';

function item(id: string, name: string, mimeType: string, extra: Record<string, unknown> = {}) {
  return { id, name, mimeType, parents: ['F'], modifiedTime: '2024-05-01T10:00:00.000Z', ...extra };
}

const backendError = {
  error: { code: 500, message: 'Backend Error', errors: [{ reason: 'backendError' }] },
};

/** Lists folder F holding `files`, so that fetch finds them without a files.get. */
async function listed(files: unknown[], retry = { maxAttempts: 2 }) {
  nock(API)
    .get('/drive/v3/files')
    .query((q) => String(q.q).startsWith('name ='))
    .reply(200, { files: [item('F', 'F', FOLDER)] })
    .get('/drive/v3/files')
    .query((q) => String(q.q) === "'F' in parents and trashed = false")
    .reply(200, { files });
  const harness = await openDriveSession({ token: TOKEN, folder_name: 'F' }, { retry });
  const items = await collect(harness.session.discover(null));
  return { ...harness, items, refs: documents(items) };
}

withNockOnly(nock);

describe('a file that keeps failing fails alone', () => {
  it('turns a download still answering 500 after retries into that file’s failure', async () => {
    const { session, refs, sleeps } = await listed([item('p1', 'Budget.pdf', 'application/pdf')]);
    nock(API).get('/drive/v3/files/p1').query(true).times(2).reply(500, backendError);
    const error = await rejection(session.fetch(refs[0]!));
    expect(error).toBeInstanceOf(DocumentRequestError);
    expect(error).toMatchObject({ code: 'source_unreachable', status: 500 });
    expect(error.message).toBe(
      'Google Drive at www.googleapis.com answered HTTP 500 backendError: Backend Error after retries',
    );
    expect(sleeps).toHaveLength(1);
  });

  it('gives an export still answering 503 a second round, then fails the file alone', async () => {
    const { session, refs, sleeps } = await listed([item('d1', 'Plan', GDOC)], {
      maxAttempts: 4,
    });
    nock(API).get('/drive/v3/files/d1/export').query(true).times(7).reply(503, backendError);
    const error = await rejection(session.fetch(refs[0]!));
    expect(error).toBeInstanceOf(DocumentRequestError);
    // 3 attempts, then 4 with the full budget.
    expect(sleeps).toHaveLength(2 + 3);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('fails a file it had to look up alone when the lookup keeps answering 500', async () => {
    nock(API).get('/drive/v3/files/x9').query(true).times(2).reply(500, backendError);
    const { session } = await openDriveSession({ token: TOKEN }, { retry: { maxAttempts: 2 } });
    const error = await rejection(session.fetch({ sourceId: 'x9', version: 'v', title: 'x9.pdf' }));
    expect(error).toBeInstanceOf(DocumentRequestError);
  });

  it('reports a shortcut to a file that keeps failing under the file’s id, and goes on', async () => {
    const shortcut = item('s1', 'Link to plan', SHORTCUT, {
      shortcutDetails: { targetId: 't1', targetMimeType: GDOC },
    });
    nock(API).get('/drive/v3/files/t1').query(true).times(2).reply(500, backendError);
    const { items } = await listed([shortcut, item('p2', 'Two.md', 'text/markdown')]);
    expect(failures(items)).toEqual([
      {
        type: 'failure',
        sourceId: 't1',
        title: 'Link to plan',
        message: expect.stringContaining('HTTP 500 backendError'),
      },
    ]);
    expect(documents(items).map((ref) => ref.sourceId)).toEqual(['p2']);
  });

  it('fails the listing when a shortcut to a folder cannot be read: its files are unknown', async () => {
    const shortcut = item('s1', 'Link to archive', SHORTCUT, {
      shortcutDetails: { targetId: 'A', targetMimeType: FOLDER },
    });
    nock(API).get('/drive/v3/files/A').query(true).times(2).reply(500, backendError);
    const error = await rejection(listed([shortcut]));
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ code: 'source_unreachable' });
  });
});

describe('bounded checkpoints', () => {
  const SOURCE = 'drive:https://www.googleapis.com#all';
  const ids = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(28, '0')}`);

  it('drop the folders seen past 64 KiB, keeping the queue, and resume without re-queueing', () => {
    const state: CrawlState = {
      queue: ids(3, 'q').map((folderId) => ({ kind: 'children', folderId })),
      seenFolders: ids(3_000, 's'),
      foldersFound: 0,
    };
    const checkpoint = boundedCheckpoint(SOURCE, state)!;
    expect(checkpoint.length).toBeLessThanOrEqual(MAX_CHECKPOINT_CHARS);
    expect(decodeCheckpoint(checkpoint, SOURCE)).toEqual({ ...state, seenFolders: [] });
    const small = { ...state, seenFolders: ids(10, 's') };
    expect(decodeCheckpoint(boundedCheckpoint(SOURCE, small)!, SOURCE)).toEqual(small);
  });

  it('are skipped while the queue alone exceeds the cap', () => {
    const queue = ids(3_000, 'q').map((folderId) => ({ kind: 'children' as const, folderId }));
    expect(boundedCheckpoint(SOURCE, { queue, seenFolders: [], foldersFound: 0 })).toBeUndefined();
  });
});
