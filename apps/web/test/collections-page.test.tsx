import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CollectionsPage } from '../src/pages/collections-page';
import { PageHarness, fakeApi, settle } from './page-harness';

const doc = (name: string) => ({
  doc_name: name,
  source_type: 'PAGES',
  source_id: name,
  source_url: null,
  page_count: 1,
  chunk_count: 1,
  updated_at: '2026-11-21T10:00:00Z',
});

describe('CollectionsPage', () => {
  let harness: PageHarness;

  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('docent.namespace', 'acme');
    harness = new PageHarness();
  });

  afterEach(() => harness.unmount());

  /** Two pages of documents behind one cursor; the collection list of the namespace. */
  const fake = () =>
    fakeApi({
      '/collections/list': () => ({
        status: 200,
        body: {
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
        },
      }),
      '/docs/list': (body) => ({
        status: 200,
        body:
          body.cursor === 'c2'
            ? { documents: [doc('Third')], next_cursor: null }
            : { documents: [doc('First'), doc('Second')], next_cursor: 'c2' },
      }),
    });

  const button = (name: string) => harness.button(name);

  const rowHeaders = (): string[] =>
    [...harness.container.querySelectorAll('section section th[scope="row"]')].map(
      (th) => th.textContent ?? '',
    );

  it('pages through the documents of the collection picked, with the cursor of the last page', async () => {
    const { api, requests } = fake();
    await harness.renderSignedIn(api, <CollectionsPage />);
    expect(requests[0]).toEqual({
      path: '/collections/list',
      body: { namespace_name: 'acme', limit: 1000 },
      csrfToken: null,
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
