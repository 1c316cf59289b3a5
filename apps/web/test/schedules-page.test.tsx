import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Schedule } from '../src/api/wire-types';
import { SchedulesPage } from '../src/pages/schedules-page';
import { describeSource } from '../src/schedules/schedule-source';
import { CONNECTORS, FEED, PAGES, WIKI } from './connector-fixtures';
import { PageHarness, fakeApi, settle } from './page-harness';

const connectorList = () => ({ status: 200, body: { connectors: CONNECTORS } });

const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  schedule_id: 'sch_1',
  namespace_name: 'acme',
  collection_name: 'handbook',
  type: 'WIKI',
  spec: { url: 'https://acme.atlassian.net/wiki', space: 'ENG', token: '***' },
  cron: '0 3 * * *',
  timezone: 'Europe/Berlin',
  status: 'active',
  reason: null,
  next_run_at: '2026-11-22T02:00:00.000Z',
  last_run: {
    ingestion_id: 'ing_1',
    status: 'succeeded',
    created_at: '2026-11-21T02:00:00.000Z',
    finished_at: '2026-11-21T02:00:09.000Z',
    error: null,
  },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T02:00:00.000Z',
  ...overrides,
});

describe('SchedulesPage', () => {
  let harness: PageHarness;

  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('docent.namespace', 'acme');
    harness = new PageHarness();
  });

  afterEach(() => harness.unmount());

  const text = () => harness.container.textContent ?? '';
  const alerts = () => harness.container.querySelectorAll('[role="alert"]');

  it('shows each schedule with its cron, next and last run; pauses and resumes it', async () => {
    let current = schedule();
    const { api, requests } = fakeApi({
      '/schedules/list': () => ({ status: 200, body: { schedules: [current], next_cursor: null } }),
      '/schedules/pause': () => {
        current = schedule({ status: 'paused', next_run_at: null });
        return { status: 200, body: current };
      },
      '/schedules/resume': () => {
        current = schedule();
        return { status: 200, body: current };
      },
      '/schedules/run': () => ({ status: 200, body: current }),
      '/connectors': connectorList,
    });
    await harness.renderSignedIn(api, <SchedulesPage />);
    expect(requests[0]).toMatchObject({
      path: '/schedules/list',
      body: { namespace_name: 'acme' },
    });
    expect(text()).toContain('handbook · Confluence');
    expect(harness.container.querySelector('[data-testid="schedule-when"]')?.textContent).toBe(
      'every day at 03:00, Europe/Berlin (0 3 * * *)',
    );
    expect(text()).toContain(
      'Site URL: https://acme.atlassian.net/wiki · Space key: ENG · with its stored API token',
    );
    expect(
      harness.container.querySelector('[data-testid="schedule-last-run"]')?.textContent,
    ).toContain('ing_1');
    expect(harness.container.querySelector('[data-testid="schedule-status"]')?.textContent).toBe(
      'active',
    );

    // 02:00 UTC is 03:00 in Berlin: the next run is read in the schedule's zone, named.
    expect(harness.container.querySelector('[data-testid="schedule-next-run"]')?.textContent).toBe(
      `${new Intl.DateTimeFormat(undefined, { timeZone: 'Europe/Berlin', dateStyle: 'medium' }).format(new Date('2026-11-22T02:00:00.000Z'))}, 03:00 Europe/Berlin`,
    );

    act(() => harness.button('Run now')!.click());
    await settle();
    expect(requests.at(-2)).toMatchObject({
      path: '/schedules/run',
      body: { namespace_name: 'acme', collection_name: 'handbook', schedule_id: 'sch_1' },
    });

    act(() => harness.button('Pause')!.click());
    await settle();
    expect(harness.button('Run now')).toBeUndefined();
    expect(requests.at(-2)).toMatchObject({
      path: '/schedules/pause',
      body: { namespace_name: 'acme', collection_name: 'handbook', schedule_id: 'sch_1' },
    });
    expect(harness.container.querySelector('[data-testid="schedule-next-run"]')?.textContent).toBe(
      'none while paused',
    );
    act(() => harness.button('Resume')!.click());
    await settle();
    expect(requests.at(-2)?.path).toBe('/schedules/resume');
    expect(harness.button('Pause')).toBeDefined();
  });

  it('edits when a schedule runs: presets read from its cron, sent to /schedules/update', async () => {
    let current = schedule();
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        code: 'invalid_request',
        detail: 'The schedule is not valid.',
        errors: [{ field: 'cron', message: 'runs more than once an hour' }],
      },
    };
    const { api, requests } = fakeApi({
      '/schedules/list': () => ({ status: 200, body: { schedules: [current], next_cursor: null } }),
      '/schedules/update': (body) => {
        if (answer.status === 200) {
          current = schedule({ cron: String(body.cron), timezone: String(body.timezone) });
          answer = { status: 200, body: current };
        }
        return answer;
      },
      '/connectors': connectorList,
    });
    await harness.renderSignedIn(api, <SchedulesPage />);
    act(() => harness.button('Edit')!.click());
    // While editing, Save and Cancel are the card's only buttons.
    expect(harness.button('Run now')).toBeUndefined();
    expect(harness.button('Save')).toBeDefined();
    const editor = harness.container.querySelector('[data-testid="schedule-editor"]')!;
    const select = (label: string) => labelled<HTMLSelectElement>(editor, label);
    // 0 3 * * * in Berlin is read back as the daily preset at 03:00 in that zone.
    expect(select('Repeat').value).toBe('daily');
    expect(labelled<HTMLInputElement>(editor, 'At').value).toBe('03:00');
    expect(select('Time zone').value).toBe('Europe/Berlin');

    change(select('Repeat'), 'weekly');
    change(select('On'), '1');
    change(labelled<HTMLInputElement>(editor, 'At'), '06:30');
    change(select('Time zone'), 'UTC');
    expect(editor.querySelector('[data-testid="schedule-cron"]')?.textContent).toBe('30 6 * * 1');
    act(() => (editor as HTMLFormElement).requestSubmit());
    await settle();
    expect(requests.at(-1)).toMatchObject({
      path: '/schedules/update',
      body: {
        namespace_name: 'acme',
        collection_name: 'handbook',
        schedule_id: 'sch_1',
        cron: '30 6 * * 1',
        timezone: 'UTC',
      },
    });
    // A refused rule keeps the editor open with the reason.
    expect(editor.querySelector('[role="alert"]')?.textContent).toContain(
      'runs more than once an hour',
    );

    answer = { status: 200, body: null };
    act(() => (editor as HTMLFormElement).requestSubmit());
    await settle();
    expect(harness.container.querySelector('[data-testid="schedule-editor"]')).toBeNull();
    expect(harness.button('Run now')).toBeDefined();
    expect(harness.container.querySelector('[data-testid="schedule-when"]')?.textContent).toBe(
      'every Monday at 06:30, UTC (30 6 * * 1)',
    );
  });

  it('says why a schedule stopped and how its last run failed, without a page error', async () => {
    const { api } = fakeApi({
      '/schedules/list': () => ({
        status: 200,
        body: {
          schedules: [
            schedule({
              status: 'stopped',
              next_run_at: null,
              reason: {
                code: 'source_auth_failed',
                message: 'The source refused the credentials of run ing_2.',
              },
              last_run: {
                ingestion_id: 'ing_2',
                status: 'failed',
                created_at: '2026-11-22T02:00:00.000Z',
                finished_at: '2026-11-22T02:00:01.000Z',
                error: { code: 'source_auth_failed', message: 'Confluence answered 401.' },
              },
            }),
          ],
          next_cursor: null,
        },
      }),
    });
    await harness.renderSignedIn(api, <SchedulesPage />);
    const reason = harness.container.querySelector('[data-testid="schedule-reason"]');
    // Words for people; the code stays for the curious in data-code.
    expect(reason?.textContent).toBe('Stopped: The source refused the credentials of run ing_2.');
    expect(reason?.getAttribute('data-code')).toBe('source_auth_failed');
    expect(
      harness.container.querySelector('[data-testid="schedule-run-error"]')?.textContent,
    ).toContain('Confluence answered 401.');
    expect(alerts()).toHaveLength(0);
  });

  it('says there is nothing yet, and how to start, while the namespace does not exist', async () => {
    const { api } = fakeApi({
      '/schedules/list': () => ({
        status: 404,
        body: { code: 'not_found', detail: 'Namespace acme does not exist.' },
      }),
    });
    await harness.renderSignedIn(api, <SchedulesPage />);
    expect(alerts()).toHaveLength(0);
    expect(harness.container.querySelector('[data-testid="empty-state"]')?.textContent).toMatch(
      /No schedules in acme yet\. To re-sync a source on a schedule, start an ingestion/,
    );
  });

  it('still reports other problems', async () => {
    const { api } = fakeApi({
      '/schedules/list': () => ({
        status: 503,
        body: { code: 'unavailable', detail: 'The database does not answer.' },
      }),
    });
    await harness.renderSignedIn(api, <SchedulesPage />);
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]!.textContent).toContain('The database does not answer.');
  });
});

describe('describeSource', () => {
  it("names what a schedule re-syncs in its connector's words, with which credentials", () => {
    expect(describeSource('PAGES', PAGES, {})).toBe(
      'everything the credentials reach · with your connection',
    );
    expect(describeSource('PAGES', PAGES, { page_ids: ['a', 'b', 'c', 'd'], token: '***' })).toBe(
      'Pages: a, b, c and 1 more · with its stored integration token',
    );
    expect(
      describeSource('WIKI', WIKI, { url: 'https://x', cql: 'label = "a"', attachments: true }),
    ).toBe(
      'Site URL: https://x · CQL query: label = "a" · Also ingest attachments · with your connection',
    );
    // No OAuth: no connection to fall back on, so nothing is said about credentials.
    expect(describeSource('FEED', FEED, { feed_url: 'https://b.test/feed', since_days: 7 })).toBe(
      'Feed URL: https://b.test/feed · Last days: 7',
    );
    // A connector this deployment no longer loads: its fields by name.
    expect(describeSource('OLD', undefined, { url: 'https://y' })).toBe('url: https://y');
  });
});

function labelled<T extends HTMLElement>(root: Element, label: string): T {
  const found = [...root.querySelectorAll('label')].find((l) => l.textContent === label);
  if (!found) throw new Error(`no label ${label}`);
  return root.querySelector<T>(`#${CSS.escape(found.htmlFor)}`)!;
}

/** Sets a field's value as a person would, so React sees the change. */
function change(element: HTMLInputElement | HTMLSelectElement, value: string): void {
  act(() => {
    const proto =
      element instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}
