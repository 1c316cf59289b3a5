import { describe, expect, it } from 'vitest';
import { defaultSchedule, scheduleOf } from '../src/schedules/schedule-fields';
import {
  browserTimeZone,
  cronOf,
  describeRule,
  ruleOf,
  timeZoneChoices,
} from '../src/schedules/schedule-rule';

describe('schedule rules', () => {
  it('turns each preset into its cron expression', () => {
    const rule = ruleOf('0 3 * * *', 'Europe/Berlin');
    expect(cronOf({ ...rule, repeat: 'hourly', minute: 15 })).toBe('15 * * * *');
    expect(cronOf({ ...rule, repeat: 'daily', time: '07:05' })).toBe('5 7 * * *');
    expect(cronOf({ ...rule, repeat: 'weekly', time: '18:30', weekday: 5 })).toBe('30 18 * * 5');
    expect(cronOf({ ...rule, repeat: 'custom', cron: '  0  9 * * 1-5 ' })).toBe('0 9 * * 1-5');
  });

  it('reads a cron expression back as the preset it matches, otherwise as custom', () => {
    expect(ruleOf('15 * * * *', 'UTC')).toMatchObject({ repeat: 'hourly', minute: 15 });
    expect(ruleOf('0 3 * * *', 'UTC')).toMatchObject({ repeat: 'daily', time: '03:00' });
    expect(ruleOf('30 6 * * 1', 'UTC')).toMatchObject({
      repeat: 'weekly',
      time: '06:30',
      weekday: 1,
    });
    // Sunday may be written 7.
    expect(ruleOf('0 8 * * 7', 'UTC')).toMatchObject({ repeat: 'weekly', weekday: 0 });
    for (const cron of ['0 9 * * 1-5', '0 */2 * * *', '0 3 1 * *', '0 3 * * * *']) {
      expect(ruleOf(cron, 'UTC')).toMatchObject({ repeat: 'custom', cron });
    }
    for (const cron of ['15 * * * *', '0 3 * * *', '30 6 * * 1', '0 9 * * 1-5']) {
      expect(cronOf(ruleOf(cron, 'UTC'))).toBe(cron);
    }
    expect(describeRule(ruleOf('30 6 * * 1', 'UTC'))).toBe('every Monday at 06:30');
    expect(describeRule(ruleOf('5 * * * *', 'UTC'))).toBe('every hour at minute 5');
  });

  it("offers every zone the engine knows, the browser's first, and keeps an unlisted one", () => {
    const zones = timeZoneChoices('US/Pacific');
    expect(zones[0]).toBe(browserTimeZone());
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('US/Pacific');
    expect(zones.length).toBeGreaterThan(300);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('sends a schedule only when the box is ticked', () => {
    const state = defaultSchedule();
    expect(state.rule).toMatchObject({ repeat: 'daily', time: '03:00' });
    expect(scheduleOf(state)).toBeNull();
    expect(scheduleOf({ ...state, enabled: true })).toEqual({
      cron: '0 3 * * *',
      timezone: browserTimeZone(),
    });
  });
});
