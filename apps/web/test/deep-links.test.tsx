import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '../src/api/wire-types';
import { AskPage } from '../src/pages/ask-page';
import { CollectionsPage } from '../src/pages/collections-page';
import { PageHarness, fakeApi } from './page-harness';

const collection = (name: string): Collection => ({
  collection_name: name,
  document_count: 1,
  chunk_count: 2,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
});

/** The links of an ingestion card: `#/collections?collection=…` and `#/ask?collection=…`. */
describe('links to one collection', () => {
  let harness: PageHarness;
  const { api, requests } = fakeApi({
    '/collections/list': () => ({
      status: 200,
      body: { collections: [collection('notion'), collection('wiki')] },
    }),
    '/docs/list': () => ({ status: 200, body: { documents: [], next_cursor: null } }),
  });

  beforeEach(() => {
    window.localStorage.clear();
    requests.length = 0;
    harness = new PageHarness();
  });

  afterEach(() => {
    harness.unmount();
    window.location.hash = '';
  });

  it('opens the documents of the linked collection', async () => {
    window.location.hash = '#/collections?collection=wiki';
    await harness.renderSignedIn(api, <CollectionsPage />);
    expect(harness.container.querySelector('#documents-title')?.textContent).toBe(
      'Documents in wiki',
    );
    expect(requests.find((r) => r.path === '/docs/list')?.body.collection_name).toBe('wiki');
    expect(window.location.hash).toBe('#/collections');
  });

  it('asks the linked collection, not the last one used', async () => {
    window.localStorage.setItem('docent.collection', 'notion');
    window.location.hash = '#/ask?collection=wiki';
    await harness.renderSignedIn(api, <AskPage />);
    expect(harness.container.querySelector<HTMLSelectElement>('select')?.value).toBe('wiki');
    expect(window.location.hash).toBe('#/ask');
  });
});
