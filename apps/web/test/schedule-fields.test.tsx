import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IngestionForm } from '../src/ingestions/ingestion-form';
import { defaultSchedule, scheduleOf } from '../src/schedules/schedule-fields';
import { PageHarness, fakeApi, settle } from './page-harness';

describe('scheduleOf', () => {
  it('sends a schedule only when the box is ticked', () => {
    const state = { enabled: false, cron: ' 0 3 * * * ', timezone: 'Europe/Berlin ' };
    expect(scheduleOf(state)).toBeNull();
    expect(scheduleOf({ ...state, enabled: true })).toEqual({
      cron: '0 3 * * *',
      timezone: 'Europe/Berlin',
    });
    expect(defaultSchedule()).toMatchObject({ enabled: false, cron: '0 3 * * *' });
    expect(defaultSchedule().timezone).not.toBe('');
  });
});

describe('IngestionForm with a schedule', () => {
  let harness: PageHarness;

  beforeEach(() => {
    harness = new PageHarness();
  });
  afterEach(() => harness.unmount());

  function type(label: string, value: string): void {
    const field = [...harness.container.querySelectorAll('label')].find(
      (l) => l.textContent === label,
    );
    const input = harness.container.querySelector<HTMLInputElement>(
      `#${CSS.escape(field!.htmlFor)}`,
    )!;
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  it('sends the cron and time zone, and shows the field error of a refused one', async () => {
    let answer = {
      status: 400,
      body: {
        code: 'invalid_request',
        detail: 'The schedule is not valid.',
        errors: [{ field: 'schedule.cron', message: 'runs more than once an hour' }],
      },
    };
    const { api, requests } = fakeApi({ '/docs/create_ingestion': () => answer });
    await harness.renderSignedIn(
      api,
      <IngestionForm namespace="acme" connections={[]} onStarted={() => undefined} />,
    );
    type('Collection', 'notes');
    type('Token (optional)', 'ntn_secret');
    const box = harness.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    act(() => box.click());
    type('Cron', '*/10 * * * *');
    type('Time zone', 'Europe/Berlin');
    const form = harness.container.querySelector('form')!;
    act(() => form.requestSubmit());
    await settle();
    expect(requests.at(-1)?.body).toEqual({
      namespace_name: 'acme',
      collection_name: 'notes',
      type: 'PAGES',
      spec: { token: 'ntn_secret' },
      schedule: { cron: '*/10 * * * *', timezone: 'Europe/Berlin' },
    });
    expect(harness.container.querySelector('[role="alert"]')?.textContent).toContain(
      'schedule.cron runs more than once an hour',
    );

    answer = { status: 200, body: { ingestion_id: 'ing_1', schedule_id: 'sch_1' } } as never;
    type('Cron', '0 * * * *');
    type('Token (optional)', 'ntn_secret');
    act(() => form.requestSubmit());
    await settle();
    expect(harness.container.querySelector('[role="status"]')?.textContent).toBe(
      'Ingestion into notes started; it re-runs on its schedule (see Schedules).',
    );
  });
});
