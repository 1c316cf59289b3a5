import { FaultBook } from '../src/shared/faults';
import {
  buildNotionWorkspace,
  GOOGLE_MIME,
  startFakeConfluence,
  startFakeDrive,
  startFakeNotion,
} from '../src';

/** The version the connector pins. */
const NOTION_VERSION_HEADER = { 'notion-version': '2025-09-03' };

describe('FaultBook', () => {
  it('lets a fault hit one document of a route, before the route-wide one', () => {
    const book = new FaultBook();
    book.set('files.get', { status: 429, times: 1 });
    book.set('files.get', { status: 500, params: { fileId: 'a' } });
    book.set('files.get', { status: 503, params: { fileId: 'b' } });
    expect(book.take('files.get', { fileId: 'a' })).toMatchObject({ status: 500 });
    expect(book.take('files.get', { fileId: 'a' })).toMatchObject({ status: 500 });
    expect(book.take('files.get', { fileId: 'b' })).toMatchObject({ status: 503 });
    expect(book.take('files.get', { fileId: 'c' })).toMatchObject({ status: 429 });
    expect(book.take('files.get', { fileId: 'c' })).toBeUndefined();
    // Set again for the same document: replaced, not added.
    book.set('files.get', { status: 502, params: { fileId: 'a' }, times: 1 });
    expect(book.take('files.get', { fileId: 'a' })).toMatchObject({ status: 502 });
    expect(book.take('files.get', { fileId: 'a' })).toBeUndefined();
  });
});

describe('faults on one document in the fakes', () => {
  it('Drive: one file always answers 500, its neighbour downloads', async () => {
    const drive = await startFakeDrive({
      accessTokens: ['t'],
      files: [
        { id: 'a', name: 'a.md', mimeType: 'text/markdown', content: 'A' },
        { id: 'b', name: 'b.md', mimeType: 'text/markdown', content: 'B' },
        { id: 'd', name: 'Doc', mimeType: GOOGLE_MIME.document, exports: { 'text/plain': 'D' } },
      ],
    });
    try {
      drive.setFault('files.download', { status: 500, params: { fileId: 'a' } });
      const get = (path: string) =>
        fetch(`${drive.url}/drive/v3/files/${path}`, { headers: { authorization: 'Bearer t' } });
      for (let i = 0; i < 3; i += 1) {
        const broken = await get('a?alt=media');
        expect(broken.status).toBe(500);
        expect(await broken.json()).toMatchObject({
          error: { errors: [{ reason: 'backendError' }] },
        });
      }
      expect(await (await get('b?alt=media')).text()).toBe('B');
      expect((await get('a')).status).toBe(200);
    } finally {
      await drive.close();
    }
  });

  it('Confluence: lists leave a page’s body out, and the page by id always answers 500', async () => {
    const wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [{ username: 'u', password: 'p' }],
      spaces: [
        {
          key: 'K',
          id: '9',
          pages: [
            { id: '1', title: 'One', body: '<p>1</p>' },
            { id: '2', title: 'Two', body: '<p>2</p>' },
          ],
        },
      ],
    });
    try {
      wiki.omitBodyFromLists('1');
      wiki.setFault('v2.page', { status: 500, params: { id: '1' } });
      const auth = { authorization: `Basic ${Buffer.from('u:p').toString('base64')}` };
      const list = (await (
        await fetch(`${wiki.url}/wiki/api/v2/spaces/9/pages?body-format=storage`, { headers: auth })
      ).json()) as { results: Array<{ id: string; body: Record<string, unknown> }> };
      expect(list.results.map((page) => [page.id, Object.keys(page.body)])).toEqual([
        ['1', []],
        ['2', ['storage']],
      ]);
      const page = (id: string) =>
        fetch(`${wiki.url}/wiki/api/v2/pages/${id}?body-format=storage`, { headers: auth });
      expect((await page('1')).status).toBe(500);
      expect((await page('2')).status).toBe(200);
    } finally {
      await wiki.close();
    }
  });

  it('Notion: one page’s blocks always answer 500, whatever form its id takes', async () => {
    const workspace = buildNotionWorkspace();
    const notion = await startFakeNotion(workspace.options);
    try {
      const { vault, laptopSetup } = workspace.ids;
      notion.setFault('blocks.children', { status: 500, params: { id: vault.replace(/-/g, '') } });
      const children = (id: string) =>
        fetch(`${notion.url}/v1/blocks/${id}/children`, {
          headers: { authorization: `Bearer ${workspace.token}`, ...NOTION_VERSION_HEADER },
        });
      const broken = await children(vault);
      expect(broken.status).toBe(500);
      expect(await broken.json()).toMatchObject({ object: 'error', code: 'internal_server_error' });
      expect((await children(laptopSetup)).status).toBe(200);
    } finally {
      await notion.close();
    }
  });
});
