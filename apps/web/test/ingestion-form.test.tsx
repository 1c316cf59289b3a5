import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Connection } from '../src/api/wire-types';
import { IngestionForm, type StartedIngestion } from '../src/ingestions/ingestion-form';
import { CONNECTORS } from './connector-fixtures';
import { PageHarness, fakeApi, settle, type Handler } from './page-harness';

const WIKI_CONNECTION: Connection = {
  type: 'WIKI',
  account_label: 'Acme',
  sites: [{ name: 'acme', url: 'https://acme.atlassian.net' }],
} as unknown as Connection;

describe('IngestionForm, from GET /connectors', () => {
  let harness: PageHarness;

  beforeEach(() => {
    harness = new PageHarness();
  });
  afterEach(() => harness.unmount());

  const root = () => harness.container;
  const labelText = (l: HTMLLabelElement) =>
    // The "(optional)" mark is part of the label a person reads.
    (l.textContent ?? '').replace(/\s+/g, ' ').trim();
  function field<T extends HTMLElement = HTMLInputElement>(label: string): T {
    // A label with `for` names a field; a radio's label wraps it (and may read the same).
    const labels = [...root().querySelectorAll('label')].filter((l) => labelText(l) === label);
    const found = labels.find((l) => l.htmlFor) ?? labels[0];
    if (!found) {
      const all = [...root().querySelectorAll('label')].map(labelText);
      throw new Error(`no field "${label}" among ${JSON.stringify(all)}`);
    }
    return (
      found.htmlFor
        ? root().querySelector(`#${CSS.escape(found.htmlFor)}`)
        : found.querySelector('input')
    ) as T;
  }
  function type(label: string, value: string): void {
    const input = field<HTMLInputElement | HTMLTextAreaElement>(label);
    act(() => {
      const proto = Object.getPrototypeOf(input) as object;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
  function choose(label: string, value: string): void {
    const select = field<HTMLSelectElement>(label);
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(
        select,
        value,
      );
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
  const click = (el: HTMLElement) => act(() => el.click());
  const submit = async () => {
    act(() => root().querySelector('form')!.requestSubmit());
    await settle();
  };

  let started: StartedIngestion[] = [];

  async function render(handlers: Record<string, Handler> = {}, connections: Connection[] = []) {
    started = [];
    const fake = fakeApi({
      '/connectors': () => ({ status: 200, body: { connectors: CONNECTORS } }),
      '/docs/create_ingestion': () => ({
        status: 200,
        body: { ingestion_id: 'ing_1', schedule_id: null },
      }),
      ...handlers,
    });
    await harness.renderSignedIn(
      fake.api,
      <IngestionForm
        namespace="acme"
        connections={connections}
        onStarted={(run) => started.push(run)}
      />,
    );
    return fake;
  }

  it('offers every loaded connector by its title, a made-up fourth one included', async () => {
    await render();
    const options = [...field<HTMLSelectElement>('Source').options].map((o) => [
      o.value,
      o.textContent,
    ]);
    expect(options).toEqual([
      ['WIKI', 'Confluence'],
      ['PAGES', 'Notion'],
      ['FEED', 'RSS feed'],
    ]);
  });

  it('renders a connector it has never seen from its schema and hints, and sends what the schema says', async () => {
    const { requests } = await render();
    choose('Source', 'FEED');
    expect(root().querySelector('[data-testid="spec-fields"] legend')?.textContent).toBe(
      'RSS feed',
    );
    expect(root().textContent).toContain(
      'The items of an RSS or Atom feed. Public feeds need no password.',
    );
    // Kinds from the schema: a number with its bounds, a password, a list, a box, a select.
    expect(field('Feed URL').required).toBe(false); // checked by the form, not the browser
    const days = field('Last days');
    expect([days.type, days.min, days.max]).toEqual(['number', '1', '365']);
    expect(field('Password (optional)').type).toBe('password');
    expect(field('Tags (optional)').tagName).toBe('TEXTAREA');
    expect(field('Fetch each article').type).toBe('checkbox');
    expect(
      [...field<HTMLSelectElement>('Language (optional)').options].map((o) => o.value),
    ).toEqual(['', 'en', 'de', 'fr']);
    // No OAuth: nothing about connections.
    expect(root().textContent).not.toMatch(/connect/i);

    type('Collection', 'blog');
    type('Feed URL', ' https://blog.example.com/feed.xml ');
    type('Last days', '30');
    type('Tags (optional)', 'release\n\nsecurity\n');
    click(field('Fetch each article'));
    choose('Language (optional)', 'de');
    await submit();
    expect(requests.at(-1)).toMatchObject({
      path: '/docs/create_ingestion',
      body: {
        namespace_name: 'acme',
        collection_name: 'blog',
        type: 'FEED',
        spec: {
          feed_url: 'https://blog.example.com/feed.xml',
          since_days: 30,
          tags: ['release', 'security'],
          full_text: true,
          language: 'de',
        },
      },
    });
    expect(started).toEqual([
      { ingestion_id: 'ing_1', collection_name: 'blog', schedule_id: null },
    ]);
  });

  it('refuses to send a form with a required field or the chosen one empty, saying which', async () => {
    const { requests } = await render();
    choose('Source', 'FEED');
    type('Collection', 'blog');
    await submit();
    expect(requests.filter((r) => r.path === '/docs/create_ingestion')).toHaveLength(0);
    const errors = [...root().querySelectorAll('[data-testid="field-error"]')].map(
      (e) => e.textContent,
    );
    expect(errors).toEqual(['Feed URL is required.', 'Last days is required.']);
    expect(field('Feed URL').getAttribute('aria-invalid')).toBe('true');
    expect(root().querySelector('[data-testid="form-error"]')?.textContent).toBe(
      'Some fields need attention (marked above).',
    );
    // Typing in a field clears its error, and the summary.
    type('Feed URL', 'https://blog.example.com/feed.xml');
    expect(field('Feed URL').getAttribute('aria-invalid')).toBeNull();
    expect(root().querySelector('[data-testid="form-error"]')).toBeNull();
    type('Last days', '999');
    await submit();
    expect(root().querySelector('[data-testid="field-error"]')?.textContent).toBe(
      'Last days must be at most 365.',
    );
    expect(requests.filter((r) => r.path === '/docs/create_ingestion')).toHaveLength(0);
  });

  it('renders an exactly-one-of as a choice, and sends only the chosen field', async () => {
    const { requests } = await render();
    choose('Source', 'WIKI');
    const group = root().querySelector('[data-testid="spec-choice"]')!;
    expect(group.querySelector('legend')?.textContent).toBe('Space key or CQL query');
    const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => [r.parentElement?.textContent?.trim(), r.checked])).toEqual([
      ['Space key', true],
      ['CQL query', false],
    ]);
    type('Collection', 'handbook');
    type('Site URL', 'https://acme.atlassian.net');
    type('Space key', 'ENG');
    click(radios[1]!);
    // The space field gives way to the CQL one.
    expect([...group.querySelectorAll('input:not([type="radio"])')]).toHaveLength(1);
    await submit();
    expect(root().querySelector('[data-testid="field-error"]')?.textContent).toBe(
      'CQL query is required.',
    );
    type('CQL query', 'label = "runbook"');
    type('Username (optional)', 'bot@acme.test');
    type('API token (optional)', 'secret-token');
    await submit();
    expect(requests.at(-1)?.body.spec).toEqual({
      url: 'https://acme.atlassian.net',
      cql: 'label = "runbook"',
      username: 'bot@acme.test',
      token: 'secret-token',
    });
    // The token is not kept in the page once sent.
    expect(field('API token (optional)').value).toBe('');
  });

  it("offers the OAuth connection and its sites, through the connector's auth modes", async () => {
    const { requests } = await render({}, [WIKI_CONNECTION]);
    choose('Source', 'WIKI');
    expect(root().textContent).toContain('Leave empty to use your Confluence connection (Acme).');
    const site = root().querySelector<HTMLButtonElement>(
      '[data-testid="connection-sites"] button',
    )!;
    expect(site.textContent).toBe('acme');
    click(site);
    expect(field('Site URL').value).toBe('https://acme.atlassian.net');
    // Notion: OAuth configured but not connected.
    choose('Source', 'PAGES');
    expect(root().textContent).toContain(
      'Notion is not connected: give a token, or connect it on the Connections page.',
    );
    type('Collection', 'notes');
    type('Pages (optional)', 'abc\nhttps://notion.so/x-123');
    await submit();
    expect(requests.at(-1)?.body).toMatchObject({
      type: 'PAGES',
      spec: { page_ids: ['abc', 'https://notion.so/x-123'] },
    });
  });

  it('sends a schedule from a preset, and shows the field error of a refused one', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        code: 'invalid_request',
        detail: 'The schedule is not valid.',
        errors: [{ field: 'schedule.cron', message: 'runs more than once an hour' }],
      },
    };
    const { requests } = await render({ '/docs/create_ingestion': () => answer });
    choose('Source', 'PAGES');
    type('Collection', 'notes');
    type('Integration token (optional)', 'ntn_secret');
    click(field('Re-sync on a schedule'));
    choose('Repeat', 'weekly');
    choose('On', '3');
    type('At', '04:15');
    choose('Time zone', 'Europe/Berlin');
    await submit();
    expect(requests.at(-1)?.body).toEqual({
      namespace_name: 'acme',
      collection_name: 'notes',
      type: 'PAGES',
      spec: { token: 'ntn_secret' },
      schedule: { cron: '15 4 * * 3', timezone: 'Europe/Berlin' },
    });
    expect(root().querySelector('[role="alert"]')?.textContent).toContain(
      'schedule.cron runs more than once an hour',
    );

    answer = { status: 200, body: { ingestion_id: 'ing_1', schedule_id: 'sch_1' } };
    // Custom starts from the preset's expression.
    choose('Repeat', 'custom');
    expect(field('Cron').value).toBe('15 4 * * 3');
    type('Cron', '0 9 * * 1-5');
    await submit();
    expect(requests.at(-1)?.body.schedule).toEqual({
      cron: '0 9 * * 1-5',
      timezone: 'Europe/Berlin',
    });
    expect(started).toEqual([
      { ingestion_id: 'ing_1', collection_name: 'notes', schedule_id: 'sch_1' },
    ]);
  });

  it('says why there is no form when the connectors cannot be listed', async () => {
    await render({
      '/connectors': () => ({ status: 503, body: { code: 'unavailable', detail: 'Try again.' } }),
    });
    expect(root().querySelector('[role="alert"]')?.textContent).toContain('Try again.');
  });
});
