import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Schedule } from '../src/api/wire-types';
import { SchedulesPage } from '../src/pages/schedules-page';
import { describeSource } from '../src/schedules/schedule-source';
import { PageHarness, fakeApi, settle } from './page-harness';

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
    });
    await harness.renderSignedIn(api, <SchedulesPage />);
    expect(requests[0]).toMatchObject({
      path: '/schedules/list',
      body: { namespace_name: 'acme' },
    });
    expect(text()).toContain('handbook');
    expect(text()).toContain('0 3 * * * (Europe/Berlin)');
    expect(text()).toContain('https://acme.atlassian.net/wiki · space ENG · with its stored token');
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
    expect(harness.container.querySelector('[data-testid="schedule-reason"]')?.textContent).toBe(
      'Stopped: source_auth_failed The source refused the credentials of run ing_2.',
    );
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
  it('names what each source type re-syncs and with which credentials', () => {
    expect(describeSource('DRIVE', {})).toBe('the whole drive · with your connection');
    expect(describeSource('DRIVE', { folder_name: 'Handbook', token: '***' })).toBe(
      'folders named Handbook · with its stored token',
    );
    expect(describeSource('PAGES', { page_ids: ['a'] })).toBe(
      '1 page and their children · with your connection',
    );
    expect(describeSource('WIKI', { url: 'https://x', cql: 'label = "a"' })).toBe(
      'https://x · CQL label = "a" · with your connection',
    );
  });
});
