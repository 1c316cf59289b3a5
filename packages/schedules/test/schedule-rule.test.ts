import { InvalidRequestError } from '@docent/domain-errors';
import { ScheduleRule } from '../src';

/** The first `count` runs after `from`, as ISO strings. */
function runs(rule: ScheduleRule, from: string, count: number): string[] {
  const out: string[] = [];
  let at = new Date(from);
  for (let i = 0; i < count; i++) {
    at = rule.nextAfter(at);
    out.push(at.toISOString());
  }
  return out;
}

function refusal(input: { cron: string; timezone?: string | null }) {
  try {
    ScheduleRule.parse(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError);
    return (error as InvalidRequestError).errors;
  }
  throw new Error(`${input.cron} was accepted`);
}

describe('ScheduleRule', () => {
  it('reads a daily cron in its time zone, UTC by default', () => {
    const berlin = ScheduleRule.parse({ cron: '0 3 * * *', timezone: 'Europe/Berlin' });
    expect(berlin.timezone).toBe('Europe/Berlin');
    // 03:00 in Berlin is 02:00 UTC in winter (CET) and 01:00 UTC in summer (CEST).
    expect(runs(berlin, '2026-01-10T12:00:00Z', 2)).toEqual([
      '2026-01-11T02:00:00.000Z',
      '2026-01-12T02:00:00.000Z',
    ]);
    expect(runs(berlin, '2026-07-10T12:00:00Z', 1)).toEqual(['2026-07-11T01:00:00.000Z']);
    const utc = ScheduleRule.parse({ cron: '0 3 * * *' });
    expect(utc.timezone).toBe('UTC');
    expect(runs(utc, '2026-07-10T12:00:00Z', 1)).toEqual(['2026-07-11T03:00:00.000Z']);
    expect(ScheduleRule.parse({ cron: '0 3 * * *', timezone: null }).timezone).toBe('UTC');
  });

  it('gives the first run strictly after the instant, even one that is a run itself', () => {
    const hourly = ScheduleRule.parse({ cron: '15 * * * *' });
    expect(hourly.nextAfter(new Date('2026-05-01T10:15:00.000Z')).toISOString()).toBe(
      '2026-05-01T11:15:00.000Z',
    );
    expect(hourly.nextAfter(new Date('2026-05-01T10:14:59.999Z')).toISOString()).toBe(
      '2026-05-01T10:15:00.000Z',
    );
  });

  it('accepts hourly and slower schedules, aliases and day names', () => {
    for (const cron of [
      '0 * * * *',
      '59 */2 * * *',
      '30 2 * * 1-5',
      '0 9 * * MON,THU',
      '0 0 1 * *',
      '0 6 * JAN,JUL *',
      '@hourly',
      '@daily',
      '@weekly',
      '  0   3 * * *  ',
    ]) {
      expect(ScheduleRule.parse({ cron }).cron).toBe(cron.trim().replace(/\s+/g, ' '));
    }
  });

  it('refuses a schedule more frequent than hourly, naming the field and the minutes', () => {
    expect(refusal({ cron: '*/30 * * * *' })).toEqual([
      {
        field: 'schedule.cron',
        message: expect.stringMatching(/more than once an hour \(minutes 0, 30 of each hour\)/),
      },
    ]);
    expect(refusal({ cron: '* * * * *' })[0]!.message).toMatch(/60 minutes of each hour/);
    expect(refusal({ cron: '0,15 3 * * *' })[0]!.message).toMatch(/minutes 0, 15/);
    expect(refusal({ cron: '0-5 * * * *' })[0]!.field).toBe('schedule.cron');
    expect(refusal({ cron: '@minutely' })[0]!.field).toBe('schedule.cron');
  });

  it('refuses malformed expressions and unknown time zones with field errors', () => {
    expect(refusal({ cron: '0 3 * *' })[0]!.message).toMatch(/five fields.*not 4/);
    expect(refusal({ cron: '0 0 3 * * *' })[0]!.message).toMatch(/not 6/);
    expect(refusal({ cron: '61 * * * *' })[0]!.message).toMatch(/not a valid cron.*61/);
    expect(refusal({ cron: 'every day' })[0]!.message).toMatch(/five fields/);
    expect(refusal({ cron: '0 3 30 2 *' })[0]!.message).toMatch(/not a valid cron/);
    expect(refusal({ cron: 'H 3 * * *' })[0]!.message).toMatch(/H \(a hashed value\)/);
    expect(refusal({ cron: '0 3 * * *', timezone: 'Mars/Olympus' })).toEqual([
      { field: 'schedule.timezone', message: expect.stringContaining('"Mars/Olympus"') },
    ]);
    // Both at once are both reported.
    expect(refusal({ cron: '* * * * *', timezone: 'Nowhere' }).map((e) => e.field)).toEqual([
      'schedule.timezone',
      'schedule.cron',
    ]);
  });

  describe('daylight-saving time', () => {
    // Europe/Berlin: clocks go 02:00 → 03:00 on 2026-03-29 and 03:00 → 02:00 on 2026-10-25.
    const berlin = (cron: string) => ScheduleRule.parse({ cron, timezone: 'Europe/Berlin' });

    it('runs a daily job whose time is skipped in spring once, just after the gap', () => {
      expect(runs(berlin('30 2 * * *'), '2026-03-27T12:00:00Z', 4)).toEqual([
        '2026-03-28T01:30:00.000Z', // 02:30 CET
        '2026-03-29T01:30:00.000Z', // 02:30 does not exist: 03:30 CEST
        '2026-03-30T00:30:00.000Z', // 02:30 CEST
        '2026-03-31T00:30:00.000Z',
      ]);
    });

    it('runs a daily job whose time repeats in autumn once, not twice', () => {
      expect(runs(berlin('30 2 * * *'), '2026-10-23T12:00:00Z', 4)).toEqual([
        '2026-10-24T00:30:00.000Z', // 02:30 CEST
        '2026-10-25T00:30:00.000Z', // the first 02:30 (CEST) only
        '2026-10-26T01:30:00.000Z', // 02:30 CET
        '2026-10-27T01:30:00.000Z',
      ]);
    });

    it('keeps an hourly job hourly across both transitions: never two runs within an hour', () => {
      const spring = runs(berlin('0 * * * *'), '2026-03-28T23:30:00Z', 6);
      const autumn = runs(berlin('0 * * * *'), '2026-10-24T22:30:00Z', 6);
      for (const list of [spring, autumn]) {
        for (let i = 1; i < list.length; i++) {
          expect(Date.parse(list[i]!) - Date.parse(list[i - 1]!)).toBe(3_600_000);
        }
      }
      // In autumn 02:00 comes twice, an hour apart (CEST, then CET): both are hourly runs.
      expect(autumn.slice(0, 4)).toEqual([
        '2026-10-24T23:00:00.000Z',
        '2026-10-25T00:00:00.000Z',
        '2026-10-25T01:00:00.000Z',
        '2026-10-25T02:00:00.000Z',
      ]);
    });

    it('follows the other hemisphere and other dates (America/New_York, Australia/Sydney)', () => {
      // New York springs forward on 2026-03-08 at 02:00: 02:15 is skipped, 03:15 EDT instead.
      const ny = ScheduleRule.parse({ cron: '15 2 * * *', timezone: 'America/New_York' });
      expect(runs(ny, '2026-03-07T12:00:00Z', 3)).toEqual([
        '2026-03-08T07:15:00.000Z',
        '2026-03-09T06:15:00.000Z',
        '2026-03-10T06:15:00.000Z',
      ]);
      // Sydney moves back from AEDT (+11) to AEST (+10) on 2026-04-05.
      const sydney = ScheduleRule.parse({ cron: '0 9 * * *', timezone: 'Australia/Sydney' });
      expect(runs(sydney, '2026-04-03T12:00:00Z', 3)).toEqual([
        '2026-04-03T22:00:00.000Z',
        '2026-04-04T23:00:00.000Z',
        '2026-04-05T23:00:00.000Z',
      ]);
    });
  });
});
