/**
 * When a schedule runs, as a person picks it: a preset (every hour at a minute, every day at a
 * time, every week on a day at a time) or a cron expression; and the time zone it is read in.
 */
export type Repeat = 'hourly' | 'daily' | 'weekly' | 'custom';

export interface ScheduleRule {
  repeat: Repeat;
  /** The minute past the hour, for `hourly`. */
  minute: number;
  /** `HH:MM`, for `daily` and `weekly`. */
  time: string;
  /** 0 = Sunday … 6 = Saturday (cron's numbering), for `weekly`. */
  weekday: number;
  /** The expression itself, for `custom`. */
  cron: string;
  timezone: string;
}

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The cron expression the rule stands for. */
export function cronOf(rule: ScheduleRule): string {
  const [hour, minute] = hourMinuteOf(rule.time);
  switch (rule.repeat) {
    case 'hourly':
      return `${clamp(rule.minute, 0, 59)} * * * *`;
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${clamp(rule.weekday, 0, 6)}`;
    case 'custom':
      return rule.cron.trim().replace(/\s+/g, ' ');
  }
}

/**
 * The rule for a cron expression and zone: the preset it matches (plain numbers in the minute,
 * hour and day-of-week fields), otherwise `custom` with the expression as it is.
 */
export function ruleOf(cron: string, timezone: string): ScheduleRule {
  const rule: ScheduleRule = {
    repeat: 'custom',
    minute: 0,
    time: '03:00',
    weekday: 1,
    cron: cron.trim(),
    timezone,
  };
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return rule;
  const [m, h, dom, month, dow] = parts as [string, string, string, string, string];
  const minute = plainNumber(m, 59);
  if (minute === null || dom !== '*' || month !== '*') return rule;
  if (h === '*' && dow === '*') return { ...rule, repeat: 'hourly', minute };
  const hour = plainNumber(h, 23);
  if (hour === null) return rule;
  const time = `${pad(hour)}:${pad(minute)}`;
  if (dow === '*') return { ...rule, repeat: 'daily', time };
  const weekday = plainNumber(dow, 7);
  if (weekday === null) return rule;
  return { ...rule, repeat: 'weekly', time, weekday: weekday % 7 };
}

/** Nightly at 03:00 in the browser's time zone, until the person says otherwise. */
export function defaultRule(): ScheduleRule {
  return ruleOf('0 3 * * *', browserTimeZone());
}

/** The rule in words: "every day at 03:00". */
export function describeRule(rule: ScheduleRule): string {
  switch (rule.repeat) {
    case 'hourly':
      return `every hour at minute ${clamp(rule.minute, 0, 59)}`;
    case 'daily':
      return `every day at ${rule.time}`;
    case 'weekly':
      return `every ${WEEKDAYS[clamp(rule.weekday, 0, 6)]} at ${rule.time}`;
    case 'custom':
      return `cron ${rule.cron.trim()}`;
  }
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // An engine without time zone data.
    return 'UTC';
  }
}

/**
 * The zones to offer: the browser's first, then UTC, then every zone the engine knows; a
 * current value the engine does not list (an alias such as `US/Pacific`) is kept.
 */
export function timeZoneChoices(current: string): string[] {
  const known = supportedTimeZones();
  const first = [browserTimeZone(), 'UTC', current].filter((z) => z !== '');
  return [...new Set([...first, ...known])];
}

let knownZones: readonly string[] | null = null;

/** The zones the engine knows (read once: the list does not change while the page is open). */
export function supportedTimeZones(): readonly string[] {
  if (knownZones) return knownZones;
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  try {
    knownZones = intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    knownZones = [];
  }
  return knownZones;
}

function hourMinuteOf(time: string): [number, number] {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return [3, 0];
  return [clamp(Number(match[1]), 0, 23), clamp(Number(match[2]), 0, 59)];
}

function plainNumber(text: string, max: number): number | null {
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

function clamp(n: number, min: number, max: number): number {
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : min;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
