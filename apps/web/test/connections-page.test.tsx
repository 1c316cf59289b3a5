import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Connection } from '../src/api/wire-types';
import { ConnectionsPage } from '../src/pages/connections-page';
import { FEED, WIKI_LIKE, connector } from './card-fixtures';
import { PageHarness, fakeApi } from './page-harness';

const ok = (body: unknown) => () => ({ status: 200, body });

describe('ConnectionsPage', () => {
  let harness: PageHarness;

  beforeEach(() => {
    harness = new PageHarness();
  });

  afterEach(() => {
    harness.unmount();
    window.location.hash = '';
  });

  const DRIVE_LIKE = connector({ type: 'FILES', title: 'Google Drive', oauth_configured: false });
  const connection: Connection = {
    type: WIKI_LIKE.type,
    connected_at: '2026-11-20T10:00:00.000Z',
    expires_at: '2026-11-20T11:00:00.000Z',
    account_label: 'ada.lovelace@analytical-engines.example.com',
    sites: [],
  };

  async function show(connections: Connection[] = [connection]) {
    const { api } = fakeApi({
      '/connectors': ok({ connectors: [WIKI_LIKE, FEED, DRIVE_LIKE] }),
      '/connections/list': ok({ connections }),
    });
    await harness.renderSignedIn(api, <ConnectionsPage />);
  }

  const cards = () => [...harness.container.querySelectorAll('li.connection-card')];
  const buttons = (card: Element) => [...card.querySelectorAll('button')].map((b) => b.textContent);

  it('has a card for each connector that can connect, named as the connector names itself', async () => {
    await show();
    // FEED takes only a token: nothing to connect.
    expect(cards().map((c) => c.querySelector('h2')?.textContent)).toEqual([
      'Confluence (KB_SITE)',
      'Google Drive (FILES)',
    ]);
    const [wiki, drive] = cards();
    expect(wiki!.textContent).toContain('Connected as ada.lovelace@analytical-engines.example.com');
    expect(buttons(wiki!)).toEqual(['Reconnect Confluence', 'Disconnect Confluence']);
    // Dates are kept whole (one line) by their own element.
    expect(wiki!.querySelectorAll('.when')).toHaveLength(2);
    // Without an OAuth app there is nothing to click, and the card says what to do instead.
    expect(buttons(drive!)).toEqual([]);
    expect(drive!.textContent).toContain(
      'This deployment has no OAuth app for Google Drive: give a token in the ingestion form.',
    );
  });

  it('says which source was just connected, by its name', async () => {
    window.location.hash = '#/connections?connected=KB_SITE';
    await show();
    expect(harness.container.querySelector('[data-testid="connected-notice"]')?.textContent).toBe(
      'Confluence (KB_SITE) is connected.',
    );
    expect(window.location.hash).toBe('#/connections');
  });
});
