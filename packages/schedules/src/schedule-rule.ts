import { CronExpressionParser } from 'cron-parser';
import { InvalidRequestError, type FieldProblem } from '@docent/domain-errors';

/** A schedule as clients give it. */
export interface ScheduleRuleInput {
  cron: string;
  /** IANA time zone the cron is read in; default UTC. */
  timezone?: string | null;
}

export const DEFAULT_TIMEZONE = 'UTC';

/**
 * When a schedule runs: a five-field cron expression (or an `@daily`-style alias) read in an
 * IANA time zone, daylight-saving shifts included. A schedule re-syncs at most hourly, so the
 * expression must name one minute (and no seconds): then no clock hour has two runs.
 */
export class ScheduleRule {
  private constructor(
    readonly cron: string,
    readonly timezone: string,
  ) {}

  /**
   * The rule, or `400 invalid_request` naming `<field>.cron` or `<field>.timezone` (`cron`,
   * `timezone` with no field).
   */
  static parse(input: ScheduleRuleInput, field = 'schedule'): ScheduleRule {
    const named = (name: string) => (field ? `${field}.${name}` : name);
    const cron = input.cron.trim().replace(/\s+/g, ' ');
    const timezone = input.timezone?.trim() || DEFAULT_TIMEZONE;
    const problems: FieldProblem[] = [];
    if (!isTimeZone(timezone)) {
      problems.push({
        field: named('timezone'),
        message: `"${timezone}" is not an IANA time zone (e.g. "Europe/Berlin", "America/New_York", "UTC")`,
      });
    }
    const cronProblem = checkCron(cron, problems.length === 0 ? timezone : DEFAULT_TIMEZONE);
    if (cronProblem) problems.push({ field: named('cron'), message: cronProblem });
    if (problems.length > 0) throw new InvalidRequestError('The schedule is not valid.', problems);
    return new ScheduleRule(cron, timezone);
  }

  /** The first run strictly after `date`. */
  nextAfter(date: Date): Date {
    return CronExpressionParser.parse(this.cron, { currentDate: date, tz: this.timezone })
      .next()
      .toDate();
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Why the expression is refused, or null. */
function checkCron(cron: string, timezone: string): string | null {
  const fields = cron.split(' ');
  if (!cron.startsWith('@') && fields.length !== 5) {
    return `give five fields, "minute hour day-of-month month day-of-week" (e.g. "0 3 * * *"), not ${fields.length}`;
  }
  // Hashed values would draw a different minute at every parse.
  if (fields.some((f) => /(^|,)H(?=$|[(/,])/i.test(f))) {
    return 'H (a hashed value) is not supported: give the minute itself, e.g. "17 3 * * *"';
  }
  let expression;
  try {
    expression = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(0) });
    expression.next();
  } catch (error) {
    return `not a valid cron expression: ${error instanceof Error ? error.message : String(error)}`;
  }
  const minutes = expression.fields.minute.values;
  if (expression.fields.second.values.length !== 1 || minutes.length !== 1) {
    const shown =
      minutes.length > 6 ? `${minutes.length} minutes` : `minutes ${minutes.join(', ')}`;
    return `runs more than once an hour (${shown} of each hour): Docent re-syncs at most hourly, so give one minute, e.g. "0 * * * *" (hourly) or "0 3 * * *" (daily at 03:00)`;
  }
  return null;
}
