import nock from 'nock';
import { createSourceHttpClient, type PlannedRetry } from '../src';
import { fakeClock } from './fake-clock';
import { withNockOnly } from '../src/testing';

const API = 'https://api.example.com';

withNockOnly(nock);

describe('per-request pacing', () => {
  it('waits for a turn before every attempt, and lets the pacer take over a wait', async () => {
    const clock = fakeClock();
    const client = createSourceHttpClient({
      allowPrivateNetwork: false,
      sleep: clock.sleep,
      now: clock.now,
      random: () => 0.5,
    });
    nock(API)
      .get('/x')
      .reply(429, '', { 'retry-after': '2' })
      .get('/x')
      .reply(429, '', { 'retry-after': '3' })
      .get('/x')
      .reply(200, 'ok');
    const turns: number[] = [];
    const planned: PlannedRetry[] = [];
    const response = await client.request({
      url: `${API}/x`,
      pacing: {
        beforeAttempt: async () => {
          turns.push(clock.now());
        },
        // The first throttle is the pacer's to wait out (it returns 0); later ones the client's.
        retryDelay: (retry) => {
          planned.push(retry);
          return retry.attempt === 1 ? 0 : retry.delayMs;
        },
      },
    });
    expect(response.status).toBe(200);
    expect(turns).toHaveLength(3);
    expect(planned.map(({ attempt, status, delayMs }) => ({ attempt, status, delayMs }))).toEqual([
      { attempt: 1, status: 429, delayMs: 2000 },
      { attempt: 2, status: 429, delayMs: 3000 },
    ]);
    expect(planned[0]!.headers?.['retry-after']).toBe('2');
    // A wait of 0 is no sleep at all.
    expect(clock.sleeps).toEqual([3000]);
  });

  it('gives up on the budget it planned, whatever the pacer makes of the wait', async () => {
    const clock = fakeClock();
    const client = createSourceHttpClient({
      allowPrivateNetwork: false,
      sleep: clock.sleep,
      now: clock.now,
      retry: { maxAttempts: 2 },
    });
    nock(API).get('/x').times(2).reply(503, 'down');
    const response = await client.request({
      url: `${API}/x`,
      pacing: { beforeAttempt: async () => undefined, retryDelay: () => 0 },
    });
    expect(response.status).toBe(503);
    expect(clock.sleeps).toEqual([]);
  });
});
