import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AskPage } from '../src/pages/ask-page';
import { CollectionsPage } from '../src/pages/collections-page';
import { IngestionsPage } from '../src/pages/ingestions-page';
import { CONNECTORS } from './connector-fixtures';
import { PageHarness, fakeApi } from './page-harness';

/** A new account: its default namespace does not exist until the first ingestion. */
const noNamespace = () => ({
  status: 404,
  body: { code: 'not_found', detail: 'Namespace default does not exist.' },
});

describe('empty states of a new account', () => {
  let harness: PageHarness;

  beforeEach(() => {
    window.localStorage.clear();
    harness = new PageHarness();
  });

  afterEach(() => harness.unmount());

  const alerts = () => harness.container.querySelectorAll('[role="alert"]');
  const emptyState = () =>
    harness.container.querySelector('[data-testid="empty-state"]')?.textContent ?? '';

  it('Ingestions: nothing yet and how to start, no error', async () => {
    const { api } = fakeApi({
      '/docs/list_ingestions': noNamespace,
      '/connections/list': () => ({ status: 200, body: { connections: [] } }),
      '/connectors': () => ({ status: 200, body: { connectors: CONNECTORS } }),
    });
    await harness.renderSignedIn(api, <IngestionsPage />);
    expect(alerts()).toHaveLength(0);
    expect(emptyState()).toMatch(/^No ingestions in default yet\. Start one with the form above/);
  });

  it('Collections: nothing yet and how to start, no error', async () => {
    const { api } = fakeApi({ '/collections/list': noNamespace });
    await harness.renderSignedIn(api, <CollectionsPage />);
    expect(alerts()).toHaveLength(0);
    expect(emptyState()).toMatch(/^No collections in default yet\..*start an ingestion/);
  });

  it('Ask: nothing to ask yet and how to start, no error', async () => {
    const { api } = fakeApi({ '/collections/list': noNamespace });
    await harness.renderSignedIn(api, <AskPage />);
    expect(alerts()).toHaveLength(0);
    expect(emptyState()).toMatch(/^Nothing to ask in default yet: .*Start an ingestion\.$/);
  });
});
