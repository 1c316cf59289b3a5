import { readFileSync } from 'node:fs';

/**
 * For tests only (`DOCENT_TEST_CLOCK_FILE`): the schedules' time is whatever ISO date-time the
 * file holds when asked, so a test moves every process's clock by rewriting one file instead
 * of waiting an hour.
 */
export function fileClock(path: string): () => Date {
  return () => {
    const text = readFileSync(path, 'utf8').trim();
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) {
      throw new Error(`DOCENT_TEST_CLOCK_FILE (${path}) does not hold an ISO date-time`);
    }
    return date;
  };
}
