import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, type Fetch } from '../src/api/api-client';
import { CollectionsPage } from '../src/pages/collections-page';
import { SessionContext, type SessionState } from '../src/session/session';
import './act-environment';

const doc = (name: string) => ({
  doc_name: name,
  source_type: 'PAGES',
  source_id: name,
  source_url: null,
  page_count: 1,
  chunk_count: 1,
  updated_at: '2026-11-21T10:00:00Z',
});

async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('CollectionsPage', () => {
  let container: HTMLDivElement;
  let root: Root;
  const requests: Array<{ path: string; body: Record<string, unknown> }> = [];

  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('docent.namespace', 'acme');
    requests.length = 0;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  /** Two pages of documents behind one cursor; the collection list of the namespace. */
  const fetchImpl: Fetch = (path, init) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    requests.push({ path, body });
    const answer =
      path === '/collections/list'
        ? {
            collections: [
              {
                collection_name: 'notion',
                document_count: 3,
                chunk_count: 3,
                created_at: '2026-11-21T10:00:00Z',
                updated_at: '2026-11-21T10:00:00Z',
              },
            ],
            next_cursor: null,
          }
        : body.cursor === 'c2'
          ? { documents: [doc('Third')], next_cursor: null }
          : { documents: [doc('First'), doc('Second')], next_cursor: 'c2' };
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
  };

  const button = (name: string): HTMLButtonElement | undefined =>
    [...container.querySelectorAll('button')].find((b) => b.textContent === name);

  const rowHeaders = (): string[] =>
    [...container.querySelectorAll('section section th[scope="row"]')].map(
      (th) => th.textContent ?? '',
    );

  it('pages through the documents of the collection picked, with the cursor of the last page', async () => {
    const session: SessionState = {
      api: new ApiClient(fetchImpl),
      account: { email: 'ada@example.com', created_at: '2026-11-21T10:00:00Z' },
      logOut: () => Promise.resolve(),
    };
    await act(async () => {
      root.render(
        <SessionContext.Provider value={session}>
          <CollectionsPage />
        </SessionContext.Provider>,
      );
    });
    await settle();
    expect(requests[0]).toEqual({
      path: '/collections/list',
      body: { namespace_name: 'acme', limit: 1000 },
    });

    act(() => button('notion')!.click());
    await settle();
    expect(rowHeaders()).toEqual(['First', 'Second']);
    expect(requests.at(-1)?.body).toEqual({
      namespace_name: 'acme',
      collection_name: 'notion',
      limit: 100,
    });

    act(() => button('Load more')!.click());
    await settle();
    expect(requests.at(-1)?.body).toEqual({
      namespace_name: 'acme',
      collection_name: 'notion',
      limit: 100,
      cursor: 'c2',
    });
    expect(rowHeaders()).toEqual(['First', 'Second', 'Third']);
    // The last page had no next cursor: nothing more to load.
    expect(button('Load more')).toBeUndefined();
  });
});
